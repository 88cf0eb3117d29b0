/** The result of a write that the rules may refuse; routes turn refusals into 404, 403 or 400. */
export type WriteOutcome<T = undefined> =
  | { ok: true; value: T }
  | { ok: false; reason: 'not_found'; hidden?: Hidden }
  | { ok: false; reason: 'forbidden' | 'invalid'; message: string };

/** What a 404 hid: a thing that exists but is private to someone else (logged, never in the response). */
export type Hidden = { resource: 'checklist'; id: string };
