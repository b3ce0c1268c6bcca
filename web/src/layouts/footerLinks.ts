/** Link groups and contact details of the public footer. */
export interface FooterLink {
  label: string;
  to: string;
}

export const FOOTER_LINK_GROUPS: readonly { heading: string; links: readonly FooterLink[] }[] = [
  {
    heading: 'Explore',
    links: [
      { label: 'Certification', to: '/courses' },
      { label: 'Curriculum', to: '/curriculum' },
      { label: 'Connect', to: '/connect' },
      { label: 'My Dashboard', to: '/dashboard' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Blog', to: '/blog' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Cookies', to: '/cookies' },
    ],
  },
];

export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'TikTok', href: 'https://www.tiktok.com/' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['label'];

/** The copyright line, always with the current year. */
export function copyrightLine(now: Date = new Date()): string {
  return `© ${now.getFullYear()} DRX. All rights reserved.`;
}
