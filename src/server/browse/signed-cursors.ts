import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BROWSE_CURSOR_MAX_LENGTH,
  decodeBrowseCursor,
  encodeBrowseCursor,
  type BrowseCursor,
  type BrowseQuery,
} from '@/domain/checklists/browse';

/**
 * Browse's cursors, signed (decision 018). A search's cursor carries what its first page counted
 * (`SearchState`), so Load more does not count the matches again, and in Best match the tsqueries
 * its tiers are read with (`BestMatchWords`), so it does not compute them again either (decision
 * 031 "Later"). One of those facts decides how Best match's tiers are read, and a forged one
 * could make a page read every public list. So the
 * server signs each cursor with its secret (AUTH_SECRET, shared by every process), for the search
 * it belongs to and the minute it was made: a cursor changed by a client, or sent with another
 * search, tag or order, is not ours and is refused like any other. What a search counted goes
 * stale as lists come and go, so after `SEARCH_STATE_MS` a cursor still pages, but its search
 * state and words are dropped and that page counts again (and hands out fresh ones).
 *
 * The text is `<payload>.<minute made>.<signature>`: the payload base64url JSON (`encodeBrowseCursor`),
 * the signature 128 bits of HMAC-SHA-256 in base64url, written one way only.
 */
export type BrowseCursors = {
  /** The text of `cursor`, the page after one of `query`'s; null if it would be too long to send back. */
  encode: (cursor: BrowseCursor, query: BrowseQuery) => string | null;
  /** The cursor in `text` if this server made it for this same `query`; null otherwise. */
  decode: (text: string, query: BrowseQuery) => BrowseCursor | null;
};

/** How long a cursor's search state (decision 018) is taken as the search's count. */
export const SEARCH_STATE_MS = 30 * 60_000;
const SIGNATURE_BYTES = 16;
const signaturePattern = /^[A-Za-z0-9_-]{22}$/;
const minutePattern = /^\d{1,10}$/;

export function createBrowseCursors(secret: string, now: () => number = Date.now): BrowseCursors {
  // A key of its own (and of this cursor format), so no other signature made with the secret, nor
  // a cursor of an earlier format, can pass for one of these.
  const key = createHmac('sha256', secret).update('ticklist browse cursor v1').digest();
  const sign = (payload: string, minute: string, query: BrowseQuery) =>
    createHmac('sha256', key)
      .update(JSON.stringify([payload, minute, query.q, query.tag, query.order]))
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  return {
    encode(cursor, query) {
      const payload = encodeBrowseCursor(cursor);
      const minute = String(Math.floor(now() / 60_000));
      const text = `${payload}.${minute}.${sign(payload, minute, query).toString('base64url')}`;
      return text.length <= BROWSE_CURSOR_MAX_LENGTH ? text : null;
    },
    decode(text, query) {
      if (text.length > BROWSE_CURSOR_MAX_LENGTH) return null;
      const [payload, minute, signature, ...rest] = text.split('.');
      if (!payload || !minute || !signature || rest.length > 0) return null;
      if (!minutePattern.test(minute) || !signaturePattern.test(signature)) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload, minute, query);
      // The pattern leaves 22 characters, 16 bytes, but the last character holds 4 bits the
      // decoding drops: compared as text, one signature has one spelling.
      if (!timingSafeEqual(given, expected) || expected.toString('base64url') !== signature) return null;
      const cursor = decodeBrowseCursor(payload, query.order);
      if (!cursor?.s || now() - Number(minute) * 60_000 < SEARCH_STATE_MS) return cursor;
      const { s: _stale, q: _words, ...withoutState } = cursor as BrowseCursor & { q?: unknown };
      return withoutState as BrowseCursor;
    },
  };
}
