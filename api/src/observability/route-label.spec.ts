import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { routeLabel } from './route-label';

const request = (fields: Partial<Request>) => fields as Request;

describe('routeLabel', () => {
  it('names the route pattern, the mount, or what answered without one', () => {
    expect(routeLabel(request({ baseUrl: '/api', route: { path: '/courses/:id' } }), 200)).toBe(
      '/api/courses/:id',
    );
    expect(routeLabel(request({ baseUrl: '', route: { path: /.*/ } }), 200)).toBe('page');
    expect(routeLabel(request({ baseUrl: '/Uploads' }), 200)).toBe('/uploads');
    expect(routeLabel(request({ baseUrl: '' }), 404)).toBe('unmatched');
    expect(routeLabel(request({ baseUrl: '' }), 200)).toBe('static');
  });

  it('labels a request no router ever saw (no baseUrl: a POST to a path nothing handles)', () => {
    expect(routeLabel(request({}), 404)).toBe('unmatched');
  });
});
