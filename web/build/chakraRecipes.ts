import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

/**
 * A recipe asked for by its key, as Chakra's components ask: `createSlotRecipeContext({ key: "dialog" })`,
 * `useRecipe({ key: "button" })` — in quotes, or in backticks once minified.
 */
const RECIPE_KEY = /\bkey:\s*["'`](\w+)["'`]/g;

/** The recipes of `known` that `code` asks for by key (any other `key:` string is not a recipe's). */
export function recipesAskedFor(code: string, known: ReadonlySet<string>): Set<string> {
  const asked = new Set<string>();
  for (const [, key] of code.matchAll(RECIPE_KEY)) if (known.has(key)) asked.add(key);
  return asked;
}

/** What the build compares: the keys bundled code asks for, and the app's recipes (src/themeRecipes.ts). */
export function recipeMismatch(
  asked: ReadonlySet<string>,
  kept: ReadonlySet<string>,
  allMustBeAsked: boolean,
): string | null {
  const missing = [...asked].filter((key) => !kept.has(key)).sort();
  if (missing.length) {
    return `Chakra components in the bundle ask for recipes src/themeRecipes.ts leaves out (they would render unstyled): ${missing.join(', ')}. Add them there.`;
  }
  const unused = allMustBeAsked ? [...kept].filter((key) => !asked.has(key)).sort() : [];
  if (unused.length) {
    return `src/themeRecipes.ts keeps recipes no bundled component asks for: ${unused.join(', ')}. Remove them there.`;
  }
  return null;
}

/**
 * The app's design system carries only the recipes of Chakra's default theme that its components
 * use (src/themeRecipes.ts); Chakra renders a component whose recipe is missing without its styles
 * and says nothing. So every build reads the keys its bundled code asks for — Chakra's components
 * name their recipe's key, which minifying keeps — and fails on one the app left out. The browsers'
 * build (`allMustBeAsked`) also fails on a recipe kept that nothing asks for any more, so the list
 * shrinks when a component goes.
 */
export function chakraRecipes(recipesFile: string, allMustBeAsked: boolean): Plugin {
  return {
    name: 'drx-chakra-recipes',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const { module } = await runnerImport<{ recipes: object; slotRecipes: object }>(
        path.resolve(recipesFile),
        { configFile: false, logLevel: 'error' },
      );
      const { defaultConfig } = await import('@chakra-ui/react');
      const known = new Set([
        ...Object.keys(defaultConfig.theme?.recipes ?? {}),
        ...Object.keys(defaultConfig.theme?.slotRecipes ?? {}),
      ]);
      const asked = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const key of recipesAskedFor(file.code, known)) asked.add(key);
      }
      const kept = new Set([...Object.keys(module.recipes), ...Object.keys(module.slotRecipes)]);
      const mismatch = recipeMismatch(asked, kept, allMustBeAsked);
      if (mismatch) this.error(mismatch);
    },
  };
}
