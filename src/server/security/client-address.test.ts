import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, rateLimitAddress, resolveClientAddress } from './client-address';

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
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('127.0.0.1', '203.0.113.9', none)).toBe('127.0.0.1');
  });

  it('is the socket address when the socket is not a trusted proxy', () => {
    expect(resolveClientAddress('198.51.100.4', '203.0.113.9', trusted)).toBe('198.51.100.4');
  });

  it('walks X-Forwarded-For from the right past trusted hops to the first untrusted address', () => {
    expect(resolveClientAddress('127.0.0.1', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.2', '203.0.113.9, 10.1.2.3', trusted)).toBe('203.0.113.9');
    // A client that writes its own header cannot choose its address: the left part is never reached.
    expect(resolveClientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9, 10.1.2.3', trusted)).toBe('203.0.113.9');
  });

  it('stops at something that is not an address, and keeps the last hop it could vouch for', () => {
    expect(resolveClientAddress('10.0.0.2', '203.0.113.9, unknown', trusted)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.2', '', trusted)).toBe('10.0.0.2');
  });

  it('is the last trusted hop when every hop is trusted', () => {
    expect(resolveClientAddress('127.0.0.1', '10.9.9.9, 10.0.0.1', trusted)).toBe('10.9.9.9');
  });

  it('reads IPv4-mapped IPv6 as IPv4, and IPv6 hops', () => {
    expect(resolveClientAddress('::ffff:127.0.0.1', '2001:db8:1::5', trusted)).toBe('2001:db8:1::5');
    expect(resolveClientAddress('2001:db8:ffff::1', '::ffff:203.0.113.9', trusted)).toBe('203.0.113.9');
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
