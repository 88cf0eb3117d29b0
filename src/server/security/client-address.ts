import { isIP } from 'node:net';
import { unmapped, type TrustedProxies } from '../trusted-proxies';

// Who the client is, behind proxies we trust and no others.

export { parseTrustedProxies, type TrustedProxies } from '../trusted-proxies';

function isTrusted(trusted: TrustedProxies, address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  return family !== 0 && trusted.list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address. The socket's peer, unless it is a trusted proxy: then X-Forwarded-For is
 * read from the right (each proxy appends the address it saw), skipping trusted hops, and the
 * first untrusted one is the client. A forged entry to the left of it is never reached. Without
 * TRUSTED_PROXIES the header is ignored: anyone can write it.
 */
export function resolveClientAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  if (trusted.isEmpty || !isTrusted(trusted, socketAddress) || !forwardedFor) return unmapped(socketAddress);
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  let client = unmapped(socketAddress);
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = unmapped(hops[index]!);
    // Something that is not an address stops the walk: the last address we could vouch for stands.
    if (isIP(hop) === 0) break;
    client = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  return client;
}

/**
 * The address as rate limits count it: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, and could otherwise take a fresh address per request).
 */
export function rateLimitAddress(address: string): string {
  const plain = unmapped(address);
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  const prefix = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
