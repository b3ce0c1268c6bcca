/** The texts of the "Your data" section of /profile. */
export const PRIVACY_TEXT = {
  heading: 'Your data',
  intro: 'Download a copy of what DRX keeps about you, or delete your account.',
  downloadHelp:
    'A JSON file with your profile, orders, courses, certificates, bookings, messages you sent, reviews, sessions and security events.',
  download: 'Download my data',
  downloading: 'Preparing…',
  deleteHeading: 'Delete my account',
  deleteHelp:
    'Your name, email, picture and password are erased and you are signed out everywhere. Orders and payments are kept without your name for our accounts; messages you sent stay for the other person, shown as from "Deleted user". Your upcoming bookings are cancelled. This cannot be undone.',
  confirmWord: 'DELETE',
  confirmLabel: 'Type DELETE to confirm',
  confirmMismatch: 'Type DELETE in capital letters to confirm',
  passwordLabel: 'Current password',
  passwordRequired: 'Enter your current password',
  deleteButton: 'Delete my account',
  deleting: 'Deleting…',
  deletedTitle: 'Account deleted',
  deletedFallback: 'Your account was deleted and you were signed out everywhere.',
} as const;

/** The file name the server gave (`Content-Disposition`), else a sensible one. */
export function fileNameOf(disposition: string | null, fallback = 'drx-data.json'): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}
