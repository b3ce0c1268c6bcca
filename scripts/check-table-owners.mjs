#!/usr/bin/env node
// Table ownership (issue 32, goal 2): every table the migrations create has one owning module
// (api/src/db/table-owners.json: the module folder under api/src/modules, or `db` / `http` for the
// app's own infrastructure), and a module's SQL names only its own tables — another module's data
// is asked of that module (its front door). The SQL of each module's files (string and template
// literals, comments left out) is read for the tables it reads (`from`, `join`) and writes
// (`insert into`, `update`, `delete from`). What modules did before this rule is listed in
// scripts/table-owners.baseline.json: it may only shrink. The check fails on
// - a table without an owner (a new migration's table: add it to table-owners.json);
// - a module reading or writing another module's table that the baseline does not list;
// - a baseline entry no longer used (remove it: the list only shrinks).
// `node scripts/check-table-owners.mjs --write-baseline` rewrites the baseline from the code (only
// when an owner changed on purpose: say why in the commit).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS = path.join(root, 'api/src/db/migrations');
const MODULES = path.join(root, 'api/src/modules');
const OWNERS = path.join(root, 'api/src/db/table-owners.json');
const BASELINE = path.join(root, 'scripts/table-owners.baseline.json');

/** Tables and views the migrations create. */
function migratedTables() {
  const sql = fs
    .readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => fs.readFileSync(path.join(MIGRATIONS, f), 'utf8'))
    .join('\n');
  return new Set(
    [
      ...sql.matchAll(
        /create\s+(?:table|view|materialized\s+view)\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z_0-9]*)"?/gi,
      ),
    ].map((m) => m[1]),
  );
}

/** Non-test source files of the module folders. */
function moduleFiles(dir = MODULES, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) moduleFiles(file, out);
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(spec|test)\.tsx?$/.test(entry.name) &&
      !/(^|\/)test\//.test(file)
    )
      out.push(file);
  }
  return out;
}

/** The string and template literals of a TypeScript file, comments left out. */
function literals(source) {
  const out = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i + 2);
      if (i < 0) break;
      i += 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out.push(source.slice(i + 1, j));
      i = j + 1;
    } else i += 1;
  }
  return out;
}

const TABLE_USE = /\b(from|join|into|update|delete\s+from)\s+"?([a-z_][a-z_0-9]*)"?/gi;

/** `module → table → 'read' | 'write'` uses found in the modules' SQL, with a file for each. */
function uses(tables) {
  const found = new Map();
  for (const file of moduleFiles()) {
    const module = path.relative(MODULES, file).split(path.sep)[0];
    for (const text of literals(fs.readFileSync(file, 'utf8'))) {
      for (const m of text.matchAll(TABLE_USE)) {
        const table = m[2];
        if (!tables.has(table)) continue;
        const kind = /into|update|delete/i.test(m[1]) ? 'write' : 'read';
        const key = `${module} ${kind}s ${table}`;
        if (!found.has(key)) found.set(key, { module, table, kind, file: path.relative(root, file) });
      }
    }
  }
  return found;
}

const tables = migratedTables();
const owners = JSON.parse(fs.readFileSync(OWNERS, 'utf8'));
const problems = [];
for (const table of [...tables].sort()) {
  if (!owners[table]) problems.push(`table ${table} has no owner: add it to api/src/db/table-owners.json`);
}
for (const table of Object.keys(owners)) {
  if (!tables.has(table))
    problems.push(`api/src/db/table-owners.json names ${table}, which no migration creates`);
}
const foreign = [...uses(tables).entries()].filter(
  ([, u]) => owners[u.table] && owners[u.table] !== u.module,
);
if (process.argv.includes('--write-baseline')) {
  // As Prettier writes it (a short list fits one line), so `npm test`'s format check passes.
  const text = JSON.stringify(foreign.map(([key]) => key).sort());
  fs.writeFileSync(BASELINE, await prettier.format(text, { filepath: BASELINE }));
  console.log(`wrote ${foreign.length} entries to ${path.relative(root, BASELINE)}`);
  process.exit(0);
}
const baseline = new Set(JSON.parse(fs.readFileSync(BASELINE, 'utf8')));
for (const [key, u] of foreign) {
  if (baseline.has(key)) continue;
  problems.push(
    `${u.file}: module ${u.module} ${u.kind}s table ${u.table}, owned by module ${owners[u.table]}: ` +
      `call ${owners[u.table]}'s front door (api/src/modules/${owners[u.table]}/index.ts) instead`,
  );
}
const used = new Set(foreign.map(([key]) => key));
for (const key of baseline) {
  if (!used.has(key))
    problems.push(`scripts/table-owners.baseline.json lists "${key}", no longer done: remove it`);
}
if (problems.length) {
  console.error(
    `Table ownership: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `Table ownership: ${tables.size} tables, each with its owner; ${baseline.size} older foreign uses left.`,
);
