import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import globalStyles from 'virtual:drx-chakra-global';
import { drxConfig } from './themeConfig';
import { recipes, slotRecipes } from './themeRecipes';

/**
 * Chakra's default theme (its `defaultConfig`: the base config and the theme's tokens, styles and
 * global CSS) with only the recipes the app's components use (themeRecipes.ts).
 */
export const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/**
 * DRX's design system (themeConfig.ts). Its global style sheet — the reset, the global CSS and a
 * CSS variable for every token, 36 kB — is the same for every page and every visitor, so it is made
 * once, when the app is built (build/chakraGlobal.ts), not by each browser as the app starts: there
 * it was a third of this module's task on a phone (≈ 150 ms of 450 ms, CPU slowed 4×) and its hash
 * a part of the page's adoption, and the server hashed it again for every page it rendered.
 * `ChakraProvider` hands `_global` to Emotion's `Global`, which takes a serialized style as it is.
 */
export const system = createSystem(defaultBaseConfig, chakraTheme, drxConfig);
Object.defineProperty(system, '_global', { value: globalStyles, enumerable: true });
