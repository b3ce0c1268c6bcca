import { describe, expect, it } from 'vitest';
import * as store from '../../../../dev/demo-store/src/demo-store-constants';
import * as app from './demo-store-constants';

// The app's copy of the demo store's settings (the app cannot import dev/) and the store's own.
describe('demo store constants', () => {
  it('are the ones the demo store accepts', () => {
    expect(app).toEqual(store);
  });
});
