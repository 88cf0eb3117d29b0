import { CACHED_AT_HEADER } from '../../../domain/offline';

/**
 * The copy of a list's detail to store on the device: the response as it came, with the time it
 * was stored in `x-ticklist-cached-at`, so a page served from the device can say how old its copy
 * is. Only a success is stored: an error or a redirect must never stand in for a list.
 */
export async function stampedForCache(response: Response, now: Date): Promise<Response | null> {
  if (response.status !== 200) return null;
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, now.toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** When a detail response was stored on the device, or null for a response from the network. */
export function cachedAtOf(response: Response): string | null {
  return response.headers.get(CACHED_AT_HEADER);
}
