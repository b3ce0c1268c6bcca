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
 * index.ts are not checked yet (issue 32 gives each one its front door, one by one).
 */
function frontDoorRules(area, outside) {
  const names = modulesWithFrontDoor(area);
  if (names.length === 0) return [];
  const modules = `^${area}/(${names.map(escape).join('|')})/`;
  const frontDoor = `^${area}/[^/]+/index\\.tsx?$`;
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
        `module only through its index.ts too; only the module list (${area}/index.ts) imports the ` +
        "modules' module.ts (module-definition-from-list).",
      severity: 'error',
      from: { path: `^${outside}/`, pathNot: [`^${area}/[^/]+/`, `^${area}/index\\.ts$`, TESTS] },
      to: { path: modules, pathNot: frontDoor },
    });
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
    ...frontDoorRules('web/src/features'),
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
