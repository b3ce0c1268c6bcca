import { describe, expect, it } from 'vitest';
import { countryName, placeOf, publicIpv4 } from './session-place';

describe('a session address’s approximate place', () => {
  it('names the country of a public IPv4 address, also written as IPv4-mapped IPv6', async () => {
    // Google's public resolver and a UK address: long-standing, stable in the bundled data.
    expect(await placeOf('8.8.8.8')).toBe('United States');
    expect(await placeOf('::ffff:8.8.8.8')).toBe('United States');
    expect(await placeOf('::ffff:0808:0808')).toBe('United States');
    expect(await placeOf('81.2.69.160')).toBe('United Kingdom');
  });

  it.each([
    ['127.0.0.1'],
    ['::1'],
    ['::ffff:127.0.0.1'],
    ['10.1.2.3'],
    ['172.16.5.4'],
    ['192.168.1.20'],
    ['::ffff:192.168.1.20'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['fe80::1'],
    ['fd12:3456::1'],
    ['203.0.113.7'], // documentation range
    ['0.0.0.0'],
    ['2001:4860:4860::8888'], // public IPv6: not in the data
    ['not an address'],
    ['8.8.8'],
    ['010.8.8.8'],
    [' 8.8.8.8'],
    [''],
    [null],
    [undefined],
  ])('gives no place for %s', async (address) => {
    expect(await placeOf(address)).toBeNull();
  });

  it('looks up only plain public IPv4 addresses', () => {
    expect(publicIpv4('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(publicIpv4('1.2.3.4')).toBe('1.2.3.4');
    expect(publicIpv4('0x08080808')).toBeNull();
    expect(publicIpv4('192.168.0.1')).toBeNull();
  });

  it('turns an ISO country code into its English name, and nothing else', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('US')).toBe('United States');
    for (const code of ['--', 'ZZ', 'de', 'DEU', '', null, undefined]) expect(countryName(code)).toBeNull();
  });
});
