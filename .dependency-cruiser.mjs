// Import rules of api/src, web/src and e2e, checked by dependency-cruiser (`npm run check:deps`, the
// `deps` step of `npm test`). docs/architecture.md, "Import rules", says why each rule is here.
import fs from 'node:fs';
import path from 'node:path';

/** Tests and test helpers may reach into another module (its fakes, its software authenticator). */
const TESTS = '(\\.(spec|test)\\.tsx?$|/test/)';

/** The module folders under `area` that have a front door (an index.ts or index.tsx). */
function modulesWithFrontDoor(area) {
  const dir = path.join(import.meta.dirname, area);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => ['index.ts', 'index.tsx'].some((file) => fs.existsSync(path.join(dir, name, file))))
    .sort();
}

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A module (api/src/modules/<name>, web/src/features/<name>) that has an index.ts is used by the
 * other modules only through it: no other module imports its inner files. Modules without an
 * index.ts are not checked (every API module and web feature has one since issue 32).
 * `outside`: the app's files outside the module folders use a module only through its index.ts too.
 * `pages` (the web): each feature's second door, pages.ts, holds its routed pages' loaders; only
 * `pages.from` (router.tsx) imports it, it imports its pages only with import(), and a page file
 * (`*Page.tsx`) is imported by nothing statically — so every page stays its own chunk. The entry's
 * early code (`pages.entry`) imports only a few leaf files of the features (`pages.entryLeaves`).
 */
function frontDoorRules(area, outside, pages) {
  const names = modulesWithFrontDoor(area);
  if (names.length === 0) return [];
  const modules = `^${area}/(${names.map(escape).join('|')})/`;
  const frontDoor = `^${area}/[^/]+/index\\.tsx?$`;
  const pagesDoor = `^${area}/[^/]+/pages\\.ts$`;
  const rules = [
    {
      name: 'module-front-door',
      comment: `A module with an index.ts is imported only through it (${area}: ${names.join(', ')}).`,
      severity: 'error',
      from: { path: `^${area}/([^/]+)/`, pathNot: TESTS },
      to: { path: modules, pathNot: [`^${area}/$1/`, frontDoor] },
    },
  ];
  if (outside) {
    rules.push({
      name: 'module-front-door-outside',
      comment:
        `The app's files outside the modules (${outside}: its frame, HTTP layer, seeders, jobs …) use a ` +
        'module only through its index.ts too' +
        (pages
          ? `, and ${pages.from} its pages.ts (its lazily loaded pages).`
          : `; only the module list (${area}/index.ts) imports the modules' module.ts ` +
            '(module-definition-from-list).'),
      severity: 'error',
      from: {
        path: `^${outside}/`,
        pathNot: [`^${area}/[^/]+/`, `^${area}/index\\.ts$`, TESTS, ...(pages ? [pages.entry] : [])],
      },
      to: { path: modules, pathNot: pages ? [frontDoor, pagesDoor] : frontDoor },
    });
  }
  if (pages) {
    rules.push(
      {
        name: 'entry-early-code',
        comment:
          "The entry's early code (what a visitor's browser runs before the app: main.tsx and its ssr/ " +
          'files) imports of the features only the small leaf files it shares with them, never a front door: ' +
          "a front door in the entry's graph makes the bundler split the modules the entry shares with " +
          "the app (lib/currency, lib/browserStorage) into chunks of their own, past the first tap's budget.",
        severity: 'error',
        from: { path: pages.entry, pathNot: TESTS },
        to: { path: `^${area}/`, pathNot: pages.entryLeaves },
      },
      {
        name: 'entry-leaves-stay-leaves',
        comment: "The features' files the entry's early code uses import no other file of the features.",
        severity: 'error',
        from: { path: pages.entryLeaves },
        to: { path: `^${area}/`, pathNot: pages.entryLeaves },
      },
      {
        name: 'feature-pages-from-router',
        comment: `A feature's pages.ts (the loaders of its routed pages) is imported only by ${pages.from}.`,
        severity: 'error',
        from: { pathNot: [`^${escape(pages.from)}$`, TESTS] },
        to: { path: pagesDoor },
      },
      {
        name: 'feature-pages-lazy',
        comment:
          "A feature's pages.ts loads its pages with import() only: a static import would put the page " +
          "in the router's chunk, which every page loads.",
        severity: 'error',
        from: { path: pagesDoor },
        to: { dynamic: false },
      },
      {
        name: 'routed-page-lazy',
        comment:
          `A page (${area}/<name>/*Page.tsx) is imported by nothing but with import() (its feature's ` +
          "pages.ts): a static import, e.g. from a front door, would put it in its importers' chunks. " +
          `${pages.errorElement} is the routes' error element (shown when a page's code fails to load): ` +
          'it cannot be lazy itself.',
        severity: 'error',
        from: { pathNot: TESTS },
        to: {
          path: `^${area}/[^/]+/[^/]+Page\\.tsx$`,
          pathNot: `^${escape(pages.errorElement)}$`,
          dynamic: false,
        },
      },
    );
  }
  return rules;
}

