import { defineConfig } from '@chakra-ui/react';

/**
 * DRX's design system: Chakra's defaults plus a purple `brand` palette, used as the default
 * colour palette of every component.
 */
export const drxConfig = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#f5f3ff' },
          100: { value: '#ede9fe' },
          200: { value: '#ddd6fe' },
          300: { value: '#c4b5fd' },
          400: { value: '#a78bfa' },
          500: { value: '#8b5cf6' },
          600: { value: '#7c3aed' },
          700: { value: '#6d28d9' },
          800: { value: '#5b21b6' },
          900: { value: '#4c1d95' },
          950: { value: '#2e1065' },
        },
      },
    },
    semanticTokens: {
      colors: {
        fg: {
          // Chakra's light `fg.subtle` is gray.400 (#a1a1aa), 2.5:1 on white and on `bg.subtle`
          // (#fafafa): too faint for text. gray.500 (#71717a) is 4.8:1 and 4.6:1 (WCAG AA), still
          // lighter than `fg.muted` (gray.600).
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.500}' } },
          // Chakra's light `fg.error` is red.500 (#ef4444), 3.8:1 on white: too faint for the
          // small error texts under fields. red.600 (#dc2626) is 4.8:1 (WCAG AA).
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
        },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});
