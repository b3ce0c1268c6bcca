import { describe, expect, it } from 'vitest';
import { guardedLookup, literalAddress, literalHostRefusal, nonPublicRange } from './webhook-address';
import { validateEndpointUrl } from './webhook-url';

describe('webhook address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
    ['not an address', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });

  it('reads literal hosts of URLs, bracketed IPv6 included', () => {
    expect(literalAddress('[::1]')).toBe('::1');
    expect(literalAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(literalAddress('example.com')).toBeNull();
    expect(literalHostRefusal(new URL('http://[::ffff:127.0.0.1]/').hostname)?.message).toMatch(/loopback/);
    // The URL parser turns shorthand forms into dotted IPv4 first.
    expect(literalHostRefusal(new URL('http://2130706433/').hostname)?.message).toMatch(
      /127\.0\.0\.1.*loopback/,
    );
    expect(literalHostRefusal(new URL('http://0x7f.1/').hostname)?.message).toMatch(/loopback/);
    expect(literalHostRefusal('8.8.8.8')).toBeNull();
  });

  it('refuses a host name resolving to loopback at connection time', async () => {
    const result = await new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup('localhost', { all: true }, (error, address) => resolve({ error, address })),
    );
    expect(result.error?.message).toMatch(/localhost resolves to .*loopback/);
  });
});

describe('webhook URL validation', () => {
  const open = { production: false, allowPrivateNetworks: false };
  it.each([
    ['', /Enter the URL/],
    ['not a url', /not a valid URL/],
    ['ftp://example.com/x', /https:\/\//],
    ['https://user:pw@example.com/hook', /user name and password/],
    ['http://127.0.0.1:8080/hook', /loopback/],
    ['http://10.1.2.3/hook', /private/],
    ['http://169.254.169.254/latest/meta-data', /linkLocal/],
    ['http://[::1]/hook', /loopback/],
    ['http://[::ffff:127.0.0.1]/hook', /loopback/],
    ['http://localhost:3000/hook', /localhost/],
    [`https://example.com/${'a'.repeat(2000)}`, /at most 2000/],
  ])('refuses %s', async (url, message) => {
    await expect(validateEndpointUrl(url, open)).rejects.toThrow(message);
  });

  it('takes https and http URLs of public hosts, and requires https in production', async () => {
    expect(await validateEndpointUrl(' https://93.184.215.14/hooks?a=1 ', open)).toBe(
      'https://93.184.215.14/hooks?a=1',
    );
    expect(await validateEndpointUrl('http://93.184.215.14/hooks', open)).toBe('http://93.184.215.14/hooks');
    await expect(
      validateEndpointUrl('http://93.184.215.14/hooks', { production: true, allowPrivateNetworks: false }),
    ).rejects.toThrow(/https/);
  });

  it('takes private addresses with WEBHOOKS_ALLOW_PRIVATE_NETWORKS', async () => {
    const allow = { production: true, allowPrivateNetworks: true };
    expect(await validateEndpointUrl('http://127.0.0.1:8080/hook', allow)).toBe('http://127.0.0.1:8080/hook');
    expect(await validateEndpointUrl('http://localhost:8080/hook', allow)).toBe('http://localhost:8080/hook');
  });
});
