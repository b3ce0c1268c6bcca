#!/usr/bin/env node
// Fails when schema.graphql or web/src/gql/ differ from what the code generates.
import { execSync } from 'node:child_process';

const run = (cmd) => execSync(cmd, { stdio: ['ignore', 'pipe', 'inherit'] }).toString();

run('npm run schema --silent');
run('npm run codegen --silent');
const drift = run('git status --porcelain -- schema.graphql web/src/gql').trim();
if (drift) {
  console.error(
    'Generated files are stale or uncommitted (run `npm run schema && npm run codegen` and commit):',
  );
  console.error(drift);
  process.exit(1);
}
console.log('schema.graphql and web/src/gql are up to date.');
