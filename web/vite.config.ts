import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { chakraGlobal } from './build/chakraGlobal.ts';
import { chakraRecipes } from './build/chakraRecipes.ts';
import { graphqlDocuments } from './build/graphqlDocuments.ts';

// Everything the API process serves; in development the Vite server forwards it there.
const API_ORIGIN = 'http://localhost:4000';
const proxiedPaths = ['/graphql', '/api', '/uploads', '/healthz', '/readyz', '/ruru-static'];

// A feature's front door (index.ts) and its pages' loaders (pages.ts) only re-export and declare:
// importing one name of a front door must not run (and bundle) the feature's other files, which
// the bundler would otherwise keep for their top-level calls (documents, contexts). So an importer
// gets what it would get importing the inner file itself (docs/architecture.md, "Import rules").
const FRONT_DOOR = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;
// Every other module keeps the default (true: its top-level code is kept when it may have an effect).
const frontDoors = { treeshake: { moduleSideEffects: (id: string) => !FRONT_DOOR.test(id) } };

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A production build is one whatever NODE_ENV the shell has (vitest sets `test`, and `npm start`
  // may build under it): otherwise React's development build and JSX runtime go into the bundles.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [
      graphqlDocuments('src/gql'),
      chakraGlobal('src/themeConfig.ts'),
      chakraRecipes('src/themeRecipes.ts', !isSsrBuild),
      react(),
      // The server render's bundle (dist-ssr/) is read by the API, not sent to browsers.
      !isSsrBuild &&
        // A .br and a .gz beside every built file worth compressing (built once, served many times:
        // api/src/http/static-assets.ts picks one by the client's Accept-Encoding).
        // Not index.html: the server writes each page's nonce into it, and compresses it on the fly.
        compression({
          include: /\.(js|mjs|css|svg|json|txt|xml|webmanifest|wasm|map)$/,
          exclude: /\.html$/,
          threshold: 1024,
          skipIfLargerOrEqual: true,
          // Both at their highest levels (the plugin's defaults for these algorithms).
          algorithms: ['brotliCompress', 'gzip'],
        }),
    ],
    // The server writes each page's Content-Security-Policy nonce over this placeholder
    // (api/src/http/web-app.ts); Vite puts it on the page's tags and in <meta property="csp-nonce">.
    html: { cspNonce: 'DRX_CSP_NONCE' },
    server: {
      proxy: Object.fromEntries(
        proxiedPaths.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }]),
      ),
    },
    // The server render's bundle holds its packages, built for production whatever NODE_ENV the API
    // runs with (`npm start` sets none, and React's development build renders several times slower).
    ...(isSsrBuild && {
      ssr: { noExternal: true, resolve: { conditions: ['production'] } },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    }),
    build: isSsrBuild
      ? // The server render of the public pages (src/entry-server.tsx, api/src/http/server-render.ts):
        // the app's code, its packages imported from node_modules at run time.
        { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false, rolldownOptions: frontDoors }
      : {
          outDir: 'dist',
          // dist/.vite/manifest.json: which chunks each page loads (scripts/check-bundle.mjs).
          manifest: true,
          emptyOutDir: true,
          rolldownOptions: {
            ...frontDoors,
            output: {
              // Long-lived vendor chunks, so a release of the app does not invalidate them.
              codeSplitting: {
                groups: [
                  {
                    name: 'vendor-react',
                    test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
                    priority: 3,
                  },
                  {
                    name: 'vendor-chakra',
                    test: /node_modules[\\/](@chakra-ui|@emotion|@pandacss|stylis)[\\/]/,
                    priority: 2,
                  },
                  // Chakra's behaviour (Ark UI on zag state machines) apart, so no chunk passes 500 kB
                  // minified (scripts/check-bundle.mjs).
                  {
                    name: 'vendor-ark',
                    test: /node_modules[\\/](@ark-ui|@zag-js|@floating-ui|@internationalized|proxy-compare)[\\/]/,
                    priority: 4,
                  },
                  {
                    name: 'vendor-apollo',
                    test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)[\\/]/,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
    test: {
      environment: 'node',
      include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', 'build/**/*.spec.ts'],
      // The files share each worker's modules (React, Chakra, Apollo) instead of importing them
      // again per file: 104 files 363 s → 38 s side by side on a loaded machine (load ≈ 15).
      isolate: false,
    },
  };
});