/** A MikroORM entity file of a module folder ($1: the module folder). */
const ENTITY = '^(api/src/modules/[^/]+/).*\\.entity\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only imports included: move what both files need into a file of its ' +
        'own (or to where it belongs) that both import.',
      severity: 'error',
      from: { pathNot: ENTITY },
      to: { circular: true },
    },
    // MikroORM entities of one relation name each other: the owning side's `@ManyToOne('Course')`
    // holds a `course: Course` and the inverse side's `@OneToMany(() => CourseModule, …)` a
    // `Collection<CourseModule>`. At run time one side is a string reference and the other an arrow
    // (no cycle: the back edge is an `import type`, erased by the compiler); the types are one
    // aggregate's (courses: Course → CourseModule → Lesson, Quiz → QuizQuestion). So a cycle among
    // entity files passes only when it stays within one module folder's entities and one of its edges
    // is type-only; the two rules below refuse every other entity cycle.
    {
      name: 'no-circular-entities-across-modules',
      comment: 'A cycle of entity files leaves its module folder, or passes through a non-entity file.',
      severity: 'error',
      from: { path: ENTITY },
      to: { circular: true, via: { pathNot: '^$1.*\\.entity\\.ts$' } },
    },
    {
      name: 'no-circular-entities-at-run-time',
      comment:
        'A cycle of entity files where every import is a value import: a load-order cycle. Make the ' +
        "back reference `import type` with a string reference (`@ManyToOne('Course')`).",
      severity: 'error',
      from: { path: ENTITY },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-definition-from-list',
      comment:
        "A module's module.ts (its defineModule: what the app mounts) is imported only by the module " +
        'list, api/src/modules/index.ts; other modules use its index.ts (its front door) or its files.',
      severity: 'error',
      from: { pathNot: ['^api/src/modules/index\\.ts$', TESTS] },
      to: { path: '^api/src/modules/[^/]+/module\\.ts$' },
    },
    {
      name: 'no-dev-fakes-in-app',
      comment:
        'The development fakes (dev/: the demo store, the fake Stripe) are not part of the app: api/src ' +
        'reaches the demo store only through its seam (api/src/dev-fakes.ts: a module path loaded at ' +
        'start); only tests and test helpers import dev/ (docs/architecture.md, "The development fakes").',
      severity: 'error',
      from: { path: '^api/src/', pathNot: TESTS },
      to: { path: '^dev/' },
    },
    {
      name: 'dev-fakes-stand-alone',
      comment:
        'A development fake is its own package, built on its own (dev/<name>/tsconfig.json): it imports ' +
        'no file of the app, of the web app or of another fake.',
      severity: 'error',
      from: { path: '^dev/([^/]+)/' },
      to: { path: '^(api|web|e2e|dev)/', pathNot: '^dev/$1/' },
    },
    ...frontDoorRules('api/src/modules', 'api/src'),
    ...frontDoorRules('web/src/features', 'web/src', {
      from: 'web/src/router.tsx',
      errorElement: 'web/src/features/misc/RouteErrorPage.tsx',
      entry: '^web/src/(main\\.tsx|ssr/(appStart|catalogUrl|early[A-Za-z]*)\\.ts)$',
      entryLeaves:
        '^web/src/features/(cart/(guestCart|guestMode|storageKeys)|courses/courseParams|' +
        'resources/resourceParams|shop/shopParams)\\.ts$',
    }),
  ],
  options: {
    includeOnly: '^(api/src|web/src|e2e|dev)/',
    exclude: { path: '(^|/)(node_modules|dist)/' },
    doNotFollow: { path: '(^|/)node_modules/' },
    // Parse with TypeScript itself so that `import type` and `import { type X }` count as imports.
    tsPreCompilationDeps: true,
    // The tsconfig each workspace's tsconfig extends. None of them has `paths` or `baseUrl`: imports
    // are relative, so one resolution serves api (Node16), web and e2e (Bundler) alike.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
