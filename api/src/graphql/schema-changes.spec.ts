import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** scripts/check-schema-changes.mjs, the breaking-change step of `npm test`, on schemas of its own. */
const SCRIPT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'check-schema-changes.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drx-schema-changes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const RELEASED = `type Query {
  """A course."""
  course(id: ID!): Course
}
type Course {
  """Its title."""
  title: String!
  """Its price in cents."""
  priceCents: Int!
}
`;

function check(current: string, unreleased: string) {
  const files = {
    SCHEMA_RELEASED: path.join(dir, 'released.graphql'),
    SCHEMA_CURRENT: path.join(dir, 'current.graphql'),
    API_CHANGELOG: path.join(dir, 'changelog.md'),
  };
  fs.writeFileSync(files.SCHEMA_RELEASED, RELEASED);
  fs.writeFileSync(files.SCHEMA_CURRENT, current);
  fs.writeFileSync(
    files.API_CHANGELOG,
    `# Changes\n\n## Unreleased\n\n${unreleased}\n\n## 2026-01-01\n\n- \`Course.title\`\n`,
  );
  const run = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, ...files }, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('the breaking-change check', () => {
  const removed = RELEASED.replace('  """Its price in cents."""\n  priceCents: Int!\n', '');
  const added = RELEASED.replace(
    '  title: String!\n',
    '  title: String!\n  """Its slug."""\n  slug: String\n',
  );

  it('fails on a breaking change that the changelog does not list, naming it and the way out', () => {
    const { status, output } = check(removed, '- nothing yet');
    expect(status).toBe(1);
    expect(output).toContain(
      "BREAKING  Course.priceCents: Field 'priceCents' was removed from object type 'Course'",
    );
    expect(output).toContain('deprecate the old one');
    expect(output).toContain('docs/api-changelog.md');
  });

  it('does not count a listing under a released heading', () => {
    expect(check(RELEASED.replace('title: String!', 'title: String'), '- nothing yet').status).toBe(1);
  });

  it('passes a breaking change listed under Unreleased, and additions without a listing', () => {
    expect(check(removed, '- `Course.priceCents` is gone: read `price`.').status).toBe(0);
    const { status, output } = check(added, '');
    expect(status).toBe(0);
    expect(output).toContain('0 breaking and 0 dangerous changes');
  });
});
