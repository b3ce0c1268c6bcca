import { describe, expect, it } from 'vitest';
import {
  bookingMailContent,
  formatMailTime,
  type BookingMailData,
  type BookingMailKind,
} from './booking-mail-text';

// 2027-03-14 is the spring-forward day in New York (02:00 EST → 03:00 EDT); London is still on GMT.
const data: BookingMailData = {
  id: 'b1',
  title: 'Private lesson',
  start: new Date('2027-03-14T07:30:00Z'),
  end: new Date('2027-03-14T08:30:00Z'),
  timeZone: 'America/New_York',
  clientTimeZone: 'Europe/London',
  instructorName: 'Ann Teacher',
  clientName: 'Bob <Client>',
  priceCents: 6000,
  refundedCents: 3000,
  feeCents: 3000,
  note: 'First time',
  canceledBy: 'client',
  cancelReason: 'Sick',
  previousStart: new Date('2027-03-14T06:30:00Z'),
  previousEnd: new Date('2027-03-14T07:30:00Z'),
  publicUrl: 'https://drx.example',
};

describe('formatMailTime', () => {
  it('formats in each zone across the DST change', () => {
    expect(formatMailTime(new Date('2027-03-14T06:30:00Z'), 'America/New_York')).toBe(
      'Sun, Mar 14, 2027, 1:30 AM EST',
    );
    expect(formatMailTime(new Date('2027-03-14T07:30:00Z'), 'America/New_York')).toBe(
      'Sun, Mar 14, 2027, 3:30 AM EDT',
    );
    expect(formatMailTime(new Date('2027-03-14T07:30:00Z'), 'Europe/London')).toBe(
      'Sun, Mar 14, 2027, 7:30 AM GMT',
    );
    expect(formatMailTime(new Date('2027-03-28T01:30:00Z'), 'Europe/London')).toBe(
      'Sun, Mar 28, 2027, 2:30 AM GMT+1',
    );
    // Fall back: the same wall time twice, told apart by the zone name.
    expect(formatMailTime(new Date('2027-11-07T05:30:00Z'), 'America/New_York')).toBe(
      'Sun, Nov 7, 2027, 1:30 AM EDT',
    );
    expect(formatMailTime(new Date('2027-11-07T06:30:00Z'), 'America/New_York')).toBe(
      'Sun, Nov 7, 2027, 1:30 AM EST',
    );
  });
});

describe('bookingMailContent', () => {
  it('gives the client their zone and the instructor theirs', () => {
    const client = bookingMailContent('confirmed', 'client', data);
    const instructor = bookingMailContent('confirmed', 'instructor', data);
    expect(client.subject).toBe('Booking confirmed: Private lesson with Ann Teacher');
    expect(client.text).toContain('When: Sun, Mar 14, 2027, 7:30 AM GMT – 8:30 AM GMT');
    expect(client.text).toContain('https://drx.example/my-bookings');
    expect(client.text).toContain('Paid: $60.00');
    expect(instructor.subject).toBe('New booking: Private lesson with Bob <Client>');
    expect(instructor.text).toContain('When: Sun, Mar 14, 2027, 3:30 AM EDT – 4:30 AM EDT');
    expect(instructor.text).toContain('Note from Bob <Client>: First time');
    expect(instructor.text).toContain('https://drx.example/instructor/bookings');
  });

  it('escapes the HTML body', () => {
    const html = bookingMailContent('confirmed', 'instructor', data).html;
    expect(html).toContain('Bob &lt;Client&gt;');
    expect(html).not.toContain('<Client>');
    expect(html).toContain('<a href="https://drx.example/instructor/bookings">');
  });

  it('asks the instructor to approve a request', () => {
    const mail = bookingMailContent('requested', 'instructor', data);
    expect(mail.subject).toBe('Booking request to approve: Private lesson with Bob <Client>');
    expect(mail.text).toContain('approve or decline');
    expect(bookingMailContent('approved', 'client', data).subject).toBe(
      'Booking approved: Private lesson with Ann Teacher',
    );
  });

  it('tells the client of a decline with the full refund', () => {
    const mail = bookingMailContent('declined', 'client', {
      ...data,
      refundedCents: 6000,
      feeCents: 0,
      cancelReason: 'Away',
    });
    expect(mail.subject).toBe('Booking declined: Private lesson with Ann Teacher');
    expect(mail.text).toContain('Refund: $60.00 (in full)');
    expect(mail.text).toContain('Reason: Away');
  });

  it('says who canceled, why, the refund and the fee kept', () => {
    const client = bookingMailContent('canceled', 'client', data);
    expect(client.text).toContain('You canceled: Private lesson with Ann Teacher.');
    expect(client.text).toContain('Reason: Sick');
    expect(client.text).toContain('Refund: $30.00');
    expect(client.text).toContain('Late-cancellation fee kept: $30.00');
    const instructor = bookingMailContent('canceled', 'instructor', data);
    expect(instructor.text).toContain('Canceled by the client: Private lesson with Bob <Client>.');
    const byAdmin = bookingMailContent('canceled', 'client', {
      ...data,
      canceledBy: 'admin',
      refundedCents: 6000,
      feeCents: 0,
    });
    expect(byAdmin.text).toContain('Canceled by DRX support');
    expect(byAdmin.text).not.toContain('fee kept');
  });

  it('shows the old and the new time of a reschedule in each zone (across the DST jump)', () => {
    const instructor = bookingMailContent('rescheduled', 'instructor', data);
    expect(instructor.text).toContain('Before: Sun, Mar 14, 2027, 1:30 AM EST – 3:30 AM EDT');
    expect(instructor.text).toContain('Now: Sun, Mar 14, 2027, 3:30 AM EDT – 4:30 AM EDT');
    const client = bookingMailContent('rescheduled', 'client', data);
    expect(client.text).toContain('Before: Sun, Mar 14, 2027, 6:30 AM GMT – 7:30 AM GMT');
    expect(client.text).toContain('Now: Sun, Mar 14, 2027, 7:30 AM GMT – 8:30 AM GMT');
  });

  it('reminds 24 h and 1 h ahead', () => {
    expect(bookingMailContent('reminder_24h', 'client', data).subject).toBe(
      'Reminder: Private lesson with Ann Teacher tomorrow',
    );
    expect(bookingMailContent('reminder_1h', 'instructor', data).subject).toBe(
      'Reminder: Private lesson with Bob <Client> in 1 hour',
    );
  });

  it('has a subject, text and html for every kind and recipient', () => {
    const kinds: BookingMailKind[] = [
      'confirmed',
      'requested',
      'approved',
      'declined',
      'canceled',
      'rescheduled',
      'reminder_24h',
      'reminder_1h',
    ];
    for (const kind of kinds)
      for (const recipient of ['client', 'instructor'] as const) {
        const mail = bookingMailContent(kind, recipient, data);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).toMatch(/^Hi /);
        expect(mail.html).toContain('<p>');
      }
  });
});
