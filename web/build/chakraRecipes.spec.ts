import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { recipeMismatch, recipesAskedFor } from './chakraRecipes';
import { recipes, slotRecipes } from '../src/themeRecipes';

const known = new Set([
  ...Object.keys(defaultConfig.theme?.recipes ?? {}),
  ...Object.keys(defaultConfig.theme?.slotRecipes ?? {}),
]);
const chakraEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm',
);
const component = (file: string) => fs.readFileSync(path.join(chakraEsm, 'components', file), 'utf8');

describe('the recipes the build keeps (build/chakraRecipes.ts)', () => {
  it('reads the key each installed Chakra component asks for, as written and as minified', () => {
    expect([...recipesAskedFor(component('dialog/dialog.js'), known)]).toEqual(['dialog']);
    expect([...recipesAskedFor(component('badge/badge.js'), known)]).toEqual(['badge']);
    expect([...recipesAskedFor(component('button/button.js'), known)]).toEqual(['button']);
    expect([...recipesAskedFor('o({key:`toast`}),u({key:`menu`}),x({key:`row-1`})', known)]).toEqual([
      'toast',
      'menu',
    ]);
  });

  it('fails on a recipe asked for and left out; the browsers’ build also on one kept and never asked for', () => {
    expect(recipeMismatch(new Set(['toast', 'menu']), new Set(['menu']), false)).toMatch(
      /leaves out .*: toast\./,
    );
    expect(recipeMismatch(new Set(['menu']), new Set(['menu', 'kbd']), true)).toMatch(
      /no bundled component asks for: kbd\./,
    );
    expect(recipeMismatch(new Set(['menu']), new Set(['menu', 'kbd']), false)).toBeNull();
    expect(recipeMismatch(new Set(['menu']), new Set(['menu']), true)).toBeNull();
  });

  it('keeps recipes of Chakra’s default theme, each under its own key and kind', () => {
    for (const [key, recipe] of Object.entries(recipes))
      expect(recipe).toEqual(defaultConfig.theme?.recipes?.[key]);
    for (const [key, recipe] of Object.entries(slotRecipes)) {
      expect(recipe).toEqual(defaultConfig.theme?.slotRecipes?.[key]);
    }
  });
});
