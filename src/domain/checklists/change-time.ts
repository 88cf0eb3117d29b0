import { z } from 'zod';
import { MAX_CHANGE_AGE_MS } from './change-age';

/**
 * A tick, an untick or a Start again may reach the server late: made on a device without a
 * connection and sent when it came back. The device says how long ago it was made (`ago`, in
 * milliseconds by its own clock, which needs no agreement between the device's clock and the
 * server's), and the server dates the change by it, so that of two changes to one item the later
 * one stands whichever arrives last, and a change made before a Start again (its run since
 * closed) is left out. A change older than MAX_CHANGE_AGE_MS is refused: a device keeps its
 * waiting changes that long and no longer.
 * (The limit lives in change-age.ts, without zod, for the device's queue.)
 */
export { MAX_CHANGE_AGE_MS };

export const changeTimeMessages = {
  tooOld: 'This change was made more than 30 days ago, so it was not saved.',
} as const;

export const changeTimeQuerySchema = z.object({
  /** How many milliseconds ago the change was made (none: now). */
  ago: z.coerce.number().int().min(0).max(MAX_CHANGE_AGE_MS, { error: changeTimeMessages.tooOld }).optional(),
  /**
   * Start again only: the device's own id for it, so that a Start again sent twice (its answer
   * lost on the way) closes one run, not two.
   */
  key: z.guid().optional(),
});
export type ChangeTime = z.infer<typeof changeTimeQuerySchema>;
