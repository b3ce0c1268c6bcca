import { toYouTubeEmbedUrl } from '../../lib/youtube';

export const instructorPath = (id: string) => `/instructors/${encodeURIComponent(id)}`;

/** The booking flow of an instructor, with a session type preselected when given. */
export const bookingPath = (id: string, sessionTypeId?: string, start?: string) => {
  const params = new URLSearchParams();
  if (sessionTypeId) params.set('sessionType', sessionTypeId);
  if (start) params.set('start', start);
  const query = params.toString();
  return `/instructors/${encodeURIComponent(id)}/book${query ? `?${query}` : ''}`;
};

/** Where an instructor teaches: "Online · In person in Austin, TX". */
export function teachingPlace(i: {
  teachesOnline: boolean;
  teachesInPerson: boolean;
  city?: string | null;
  state?: string | null;
}): string {
  const parts: string[] = [];
  if (i.teachesOnline) parts.push('Online');
  if (i.teachesInPerson) {
    const place = [i.city, i.state].filter(Boolean).join(', ');
    parts.push(place ? `In person in ${place}` : 'In person');
  }
  return parts.join(' · ');
}

/** A YouTube link as a privacy-enhanced embed URL (youtube-nocookie), or null when it is not one. */
export function introEmbedUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const embed = toYouTubeEmbedUrl(url);
  if (!embed.startsWith('https://www.youtube.com/embed/')) return null;
  return embed.replace('https://www.youtube.com/', 'https://www.youtube-nocookie.com/');
}

export const SESSION_KIND_LABEL: Record<string, string> = {
  private: 'Private lesson',
  group: 'Group class',
  consultation: 'Consultation',
};

/** A session type's cancellation policy in words. */
export function policyText(type: {
  cancelFreeHours: number;
  lateCancelFeePercent: number;
  priceCents?: number;
}): string {
  // Nothing paid, nothing kept: a free session can be cancelled any time before it starts.
  if (type.priceCents === 0) return 'Free to cancel until the start.';
  const fee = type.lateCancelFeePercent;
  if (type.cancelFreeHours === 0 || fee === 0) {
    return fee === 0 ? 'Free cancellation until the start.' : `Cancelling keeps ${fee}% of the price.`;
  }
  const hours = type.cancelFreeHours === 1 ? '1 hour' : `${type.cancelFreeHours} hours`;
  const later = fee === 100 ? 'later, nothing is refunded' : `later, ${fee}% of the price is kept`;
  return `Free cancellation until ${hours} before; ${later}.`;
}

export const BOOKING_STATUS_LABEL: Record<string, { label: string; palette: string }> = {
  held: { label: 'Awaiting payment', palette: 'orange' },
  requested: { label: 'Awaiting approval', palette: 'orange' },
  confirmed: { label: 'Confirmed', palette: 'green' },
  completed: { label: 'Completed', palette: 'blue' },
  no_show: { label: 'No-show', palette: 'gray' },
  declined: { label: 'Declined', palette: 'red' },
  expired: { label: 'Expired', palette: 'gray' },
  canceled: { label: 'Cancelled', palette: 'red' },
};

/** Errors after which the chosen time is gone: show the message and load the free times again. */
export const TAKEN_CODES: ReadonlySet<string> = new Set(['SLOT_TAKEN', 'CLASS_FULL']);
