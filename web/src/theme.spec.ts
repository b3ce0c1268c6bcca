import { createSystem, defaultConfig } from '@chakra-ui/react';
import { serializeStyles } from '@emotion/serialize';
import globalStyles from 'virtual:drx-chakra-global';
import { describe, expect, it } from 'vitest';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { chakraTheme, system } from './theme';
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

  it('is Chakra’s default theme in every part but the recipes (a part Chakra adds is not lost)', () => {
    const withoutRecipes = (config: typeof defaultThemeConfig) => ({
      ...config,
      theme: { ...config.theme, recipes: undefined, slotRecipes: undefined },
    });
    expect(withoutRecipes(chakraTheme)).toEqual(withoutRecipes(defaultThemeConfig));
    expect(Object.keys(chakraTheme.theme?.recipes ?? {}).length).toBeGreaterThan(0);
  });
});
