import fs from 'node:fs';
import path from 'node:path';
import { log } from '../observability/logger';

/** A chunk of Vite's build manifest (web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The app's code, fetched by the entry first thing on a signed-in member's page (web/src/main.tsx). */
const APP_MODULE = 'src/boot.tsx';

function readManifest(webDist: string): Record<string, ManifestChunk> | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      log().error({ err: error }, '[pages] the build manifest could not be read; no module preloads');
    }
    return null;
  }
}

/**
 * `<link rel="modulepreload">` tags for the app's code and a page's own chunk, with everything they
 * import: a signed-in member's browser starts the app at once, and without them it finds its code
 * a round trip at a time (the entry, then the app, then the page once the app runs). With them,
 * at the end of the page's HTML, it asks for all of it in one go once the content is in (in the
 * `<head>` they shared a phone's link with the content). The page is a source module, the manifest's key
 * (web/src/router.tsx names it). Empty when the app is not built with a manifest.
 */
export function routePreloads(webDist: string): (pageModule: string, nonce: string) => string {
  let manifest: Record<string, ManifestChunk> | null | undefined;
  const cache = new Map<string, string[]>();
  const filesOf = (pageModule: string): string[] => {
    manifest ??= readManifest(webDist);
    if (!manifest) return [];
    const known = cache.get(pageModule);
    if (known) return known;
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest?.[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (!chunk.isEntry) files.push(chunk.file); // the entry is the page's own script tag
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(APP_MODULE);
    visit(pageModule);
    cache.set(pageModule, files);
    return files;
  };
  return (pageModule, nonce) =>
    filesOf(pageModule)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" nonce="${nonce}">`)
      .join('');
}
