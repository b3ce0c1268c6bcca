import { describe, expect, it } from 'vitest';
import { bookingPath, introEmbedUrl, policyText, teachingPlace } from './connectFormat';

describe('Connect formatting', () => {
  it('embeds YouTube intro videos from youtube-nocookie only', () => {
    expect(introEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(introEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(introEmbedUrl('https://vimeo.com/123')).toBeNull();
    expect(introEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(introEmbedUrl(null)).toBeNull();
  });

  it('says where an instructor teaches', () => {
    expect(teachingPlace({ teachesOnline: true, teachesInPerson: true, city: 'Austin', state: 'TX' })).toBe(
      'Online · In person in Austin, TX',
    );
    expect(teachingPlace({ teachesOnline: false, teachesInPerson: true, city: null })).toBe('In person');
    expect(teachingPlace({ teachesOnline: true, teachesInPerson: false })).toBe('Online');
  });

  it('describes the cancellation policy', () => {
    expect(policyText({ cancelFreeHours: 24, lateCancelFeePercent: 50 })).toBe(
      'Free cancellation until 24 hours before; later, 50% of the price is kept.',
    );
    expect(policyText({ cancelFreeHours: 1, lateCancelFeePercent: 100 })).toBe(
      'Free cancellation until 1 hour before; later, nothing is refunded.',
    );
    expect(policyText({ cancelFreeHours: 0, lateCancelFeePercent: 0 })).toBe(
      'Free cancellation until the start.',
    );
    expect(policyText({ cancelFreeHours: 0, lateCancelFeePercent: 30 })).toBe(
      'Cancelling keeps 30% of the price.',
    );
    // A free session keeps nothing, whatever its policy says.
    expect(policyText({ cancelFreeHours: 24, lateCancelFeePercent: 50, priceCents: 0 })).toBe(
      'Free to cancel until the start.',
    );
    expect(policyText({ cancelFreeHours: 24, lateCancelFeePercent: 50, priceCents: 6000 })).toBe(
      'Free cancellation until 24 hours before; later, 50% of the price is kept.',
    );
  });

  it('builds booking links with the session type and time', () => {
    expect(bookingPath('u 1')).toBe('/instructors/u%201/book');
    expect(bookingPath('u1', 's1', '2027-03-09T14:00:00.000Z')).toBe(
      '/instructors/u1/book?sessionType=s1&start=2027-03-09T14%3A00%3A00.000Z',
    );
  });
});
