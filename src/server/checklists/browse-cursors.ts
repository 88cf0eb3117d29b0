import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  decodeBrowseCursor,
  encodeBrowseCursor,
  type BrowseCursor,
  type BrowseQuery,
} from '@/domain/checklists/browse';

/**
 * Browse's cursors, signed (decision 018). A search's cursor carries what its first page counted
 * (`SearchState`), so Load more does not count the matches again; one of those facts decides how
 * Best match's tiers are read, and a forged one could make a page read every public list. So the
 * server signs each cursor with its secret (AUTH_SECRET, shared by every process), for the search
 * it belongs to: a cursor changed by a client, or sent with another search, tag or order, is not
 * ours and is refused like any other.
 */
export type BrowseCursors = {
  /** The text of `cursor`, the page after one of `query`'s. */
  encode: (cursor: BrowseCursor, query: BrowseQuery) => string;
  /** The cursor in `text` if this server made it for this same `query`; null otherwise. */
  decode: (text: string, query: BrowseQuery) => BrowseCursor | null;
};

/** 128 bits of HMAC-SHA-256: enough that a signature cannot be guessed. */
const SIGNATURE_BYTES = 16;

export function createBrowseCursors(secret: string): BrowseCursors {
  // A key of its own, so a signature here can never stand for one made elsewhere with the secret.
  const key = createHmac('sha256', secret).update('ticklist browse cursor').digest();
  const sign = (payload: string, query: BrowseQuery) =>
    createHmac('sha256', key)
      .update(JSON.stringify([payload, query.q, query.tag, query.order]))
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  return {
    encode(cursor, query) {
      const payload = encodeBrowseCursor(cursor);
      return `${payload}.${sign(payload, query).toString('base64url')}`;
    },
    decode(text, query) {
      const [payload, signature, ...rest] = text.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload, query);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return decodeBrowseCursor(payload, query.order);
    },
  };
}
