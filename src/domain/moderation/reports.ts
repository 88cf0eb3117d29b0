import { z } from 'zod';
import { MAX_REPORT_NOTE_LENGTH, REPORT_REASONS, REPORT_TARGET_TYPES, reportMessages } from './report-rules';

// Reports (decision 048): a signed-in user reports a public list, a comment or a profile they can
// see, with a reason and an optional note. One open report per person per thing: reporting again
// rewrites it.

export * from './report-rules';

export const reportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  /** A list's or comment's id, or a profile's username. */
  targetId: z.string().trim().min(1).max(200),
  reason: z.enum(REPORT_REASONS, { error: reportMessages.reasonRequired }),
  note: z.string().trim().max(MAX_REPORT_NOTE_LENGTH, reportMessages.noteTooLong).default(''),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportResultSchema = z.object({ message: z.literal(reportMessages.thanks) });

/**
 * The thing as it was when a case was opened, kept in the case so a moderator judges what was
 * reported even if its author has changed or deleted it since.
 */
export const reportSnapshotSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('checklist'),
    title: z.string(),
    description: z.string(),
    visibility: z.enum(['public', 'unlisted', 'private']),
    tags: z.array(z.string()),
    entries: z.array(z.object({ kind: z.enum(['item', 'heading']), content: z.string(), note: z.string() })),
  }),
  z.object({
    type: z.literal('comment'),
    content: z.string(),
    checklist: z.object({ id: z.string(), title: z.string() }),
  }),
  z.object({
    type: z.literal('profile'),
    username: z.string(),
    profileName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
]);
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;
