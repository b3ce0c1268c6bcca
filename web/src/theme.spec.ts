import { createSystem, defaultConfig } from '@chakra-ui/react';
import { serializeStyles } from '@emotion/serialize';
import globalStyles from 'virtual:drx-chakra-global';
import { describe, expect, it } from 'vitest';
import { system } from './theme';
import { drxConfig } from './themeConfig';

describe('the design system', () => {
  it('uses the global style sheet made at build time, the one Chakra makes of the same config', () => {
    // Made here as Chakra makes it (in unit tests its module is Node's own, not the bundles' copy).
    const made = serializeStyles([createSystem(defaultConfig, drxConfig)._global]);
    expect(globalStyles).toEqual({ name: made.name, styles: made.styles });
    expect(system._global).toBe(globalStyles);
    // Emotion's Global takes a serialized style as it is: no second serialization, no hash.
    expect(serializeStyles([system._global])).toBe(globalStyles);
    expect(globalStyles.styles).toContain('--chakra-colors-brand-solid');
  });
});
