import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeAccess } from './router';

describe('routeAccess', () => {
  it('finds no guard on public pages and on unknown paths', () => {
    for (const path of ['/', '/courses', '/courses/abc', '/curriculum', '/shop', '/no-such-page']) {
      expect(routeAccess(path).guard, path).toBeNull();
    }
  });

  it('lets guests open the membership success page (the public layout): they are asked to sign in there', () => {
    for (const path of ['/subscription', '/subscription/success']) {
      expect(routeAccess(path).guard, path).toBeNull();
    }
  });

  it("lets guests open the account pages of /auth and of the mails' links; /profile stays signed-in", () => {
    for (const path of ['/forgot-password', '/reset-password', '/verify-email']) {
      const access = routeAccess(path);
      expect(access.guard, path).toBeNull();
      expect(access.signedInRender, path).toBe(false);
    }
    expect(routeAccess('/profile').guard).toBe('member');
  });

  it("names where the spec's old addresses moved, with their parameters, and nothing for pages", () => {
    expect(routeAccess('/pricing').redirectTo).toBe('/subscription');
    expect(routeAccess('/course/42').redirectTo).toBe('/courses/42');
    expect(routeAccess('/resources').redirectTo).toBe('/curriculum');
    expect(routeAccess('/resources/a b').redirectTo).toBe('/curriculum/a%20b');
    expect(routeAccess('/resources/7/edit').redirectTo).toBe('/curriculum/7/edit');
    for (const path of ['/', '/subscription', '/curriculum/7', '/admin', '/no-such-page']) {
      expect(routeAccess(path).redirectTo, path).toBeNull();
    }
  });

  it('finds the member guard on signed-in pages, in either layout', () => {
    for (const path of [
      '/my-courses',
      '/my-purchases',
      '/messages',
      '/messages/c1',
      '/notifications',
      '/seller/analytics',
    ]) {
      expect(routeAccess(path).guard, path).toBe('member');
    }
    expect(routeAccess('/courses/c/modules/m/lessons/l').guard).toBe('member');
    // A mail's unsubscribe link stays public beside the signed-in /notifications.
    expect(routeAccess('/notifications/unsubscribe').guard).toBeNull();
  });

  it('finds the admin guard on the admin area', () => {
    for (const path of [
      '/admin',
      '/admin/users/u1',
      '/admin/store/orders',
      '/curriculum-officer-dashboard',
    ]) {
      expect(routeAccess(path).guard, path).toBe('admin');
    }
  });

  it('marks the member pages the server renders', () => {
    for (const path of [
      '/my-courses',
      '/cart',
      '/my-purchases',
      '/messages',
      '/courses/c/modules/m/lessons/l',
    ]) {
      expect(routeAccess(path).signedInRender, path).toBe(true);
    }
    for (const path of ['/admin', '/profile', '/courses', '/courses/c/modules/m']) {
      expect(routeAccess(path).signedInRender, path).toBe(false);
    }
  });

  it("names each rendered page's source module, a file of the app", () => {
    const webRoot = path.resolve(__dirname, '..');
    const pages = {
      '/my-courses': 'MyCoursesPage',
      '/cart': 'CartPage',
      '/my-purchases': 'MyPurchasesPage',
      '/messages/c1': 'MessagesPage',
      '/courses/c/modules/m/lessons/l': 'LessonPage',
    };
    for (const [url, name] of Object.entries(pages)) {
      const { pageModule } = routeAccess(url);
      expect(pageModule, url).toMatch(new RegExp(`^src/features/[a-z-]+/${name}\\.tsx$`));
      expect(fs.existsSync(path.join(webRoot, pageModule ?? '')), url).toBe(true);
    }
    expect(routeAccess('/profile').pageModule).toBeNull();
  });
});
