import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A page shell as Vite writes it: the nonce placeholder on its tags, an empty root. */
export const TEST_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>DRX</title>
    <meta property="csp-nonce" nonce="DRX_CSP_NONCE">
    <script type="module" crossorigin src="/assets/index.js" nonce="DRX_CSP_NONCE"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const webDir = path.resolve(__dirname, '../../../web');

/** A server render built from the current web source into a folder of the test's own. */
export interface ServerRenderBuild {
  /** The web app's folder beside `dist-ssr` (its index.html is TEST_INDEX_HTML). */
  webDist: string;
  /** Removes the whole folder. */
  remove(): void;
}

/**
 * Builds web/src/entry-server.tsx (≈ 13 s) into a new temporary folder named from `prefix`, with
 * a `dist/index.html` beside it: an app started with that `webDist` renders pages with today's
 * source, whatever was last built into web/.
 */
export function buildServerRender(prefix: string): ServerRenderBuild {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  execFileSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(buildDir, 'dist-ssr'),
      '--logLevel',
      'error',
    ],
    { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const webDist = path.join(buildDir, 'dist');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), TEST_INDEX_HTML);
  return { webDist, remove: () => fs.rmSync(buildDir, { recursive: true, force: true }) };
}
