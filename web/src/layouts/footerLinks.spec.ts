import { describe, expect, it } from 'vitest';
import { copyrightLine, FOOTER_LINK_GROUPS } from './footerLinks';

describe('footer', () => {
  it('links the eleven pages of the spec, in order', () => {
    const labels = FOOTER_LINK_GROUPS.flatMap((group) => group.links.map((link) => link.label));
    expect(labels).toEqual([
      'Certification',
      'Curriculum',
      'Connect',
      'My Dashboard',
      'About Us',
      'Pricing',
      'Blog',
      'Contact',
      'Terms',
      'Privacy',
      'Cookies',
    ]);
  });

  it('puts the current year in the copyright line', () => {
    expect(copyrightLine(new Date(2031, 5, 1))).toBe('© 2031 DRX. All rights reserved.');
    expect(copyrightLine()).toContain(String(new Date().getFullYear()));
  });
});
