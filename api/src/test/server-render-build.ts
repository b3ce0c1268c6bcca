import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

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

/** Builds web/src/entry-server.tsx (≈ 13 s) into `outDir`. */
function buildInto(outDir: string): void {
  execFileSync(
    'npx',
    ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', outDir, '--logLevel', 'error'],
    {
      cwd: webDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/**
 * The run's one build (`drxServerRender`, a folder the integration run's global setup names and
 * removes: template-database.global.ts): the first test file to ask builds it there, the others —
 * in this worker or another — wait for it. Two files built the same bundle before, ≈ 10 CPU-seconds
 * each (2026-12-07).
 */
async function sharedBuild(folder: string): Promise<string> {
  const bundle = path.join(folder, 'dist-ssr');
  const done = path.join(folder, 'done');
  const failed = path.join(folder, 'failed');
  try {
    fs.mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another file builds it: wait for its outcome.
    for (const end = Date.now() + 170_000; Date.now() < end;) {
      if (fs.existsSync(done)) return bundle;
      if (fs.existsSync(failed))
        throw new Error(`The run's server render build failed: ${fs.readFileSync(failed, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The run's server render build in ${folder} did not finish within 170 s`);
  }
  try {
    buildInto(bundle);
  } catch (error) {
    fs.writeFileSync(failed, String((error as Error).message));
    throw error;
  }
  fs.writeFileSync(done, '');
  return bundle;
}

/**
 * A server render of the current web source (web/src/entry-server.tsx) in a new temporary folder
 * named from `prefix`, with a `dist/index.html` beside it: an app started with that `webDist`
 * renders pages with today's source, whatever was last built into web/. In the integration run the
 * bundle is a copy of the run's one build, else one built into the folder.
 */
export async function buildServerRender(prefix: string): Promise<ServerRenderBuild> {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const shared = inject('drxServerRender');
  const outDir = path.join(buildDir, 'dist-ssr');
  // Copied, not linked: each file's apps import a bundle of their own, as when each built one (with
  // a link, one run failed a member's render in page-access; its cause was not found).
  if (shared) fs.cpSync(await sharedBuild(shared), outDir, { recursive: true });
  else buildInto(outDir);
  const webDist = path.join(buildDir, 'dist');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), TEST_INDEX_HTML);
  return { webDist, remove: () => fs.rmSync(buildDir, { recursive: true, force: true }) };
}
