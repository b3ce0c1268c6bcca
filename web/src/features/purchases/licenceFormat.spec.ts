import { describe, expect, it } from 'vitest';
import { licenceLabel, licencesLeftLabel, lineKindLabel, orderLinePath } from './licenceFormat';

describe('licence labels', () => {
  it('say licence for one and licences otherwise', () => {
    expect(licenceLabel(1)).toBe('1 licence');
    expect(licenceLabel(3)).toBe('3 licences');
    expect(licencesLeftLabel(1)).toBe('1 licence left to give');
    expect(licencesLeftLabel(2)).toBe('2 licences left to give');
  });

  it('name a resource line by its licences and a course line as a course', () => {
    expect(lineKindLabel({ itemType: 'resource', quantity: 3, licences: 3 })).toBe('Resource · 3 licences');
    expect(lineKindLabel({ itemType: 'resource', quantity: 1 })).toBe('Resource · 1 licence');
    expect(lineKindLabel({ itemType: 'course', quantity: 1, licences: null })).toBe('Course');
  });

  it('name a booking line as a booked session, not a resource with licences', () => {
    expect(lineKindLabel({ itemType: 'booking', quantity: 1, licences: null })).toBe('Booked session');
    expect(lineKindLabel({ itemType: 'booking', quantity: 1 })).not.toMatch(/Resource|licence/);
  });
});

describe('order line paths', () => {
  const id = '3f1c2d4e-0000-4000-8000-000000000001';
  it('lead a course line to its URL (or /courses/<id>) and a resource line to /curriculum/<id>', () => {
    expect(orderLinePath({ itemType: 'course', itemId: id, courseUrl: '/courses/salsa-basics' })).toBe(
      '/courses/salsa-basics',
    );
    expect(orderLinePath({ itemType: 'course', itemId: id, courseUrl: null })).toBe(`/courses/${id}`);
    expect(orderLinePath({ itemType: 'resource', itemId: id })).toBe(`/curriculum/${id}`);
  });

  it('lead a booking line to /my-bookings, and staff to /admin/bookings, never to /curriculum', () => {
    expect(orderLinePath({ itemType: 'booking', itemId: id, courseUrl: null })).toBe('/my-bookings');
    expect(orderLinePath({ itemType: 'booking', itemId: id }, { staff: true })).toBe('/admin/bookings');
    expect(orderLinePath({ itemType: 'resource', itemId: id }, { staff: true })).toBe(`/curriculum/${id}`);
  });
});
