import { z } from 'zod';

/** What the client sees of the signed-in user's own profile. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  username: z.string(),
  profileName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isPublic: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** Spec §2.2: the user menu is headed "Hi, {profile name or User}!". */
export function greetingName(profileName: string | null | undefined): string {
  const name = profileName?.trim();
  return name ? name : 'User';
}
