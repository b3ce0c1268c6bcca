import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

const VIRTUAL = 'virtual:drx-chakra-global';
const RESOLVED = `\0${VIRTUAL}`;
/** Chakra's `createSystem` (its ES and CommonJS builds). */
const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/](esm|cjs)[\\/]styled-system[\\/]system\.c?js$/;
const EAGER_GLOBAL = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n';
const GLOBAL_FIELD = '    _global,\n';
/** Chakra's preset (its ES build), which also makes a system of the defaults alone. */
const PRESET_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]preset\.js$/;
const DEFAULT_SYSTEM = 'const defaultSystem = createSystem(defaultConfig);';

/**
 * The design system's global style sheet, made when the app is built (src/theme.ts says why):
 *
 * - `virtual:drx-chakra-global` is `system._global` serialized by Emotion as `Global` would at run
 *   time (its name and CSS text), from src/themeConfig.ts and Chakra's defaults, in Node;
 * - Chakra's `createSystem` makes `_global` only when it is read, which the app never does (it sets
 *   its own): the bundles' copy of Chakra's system module is changed so. A Chakra whose module no
 *   longer reads as expected fails the build here, never silently; where the module is not bundled
 *   (the development server's pre-bundled packages, unit tests) it is made at once, as before, and
 *   replaced — the same style sheet, made more slowly.
 *
 * And Chakra's preset module makes `defaultSystem`, a whole system of its defaults, when it is
 * evaluated, though the app never uses it (it has its own): 120 ms of the ≈ 300 ms in which a
 * phone evaluated Chakra's chunk. The call is marked pure, so the bundler leaves it out.
 */
export function chakraGlobal(themeConfig: string): Plugin {
  return {
    name: 'drx-chakra-global',
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    async load(id) {
      if (id !== RESOLVED) return null;
      const file = path.resolve(themeConfig);
      this.addWatchFile(file);
      const { module } = await runnerImport<{ drxConfig: object }>(file, {
        configFile: false,
        logLevel: 'error',
      });
      const { createSystem, defaultConfig } = await import('@chakra-ui/react');
      const { serializeStyles } = await import('@emotion/serialize');
      const { name, styles } = serializeStyles([createSystem(defaultConfig, module.drxConfig)._global]);
      return `export default ${JSON.stringify({ name, styles })};`;
    },
    transform(code, id) {
      if (PRESET_MODULE.test(id)) {
        if (!code.includes(DEFAULT_SYSTEM)) {
          this.error(`Chakra's ${id} no longer makes defaultSystem as build/chakraGlobal.ts expects`);
        }
        return code.replace(
          DEFAULT_SYSTEM,
          DEFAULT_SYSTEM.replace('= createSystem', '= /* @__PURE__ */ createSystem'),
        );
      }
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(EAGER_GLOBAL) || !code.includes(GLOBAL_FIELD)) {
        this.error(`Chakra's ${id} no longer makes _global as build/chakraGlobal.ts expects`);
      }
      return code
        .replace(EAGER_GLOBAL, '  let drxGlobal;\n')
        .replace(
          GLOBAL_FIELD,
          '    get _global() {\n      return drxGlobal ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
        );
    },
  };
}
