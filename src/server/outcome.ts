/** The result of a write that the rules may refuse; routes turn refusals into 404, 403 or 400. */
export type WriteOutcome<T = undefined> =
  | { ok: true; value: T }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'forbidden' | 'invalid'; message: string };
