import { describe, expect, it } from 'vitest';
import { kindAbout, preferenceSavedTitle, tokenFromSearch, unsubscribedSentence } from './notificationText';

describe('notification texts', () => {
  it('says what each kind is about, and something neutral for an unknown one', () => {
    expect(unsubscribedSentence('BOOKINGS')).toBe('You will no longer get emails about your bookings.');
    expect(unsubscribedSentence('MESSAGES')).toBe(
      'You will no longer get emails about new messages you have not read.',
    );
    expect(kindAbout('ORDERS')).toBe('your orders');
    expect(kindAbout('SOMETHING_NEW')).toBe('this topic');
  });

  it('titles the toast with the kind and the new state', () => {
    expect(preferenceSavedTitle('BOOKINGS', true)).toBe('Emails about your bookings turned on');
    expect(preferenceSavedTitle('MEMBERSHIPS', false)).toBe('Emails about your membership turned off');
  });

  it('reads the token from the query string, keeping base64url characters and dots', () => {
    expect(tokenFromSearch('?token=abc-_DEF.ghi')).toBe('abc-_DEF.ghi');
    expect(tokenFromSearch('?token=a%2Eb')).toBe('a.b');
    expect(tokenFromSearch('?other=1')).toBeNull();
    expect(tokenFromSearch('?token=%20%20')).toBeNull();
    expect(tokenFromSearch('')).toBeNull();
  });
});
