import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { chakraGlobal } from './chakraGlobal';

const chakraEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm',
);
const SYSTEM = path.join(chakraEsm, 'styled-system/system.js');
const PRESET = path.join(chakraEsm, 'preset.js');

/** The plugin's transform of `code` as module `id`; a build error is thrown. */
function transform(code: string, id: string): string | null {
  const plugin = chakraGlobal('src/themeConfig.ts') as Plugin & {
    transform: (this: Rollup.TransformPluginContext, code: string, id: string) => string | null;
  };
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  } as unknown as Rollup.TransformPluginContext;
  return plugin.transform.call(context, code, id);
}

describe('the build’s changes to Chakra (build/chakraGlobal.ts)', () => {
  it('makes the installed Chakra’s _global when read, and marks its unused default system pure', () => {
    const system = transform(fs.readFileSync(SYSTEM, 'utf8'), SYSTEM)!;
    expect(system).not.toContain('const _global = [');
    expect(system).toContain('get _global() {');
    const preset = transform(fs.readFileSync(PRESET, 'utf8'), PRESET)!;
    expect(preset).toContain('const defaultSystem = /* @__PURE__ */ createSystem(defaultConfig);');
  });

  it('fails the build when Chakra’s modules no longer read as expected', () => {
    expect(() => transform('export function createSystem() {}', SYSTEM)).toThrow(/no longer makes _global/);
    expect(() => transform('export const defaultSystem = make();', PRESET)).toThrow(
      /no longer makes defaultSystem/,
    );
  });

  it('leaves every other module alone', () => {
    expect(transform('const _global = 1;', '/x/node_modules/other/system.js')).toBeNull();
  });
});
