import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, rateLimitAddress, resolveClientAddress, type TrustedProxies } from './client-address';

const trusted = parseTrustedProxies('10.0.0.0/8, 127.0.0.1, 2001:db8:ffff::/48');
const none = parseTrustedProxies(undefined);

describe('parseTrustedProxies', () => {
  it('reads addresses and CIDR ranges of both families, and names what it cannot read', () => {
    expect(trusted.invalid).toEqual([]);
    expect(trusted.isEmpty).toBe(false);
    expect(none.isEmpty).toBe(true);
    expect(parseTrustedProxies('10.0.0.0/33, proxy.example, 10.0.0.1/8/1, ::1/129, 10.0.0.0/x, ::1').invalid).toEqual([
      '10.0.0.0/33',
      'proxy.example',
      '10.0.0.1/8/1',
      '::1/129',
      '10.0.0.0/x',
    ]);
  });
});

describe('resolveClientAddress', () => {
  // Each rule with its cases: the socket's address, the X-Forwarded-For header, and the client's address.
  type Hop = [socket: string, forwardedFor: string, client: string];
  it.each<[rule: string, proxies: TrustedProxies, hops: Hop[]]>([
    [
      'is the socket address when no proxy is trusted, whatever X-Forwarded-For says',
      none,
      [['127.0.0.1', '203.0.113.9', '127.0.0.1']],
    ],
    [
      'is the socket address when the socket is not a trusted proxy',
      trusted,
      [['198.51.100.4', '203.0.113.9', '198.51.100.4']],
    ],
    [
      'walks X-Forwarded-For from the right past trusted hops to the first untrusted address',
      trusted,
      [
        ['127.0.0.1', '203.0.113.9', '203.0.113.9'],
        ['10.0.0.2', '203.0.113.9, 10.1.2.3', '203.0.113.9'],
        // A client that writes its own header cannot choose its address: the left part is never reached.
        ['10.0.0.2', '1.1.1.1, 203.0.113.9, 10.1.2.3', '203.0.113.9'],
      ],
    ],
    [
      'stops at something that is not an address, and keeps the last hop it could vouch for',
      trusted,
      [
        ['10.0.0.2', '203.0.113.9, unknown', '10.0.0.2'],
        ['10.0.0.2', '', '10.0.0.2'],
      ],
    ],
    ['is the last trusted hop when every hop is trusted', trusted, [['127.0.0.1', '10.9.9.9, 10.0.0.1', '10.9.9.9']]],
    [
      'reads IPv4-mapped IPv6 as IPv4, and IPv6 hops',
      trusted,
      [
        ['::ffff:127.0.0.1', '2001:db8:1::5', '2001:db8:1::5'],
        ['2001:db8:ffff::1', '::ffff:203.0.113.9', '203.0.113.9'],
      ],
    ],
  ])('%s', (_rule, proxies, hops) => {
    for (const [socket, forwardedFor, client] of hops) {
      expect(resolveClientAddress(socket, forwardedFor, proxies), `${socket} via "${forwardedFor}"`).toBe(client);
    }
  });
});

describe('rateLimitAddress', () => {
  it('counts IPv6 by its /64 and leaves IPv4 (and anything else) alone', () => {
    expect(rateLimitAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitAddress('someone@example.com')).toBe('someone@example.com');
  });
});
