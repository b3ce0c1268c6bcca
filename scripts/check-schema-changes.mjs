#!/usr/bin/env node
// Fails when schema.graphql changes the last released graph (api/schema.released.graphql) in a
// breaking or dangerous way that docs/api-changelog.md does not list under "## Unreleased".
// GraphQL Inspector decides what is breaking. `--release` makes schema.graphql the released graph.
import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// (the variables are for the script's own test)
const CURRENT = process.env.SCHEMA_CURRENT ?? path.join(root, 'schema.graphql');
const RELEASED = process.env.SCHEMA_RELEASED ?? path.join(root, 'api', 'schema.released.graphql');
const CHANGELOG = process.env.API_CHANGELOG ?? path.join(root, 'docs', 'api-changelog.md');

if (process.argv.includes('--release')) {
  fs.copyFileSync(CURRENT, RELEASED);
  console.log('api/schema.released.graphql is now schema.graphql: move the "## Unreleased" entries of');
  console.log('docs/api-changelog.md under a heading with the release date.');
  process.exit(0);
}

/** The backticked names of the changelog's "## Unreleased" section. */
function acknowledged() {
  const text = fs.readFileSync(CHANGELOG, 'utf8');
  const section = /^## Unreleased\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text)?.[1] ?? '';
  return new Set([...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

const load = (file) => buildSchema(fs.readFileSync(file, 'utf8'));
const changes = await diff(load(RELEASED), load(CURRENT));
const risky = changes.filter((c) => c.criticality.level !== CriticalityLevel.NonBreaking);
const listed = acknowledged();
const unlisted = risky.filter((c) => !listed.has(c.path));

const counts = Object.fromEntries(
  Object.values(CriticalityLevel).map((level) => [
    level,
    changes.filter((c) => c.criticality.level === level).length,
  ]),
);
if (unlisted.length) {
  console.error(
    'schema.graphql breaks or endangers clients of the released graph (api/schema.released.graphql):',
  );
  for (const c of unlisted) console.error(`  ${c.criticality.level}  ${c.path}: ${c.message}`);
  console.error(
    '\nPrefer a non-breaking change: add the new field or argument and deprecate the old one with a\n' +
      'reason naming its replacement (@Field({ deprecationReason })). If the break is intended, list each\n' +
      'path above in backticks under "## Unreleased" in docs/api-changelog.md, saying why and what\n' +
      'clients should do.',
  );
  process.exit(1);
}
console.log(
  `schema.graphql against the released graph: ${counts.BREAKING} breaking and ${counts.DANGEROUS} ` +
    `dangerous changes, all listed in docs/api-changelog.md; ${counts.NON_BREAKING} non-breaking.`,
);
