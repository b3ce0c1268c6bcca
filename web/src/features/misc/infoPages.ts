/** Copy of the short informational pages linked from the footer. */
export interface InfoSection {
  heading: string;
  paragraphs: string[];
}

export interface InfoPageContent {
  title: string;
  intro: string;
  /** ISO date the text was last revised (shown for legal pages). */
  updated?: string;
  sections: InfoSection[];
}

export const CONTACT_EMAIL = 'hello@drx.dance';
export const CONTACT_CITY = 'Los Angeles, California';

export type InfoPageKey = 'blog' | 'contact' | 'terms' | 'privacy' | 'cookies';

export const INFO_PAGES: Record<InfoPageKey, InfoPageContent> = {
  blog: {
    title: 'Blog',
    intro:
      'Notes from the DRX studio: teaching ideas, stories from dance educators and news about the courses and resources on the marketplace.',
    sections: [
      {
        heading: 'What we write about',
        paragraphs: [
          'Practical class planning — warm-ups, progressions and ways to adapt a combination for mixed-level groups.',
          'Behind-the-scenes interviews with the instructors and curriculum authors who sell on DRX.',
          'Product updates, such as new certification courses, store features and membership benefits.',
        ],
      },
      {
        heading: 'Write for us',
        paragraphs: [
          `Have a teaching story or a method that works in your studio? Send a short pitch to ${CONTACT_EMAIL} and our editors will get back to you.`,
        ],
      },
    ],
  },
  contact: {
    title: 'Contact',
    intro: 'Questions about a course, an order or selling on DRX? We are happy to help.',
    sections: [
      {
        heading: 'Email',
        paragraphs: [
          `Write to ${CONTACT_EMAIL}. We answer every message within two business days, usually much sooner.`,
        ],
      },
      {
        heading: 'Orders and downloads',
        paragraphs: [
          'Please include your username and the order or resource name, so we can find your purchase quickly.',
        ],
      },
      {
        heading: 'Sellers and instructors',
        paragraphs: [
          'If you would like to sell curriculum resources or offer lessons through Connect, tell us a little about your teaching and your dance styles.',
        ],
      },
      { heading: 'Where we are', paragraphs: [`DRX is run by a small team based in ${CONTACT_CITY}.`] },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro: 'These terms apply when you browse, buy from or sell on DRX. By using the site you agree to them.',
    updated: '2025-01-01',
    sections: [
      {
        heading: 'Your account',
        paragraphs: [
          'You are responsible for keeping your password safe and for everything done with your account. Tell us at once if you think someone else is using it.',
        ],
      },
      {
        heading: 'Purchases',
        paragraphs: [
          'Prices are shown in US dollars. Card payments are handled by our payment provider; we never see or store your full card number.',
          'Digital resources are licensed to you for use in your own teaching. You may not resell or publicly share the files.',
        ],
      },
      {
        heading: 'Selling on DRX',
        paragraphs: [
          'Sellers confirm they own, or have the right to sell, everything they upload, and that the descriptions of their resources are accurate.',
        ],
      },
      {
        heading: 'Courses and certificates',
        paragraphs: [
          'A certificate is issued when all required lessons and quizzes of a course are completed. Certificates show what was completed on DRX and are not a state licence.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'We may update these terms. When we make a significant change we will tell you on the site before it takes effect.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'This policy explains what personal data DRX keeps, why, and the choices you have.',
    updated: '2025-01-01',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Your account details (username, name, email and profile picture), your purchases, course progress, bookings and messages you send through the site.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To run your account, deliver what you buy, issue certificates, pay sellers and instructors, and answer support requests. We do not sell personal data.',
        ],
      },
      {
        heading: 'Payments',
        paragraphs: [
          'Card details go directly to our payment provider. We keep only the payment reference and amount.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          `You can see and correct your profile at any time. To get a copy of your data or to delete your account, write to ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookie Policy',
    intro: 'DRX uses as little browser storage as it can, and only to make the site work.',
    updated: '2025-01-01',
    sections: [
      {
        heading: 'Session cookie',
        paragraphs: [
          'When you sign in we set one session cookie so the site knows it is you. It cannot be read by scripts and ends when you sign out or the session expires.',
        ],
      },
      {
        heading: 'Local storage',
        paragraphs: [
          'If you shop without an account, your basket is kept in your browser’s local storage so it is still there when you come back. A small setting remembers whether guest shopping is turned on.',
        ],
      },
      {
        heading: 'No advertising trackers',
        paragraphs: [
          'We do not use advertising or cross-site tracking cookies. Blocking cookies will prevent signing in, but you can still browse.',
        ],
      },
    ],
  },
};
