import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { checklists, staffPicks } from '../db/schema';

export const staffPickUsage = 'Usage: npm run staff-pick -- <checklist id> [--remove]';

export const staffPickMessages = {
  picked: (title: string, id: string) => `"${title}" (${id}) is now a staff pick, shown first.`,
  removed: (title: string, id: string) => `"${title}" (${id}) is no longer a staff pick.`,
  wasNotPicked: (title: string, id: string) => `"${title}" (${id}) was not a staff pick; nothing changed.`,
  unknown: (id: string) => `No checklist has the id ${id}.`,
  // Private or unlisted (decision 024): neither is listed, so neither can be picked.
  notPublic: (title: string, id: string) =>
    `"${title}" (${id}) is not public; only public checklists can be staff picks. Nothing changed.`,
} as const;

export type StaffPickOutcome = { ok: boolean; message: string };

/**
 * Flags a public checklist as a staff pick (again: it then shows first), or removes the flag.
 * A private, unlisted or unknown list is refused. Removing works on a list made private since it was picked.
 */
export async function setStaffPick(db: Executor, checklistId: string, isPicked: boolean): Promise<StaffPickOutcome> {
  const [list] = isUuid(checklistId)
    ? await db
        .select({ id: checklists.id, title: checklists.title, isPublic: checklists.isPublic })
        .from(checklists)
        .where(eq(checklists.id, checklistId))
    : [];
  if (!list) return { ok: false, message: staffPickMessages.unknown(checklistId) };

  if (!isPicked) {
    const removed = await db.delete(staffPicks).where(eq(staffPicks.checklistId, list.id)).returning();
    const message = removed.length > 0 ? staffPickMessages.removed : staffPickMessages.wasNotPicked;
    return { ok: true, message: message(list.title, list.id) };
  }
  // The public check sits in the insert itself, so a list made private meanwhile is not flagged.
  const inserted = await db.execute(sql`
    insert into staff_picks (checklist_id)
    select id from checklists where id = ${list.id} and is_public
    on conflict (checklist_id) do update set picked_at = now()
    returning checklist_id`);
  if (inserted.rows.length === 0) return { ok: false, message: staffPickMessages.notPublic(list.title, list.id) };
  return { ok: true, message: staffPickMessages.picked(list.title, list.id) };
}

/** `npm run staff-pick -- <checklist id> [--remove]`: the arguments, or the usage text. */
export function parseStaffPickArgs(args: readonly string[]): { checklistId: string; isPicked: boolean } | null {
  const flags = args.filter((arg) => arg.startsWith('-'));
  const ids = args.filter((arg) => !arg.startsWith('-'));
  if (ids.length !== 1 || flags.some((flag) => flag !== '--remove')) return null;
  return { checklistId: ids[0]!.trim(), isPicked: !flags.includes('--remove') };
}
