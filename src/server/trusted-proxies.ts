import { BlockList, isIP } from 'node:net';

// TRUSTED_PROXIES, read with the rest of the configuration (env.ts) and used to tell the client's
// address behind them (security/client-address.ts).

/** A parsed TRUSTED_PROXIES: the CIDR ranges whose hops may tell us the client's address. */
export type TrustedProxies = { list: BlockList; isEmpty: boolean };

/** An IPv4-mapped IPv6 address (::ffff:203.0.113.9) is the IPv4 address it carries. */
export function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Parses a comma-separated CIDR list ("10.0.0.0/8, 2001:db8::/32, 127.0.0.1"); a bare address is
 * its own /32 or /128. Returns the entries it could not read in `invalid`.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies & { invalid: string[] } {
  const list = new BlockList();
  const invalid: string[] = [];
  let count = 0;
  for (const entry of (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [rawAddress = '', prefixText, ...rest] = entry.split('/');
    const address = unmapped(rawAddress);
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
    if (
      family === 0 ||
      rest.length > 0 ||
      (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) ||
      prefix > maxPrefix
    ) {
      invalid.push(entry);
      continue;
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    count++;
  }
  return { list, isEmpty: count === 0, invalid };
}
