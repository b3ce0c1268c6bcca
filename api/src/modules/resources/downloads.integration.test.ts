import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const USERS = ['admin', 'seller', 'member', 'multi', 'officer'] as const;
type Name = (typeof USERS)[number];

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;
const idOf = {} as Record<Name, string>;
let resourceId = '';
let fileId = '';
let fileName = '';
let contentType = '';
const BYTES = Buffer.from('%PDF-1.4 the real bytes of the resource\n');

const db = () => t.orm.em.fork().getConnection();

async function counts() {
  const [row] = await db().execute<{ downloads: number; events: number }[]>(
    `select r.download_count as downloads,
       (select count(*)::int from download_events e where e.resource_id = r.id) as events
     from resources r where r.id = ?`,
    [resourceId],
  );
  return row;
}

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  for (const name of USERS) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
  // A published resource of the demo seller that neither member nor multi holds.
  const [row] = await db().execute<{ id: string }[]>(
    `select r.id from resources r where r.seller_id = ? and r.status = 'published'
       and not exists (select 1 from entitlements e where e.resource_id = r.id and e.user_id in (?, ?))
     order by r.created_at limit 1`,
    [idOf.seller, idOf.member, idOf.multi],
  );
  resourceId = row.id;
  const [file] = await db().execute<
    { id: string; storage_key: string; file_name: string; content_type: string }[]
  >(
    'select id, storage_key, file_name, content_type from resource_files where resource_id = ? order by position limit 1',
    [resourceId],
  );
  fileId = file.id;
  fileName = file.file_name;
  contentType = file.content_type;
  const absolute = path.join(t.config.privateDir, file.storage_key);
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  fs.writeFileSync(absolute, BYTES);
  await db().execute(
    `insert into entitlements (id, user_id, resource_id, source, created_at) values (?, ?, ?, 'granted', now())`,
    [randomUUID(), idOf.member, resourceId],
  );
});
afterAll(() => t.close());

describe('resource downloads', () => {
  it('streams the file to an entitled buyer with its headers and records the download', async () => {
    const before = await counts();
    const res = await as.member
      .get(`/api/resources/${resourceId}/download`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, BYTES)).toBe(0);
    expect(res.headers['content-type']).toContain(contentType);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    const after = await counts();
    expect(after.downloads).toBe(before.downloads + 1);
    expect(after.events).toBe(before.events + 1);
    const [event] = await db().execute<{ user_id: string; file_id: string }[]>(
      'select user_id, file_id from download_events where resource_id = ? order by created_at desc limit 1',
      [resourceId],
    );
    expect(event).toEqual({ user_id: idOf.member, file_id: fileId });
  });

  it('answers HEAD with the headers but records no download', async () => {
    const before = await counts();
    const res = await as.member.head(`/api/resources/${resourceId}/download`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(await counts()).toEqual(before);
  });

  it('serves /api/curriculum/:id/download with ?fileId= too', async () => {
    const res = await as.member.get(`/api/curriculum/${resourceId}/download?fileId=${fileId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
  });

  it('lets the seller and staff download', async () => {
    for (const name of ['seller', 'admin', 'officer'] as const) {
      const res = await as[name].get(`/api/resources/${resourceId}/download`);
      expect(res.status, name).toBe(200);
    }
  });

  it('refuses other members (403), guests (401) and unknown resources or files (404), recording nothing', async () => {
    const before = await counts();
    const other = await as.multi.get(`/api/resources/${resourceId}/download`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Buy this resource to download it');
    const anon = await guest.get(`/api/curriculum/${resourceId}/download`);
    expect(anon.status).toBe(401);
    expect(anon.body.message).toEqual(expect.any(String));
    expect((await as.member.get(`/api/resources/${randomUUID()}/download`)).status).toBe(404);
    expect((await as.member.get('/api/resources/not-a-uuid/download')).status).toBe(404);
    expect((await as.member.get(`/api/resources/${resourceId}/download?fileId=${randomUUID()}`)).status).toBe(
      404,
    );
    expect(
      (await as.member.get(`/api/resources/${resourceId}/download?fileId=../../etc/passwd`)).status,
    ).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('tells the graph who can download and lists my resources', async () => {
    const q = `query($id: ID!) { resource(id: $id) { viewerCanDownload } }`;
    for (const [name, expected] of [
      ['member', true],
      ['seller', true],
      ['officer', true],
      ['multi', false],
    ] as const) {
      const res = await t.gql(as[name], q, { id: resourceId });
      expect(res.data.resource.viewerCanDownload, name).toBe(expected);
    }
    expect((await t.gql(guest, q, { id: resourceId })).data.resource.viewerCanDownload).toBe(false);

    const mine = `query { myResources(first: 50) { totalCount nodes { id files { id fileName sizeBytes contentType } } } }`;
    const res = await t.gql(as.member, mine);
    expect(res.errors).toBeUndefined();
    const node = res.data.myResources.nodes.find((n: { id: string }) => n.id === resourceId);
    expect(node.files[0]).toMatchObject({ id: fileId, fileName, contentType });
    const anon = await t.gql(guest, mine);
    expect(anon.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('loads my resources with their files and viewer fields in a fixed number of queries', async () => {
    await db().execute(
      `insert into entitlements (id, user_id, resource_id, source, created_at)
       select gen_random_uuid(), ?, r.id, 'granted', now() from resources r
       where r.status = 'published' on conflict do nothing`,
      [idOf.member],
    );
    const mine = `query($first: Int) { myResources(first: $first) {
      totalCount nodes { id viewerCanDownload viewerCanReview files { id fileName } } } }`;
    const sqlOf = async (first: number) => {
      const spy = vi.spyOn(t.orm.config.getLogger(), 'logQuery');
      try {
        const res = await t.gql(as.member, mine, { first });
        expect(res.errors).toBeUndefined();
        expect(res.data.myResources.nodes.length).toBe(Math.min(first, res.data.myResources.totalCount));
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const one = await sqlOf(1);
    const many = await sqlOf(50);
    expect(many).toBe(one);
  });
});

describe('GET /api/resources/{id}/thumbnail (the path the guest cart builds from an id)', () => {
  it('redirects to the resource thumbnail, or to the default image for unknown ids', async () => {
    await db().execute('update resources set thumbnail_url = ? where id = ?', [
      '/uploads/thumbnails/known.png',
      resourceId,
    ]);
    const known = await guest.get(`/api/resources/${resourceId}/thumbnail`);
    expect(known.status).toBe(302);
    expect(known.headers.location).toBe('/uploads/thumbnails/known.png');
    for (const id of [randomUUID(), 'not-an-id']) {
      const unknown = await guest.get(`/api/resources/${id}/thumbnail`);
      expect(unknown.status).toBe(302);
      expect(unknown.headers.location).toBe('/images/default-resource.svg');
    }
  });
});
