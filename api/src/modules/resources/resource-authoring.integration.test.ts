import fs from 'node:fs';
import path from 'node:path';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

type Agent = ReturnType<typeof request.agent>;
type Name = 'seller' | 'multi' | 'member' | 'admin';

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const PDF = Buffer.from('%PDF-1.4\n% a lesson plan about zanzibar footwork\n%%EOF\n');
const PDF2 = Buffer.from('%PDF-1.7\n% the second edition\n%%EOF\n');
/** A valid 1×1 PNG (thumbnails are decoded and stored as WebP). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TITLE = 'Zanzibar Quickstep Footwork Drills';

let t: TestApp;
let guest: Agent;
const as = {} as Record<Name, Agent>;
const idOf = {} as Record<Name, string>;
let styleId = '';
let categoryId = '';
let resourceId = '';

const db = () => t.orm.em.fork().getConnection();
const ERRORS = 'userErrors { code field message }';
const RESOURCE = `id title description type status priceCents ageGroup skillLevel thumbnailUrl rejectionReason
  danceStyle { id } category { id } files { id fileName sizeBytes contentType }`;

async function upload(agent: Agent, files: [Buffer, string][], thumbnail?: Buffer) {
  let req = agent.post('/api/upload').set('x-requested-with', 'XMLHttpRequest');
  for (const [data, filename] of files) req = req.attach('files', data, { filename });
  if (thumbnail) req = req.attach('thumbnail', thumbnail, { filename: 'cover.png' });
  const res = await req;
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { files: { uploadId: string }[]; thumbnail: { uploadId: string; url: string } | null };
}

async function mutate(agent: Agent, name: string, inputType: string, input: Record<string, unknown>) {
  const field =
    name === 'resourceFileRemove' ? `removedFileId resource { ${RESOURCE} }` : `resource { ${RESOURCE} }`;
  const res = await t.gql(
    agent,
    `mutation($input: ${inputType}!) { ${name}(input: $input) { ${field} ${ERRORS} } }`,
    { input },
  );
  return res;
}

const create = (agent: Agent, input: Record<string, unknown>) =>
  mutate(agent, 'resourceCreate', 'ResourceCreateInput', input);
const update = (agent: Agent, input: Record<string, unknown>) =>
  mutate(agent, 'resourceUpdate', 'ResourceUpdateInput', input);
const publish = (agent: Agent, id: string) => mutate(agent, 'resourcePublish', 'ResourceIdInput', { id });
const unpublish = (agent: Agent, id: string) => mutate(agent, 'resourceUnpublish', 'ResourceIdInput', { id });

async function searchTitles(text: string): Promise<string[]> {
  const res = await t.gql(guest, `query($f: ResourceFilter) { resources(filter: $f) { nodes { title } } }`, {
    f: { search: text },
  });
  expect(res.errors).toBeUndefined();
  return res.data.resources.nodes.map((n: { title: string }) => n.title);
}

beforeAll(async () => {
  t = await startTestApp();
  guest = t.agent();
  for (const name of ['seller', 'multi', 'member', 'admin'] as const) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
  const [style] = await db().execute<{ id: string }[]>("select id from dance_styles where name = 'Ballroom'");
  const [category] = await db().execute<{ id: string }[]>('select id from resource_categories limit 1');
  styleId = style.id;
  categoryId = category.id;
});
afterAll(() => t.close());

describe('resource authoring', () => {
  it('creates a draft of mine from my uploads, consuming them and moving their files', async () => {
    const up = await upload(as.seller, [[PDF, 'Footwork drills.pdf']], PNG);
    const res = await create(as.seller, {
      title: `  ${TITLE} `,
      description: 'Eight weeks of quickstep footwork for teens.',
      type: 'document',
      danceStyleId: styleId,
      ageGroup: 'Teen (13-17)',
      skillLevel: 'Intermediate',
      categoryId,
      priceCents: 1299,
      thumbnailUploadId: up.thumbnail!.uploadId,
      fileUploadIds: [up.files[0].uploadId],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.resourceCreate.userErrors).toEqual([]);
    const resource = res.data.resourceCreate.resource;
    expect(resource).toMatchObject({
      title: TITLE,
      type: 'document',
      status: 'draft',
      priceCents: 1299,
      ageGroup: 'Teen (13-17)',
      skillLevel: 'Intermediate',
      thumbnailUrl: up.thumbnail!.url,
      danceStyle: { id: styleId },
      category: { id: categoryId },
      files: [{ fileName: 'Footwork drills.pdf', sizeBytes: PDF.length, contentType: 'application/pdf' }],
    });
    resourceId = resource.id;
    const [file] = await db().execute<{ storage_key: string }[]>(
      'select storage_key from resource_files where resource_id = ?',
      [resourceId],
    );
    expect(file.storage_key).toMatch(new RegExp(`^resources/${resourceId}/[0-9a-f]{32}$`));
    expect(fs.readFileSync(path.join(t.config.privateDir, file.storage_key))).toEqual(PDF);
    expect(fs.readdirSync(path.join(t.config.privateDir, 'pending'))).toEqual([]);
    const consumed = await db().execute<{ consumed_at: Date | null }[]>(
      'select consumed_at from uploads where id in (?, ?)',
      [up.files[0].uploadId, up.thumbnail!.uploadId],
    );
    expect(consumed.every((u) => u.consumed_at !== null)).toBe(true);

    // An upload is used once.
    const again = await create(as.seller, {
      title: 'Again',
      type: 'document',
      priceCents: 0,
      fileUploadIds: [up.files[0].uploadId],
    });
    expect(again.data.resourceCreate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'fileUploadIds',
    });
  });

  it('refuses bad values, no files and someone else’s uploads, creating nothing', async () => {
    const [before] = await db().execute<{ n: number }[]>('select count(*)::int as n from resources');
    const mine = await upload(as.seller, [[PDF, 'a.pdf']]);
    const theirs = await upload(as.multi, [[PDF, 'b.pdf']]);
    const base = {
      title: 'Valid title',
      type: 'document',
      priceCents: 500,
      fileUploadIds: [mine.files[0].uploadId],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'title'],
      [{ type: 'podcast' }, 'type'],
      [{ priceCents: 100_001 }, 'priceCents'],
      [{ priceCents: -1 }, 'priceCents'],
      [{ ageGroup: 'Babies' }, 'ageGroup'],
      [{ skillLevel: 'Guru' }, 'skillLevel'],
      [{ danceStyleId: '00000000-0000-4000-8000-000000000000' }, 'danceStyleId'],
      [{ fileUploadIds: [] }, 'fileUploadIds'],
      [{ fileUploadIds: [theirs.files[0].uploadId] }, 'fileUploadIds'],
      [{ thumbnailUploadId: mine.files[0].uploadId }, 'thumbnailUploadId'],
    ];
    for (const [change, field] of cases) {
      const res = await create(as.seller, { ...base, ...change });
      expect(res.errors, field).toBeUndefined();
      expect(res.data.resourceCreate.userErrors[0], JSON.stringify(change)).toMatchObject({
        code: 'INVALID_INPUT',
        field,
      });
    }
    const [after] = await db().execute<{ n: number }[]>('select count(*)::int as n from resources');
    expect(after.n).toBe(before.n);
    // The rejected attempts left my upload usable.
    const ok = await create(as.seller, base);
    expect(ok.data.resourceCreate.userErrors).toEqual([]);
  });

  it('refuses members without the seller role', async () => {
    const res = await create(as.member, { title: 'x', type: 'document', priceCents: 0, fileUploadIds: [] });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('publishes a draft: the public search finds it and its owner can download the file', async () => {
    expect(await searchTitles('zanzibar quickstep')).not.toContain(TITLE);
    const res = await publish(as.seller, resourceId);
    expect(res.data.resourcePublish.userErrors).toEqual([]);
    expect(res.data.resourcePublish.resource.status).toBe('published');
    expect(await searchTitles('zanzibar quickstep')).toContain(TITLE);
    const download = await as.seller
      .get(`/api/resources/${resourceId}/download`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Footwork drills.pdf"');
    expect(Buffer.compare(download.body as Buffer, PDF)).toBe(0);
    expect((await as.member.get(`/api/resources/${resourceId}/download`)).status).toBe(403);
  });

  it('lets only the owner and staff edit: another seller gets FORBIDDEN, staff may', async () => {
    const other = await update(as.multi, { id: resourceId, title: 'Hijacked' });
    expect(other.data.resourceUpdate.userErrors[0]).toMatchObject({ code: 'FORBIDDEN' });
    const forEdit = await t.gql(as.multi, 'query($id: ID!) { resourceForEdit(id: $id) { id } }', {
      id: resourceId,
    });
    expect(forEdit.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const member = await update(as.member, { id: resourceId, title: 'Hijacked' });
    expect(member.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await unpublish(as.multi, resourceId)).data.resourceUnpublish.userErrors[0].code).toBe(
      'FORBIDDEN',
    );
    const [multis] = await db().execute<{ id: string; title: string }[]>(
      'select id, title from resources where seller_id = ? limit 1',
      [idOf.multi],
    );
    const sellerOnMulti = await update(as.seller, { id: multis.id, title: 'Hijacked' });
    expect(sellerOnMulti.data.resourceUpdate.userErrors[0]).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can edit only your own resources',
    });
    const [unchanged] = await db().execute<{ title: string }[]>('select title from resources where id = ?', [
      multis.id,
    ]);
    expect(unchanged.title).toBe(multis.title);
    const unknown = await update(as.seller, { id: '00000000-0000-4000-8000-000000000000', title: 'x' });
    expect(unknown.data.resourceUpdate.userErrors[0].code).toBe('NOT_FOUND');

    const staff = await update(as.admin, { id: resourceId, description: 'Edited by staff.' });
    expect(staff.data.resourceUpdate.userErrors).toEqual([]);
    expect(staff.data.resourceUpdate.resource.description).toBe('Edited by staff.');
    const own = await t.gql(as.seller, `query($id: ID!) { resourceForEdit(id: $id) { ${RESOURCE} } }`, {
      id: resourceId,
    });
    expect(own.data.resourceForEdit).toMatchObject({ title: TITLE, description: 'Edited by staff.' });
    const [row] = await db().execute<{ title: string }[]>('select title from resources where id = ?', [
      resourceId,
    ]);
    expect(row.title).toBe(TITLE);
  });

  it('replaces a file (add + remove) and removes the old file from disk', async () => {
    const [old] = await db().execute<{ id: string; storage_key: string }[]>(
      'select id, storage_key from resource_files where resource_id = ?',
      [resourceId],
    );
    const up = await upload(as.seller, [[PDF2, 'Second edition.pdf']]);
    const res = await update(as.seller, {
      id: resourceId,
      addFileUploadIds: [up.files[0].uploadId],
      removeFileIds: [old.id],
    });
    expect(res.data.resourceUpdate.userErrors).toEqual([]);
    expect(res.data.resourceUpdate.resource.files).toEqual([
      expect.objectContaining({ fileName: 'Second edition.pdf', sizeBytes: PDF2.length }),
    ]);
    expect(fs.existsSync(path.join(t.config.privateDir, old.storage_key))).toBe(false);
    // A published resource keeps at least one file.
    const last = res.data.resourceUpdate.resource.files[0].id;
    const remove = await mutate(as.seller, 'resourceFileRemove', 'ResourceFileRemoveInput', { fileId: last });
    expect(remove.data.resourceFileRemove.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT' });
    const foreign = await update(as.seller, {
      id: resourceId,
      removeFileIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(foreign.data.resourceUpdate.userErrors[0]).toMatchObject({ field: 'removeFileIds' });
  });

  it('unpublishes (hidden from search); after a rejection an edit resubmits it and only staff approval publishes it', async () => {
    const off = await unpublish(as.seller, resourceId);
    expect(off.data.resourceUnpublish.resource.status).toBe('draft');
    expect(await searchTitles('zanzibar quickstep')).not.toContain(TITLE);

    const reject = await t.gql(
      as.admin,
      `mutation($input: ResourceRejectInput!) { resourceReject(input: $input) { ${ERRORS} } }`,
      { input: { resourceId, reason: 'Add a description of the drills' } },
    );
    expect(reject.data.resourceReject.userErrors).toEqual([]);
    const blocked = await publish(as.seller, resourceId);
    expect(blocked.data.resourcePublish.userErrors[0]).toMatchObject({ code: 'FORBIDDEN', field: 'id' });

    // An empty edit resubmits it for review: not a draft, and its seller still cannot publish it.
    const empty = await update(as.seller, { id: resourceId });
    expect(empty.data.resourceUpdate.resource).toMatchObject({
      status: 'pending_review',
      rejectionReason: 'Add a description of the drills',
    });
    const stillBlocked = await publish(as.seller, resourceId);
    expect(stillBlocked.data.resourcePublish).toMatchObject({
      resource: null,
      userErrors: [
        {
          code: 'FORBIDDEN',
          field: 'id',
          message:
            'This resource is waiting for review; the curriculum team publishes it when they approve it',
        },
      ],
    });
    expect((await unpublish(as.seller, resourceId)).data.resourceUnpublish.resource.status).toBe(
      'pending_review',
    );
    const edited = await update(as.seller, { id: resourceId, description: 'Eight drills with counts.' });
    expect(edited.data.resourceUpdate.resource.status).toBe('pending_review');
    expect((await publish(as.seller, resourceId)).data.resourcePublish.userErrors[0].code).toBe('FORBIDDEN');
    expect(await searchTitles('zanzibar quickstep')).not.toContain(TITLE);
    const [row] = await db().execute<{ status: string }[]>('select status from resources where id = ?', [
      resourceId,
    ]);
    expect(row.status).toBe('pending_review');

    // The officer's queue lists it; their approval publishes it.
    const queue = await t.gql(
      as.admin,
      `query { adminResources(status: "pending_review", first: 100) { nodes { id } }
        curriculumReviewQueue { resubmittedCount } }`,
    );
    expect(queue.data.adminResources.nodes.map((n: { id: string }) => n.id)).toEqual([resourceId]);
    expect(queue.data.curriculumReviewQueue.resubmittedCount).toBe(1);
    const approved = await t.gql(
      as.admin,
      `mutation($input: ResourceModerateInput!) { resourceApprove(input: $input) {
        resource { status rejectionReason } ${ERRORS} } }`,
      { input: { resourceId } },
    );
    expect(approved.data.resourceApprove).toMatchObject({
      resource: { status: 'published', rejectionReason: null },
      userErrors: [],
    });
    expect(await searchTitles('zanzibar quickstep')).toContain(TITLE);
  });

  it('a draft without files cannot be published', async () => {
    const up = await upload(as.seller, [[PDF, 'x.pdf']]);
    const res = await create(as.seller, {
      title: 'Temporary',
      type: 'document',
      priceCents: 0,
      fileUploadIds: [up.files[0].uploadId],
    });
    const draft = res.data.resourceCreate.resource;
    const removed = await mutate(as.seller, 'resourceFileRemove', 'ResourceFileRemoveInput', {
      fileId: draft.files[0].id,
    });
    expect(removed.data.resourceFileRemove).toMatchObject({
      removedFileId: draft.files[0].id,
      userErrors: [],
    });
    expect(removed.data.resourceFileRemove.resource.files).toEqual([]);
    const pub = await publish(as.seller, draft.id);
    expect(pub.data.resourcePublish.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Add at least one file before publishing',
    });
  });

  it('refuses a suspended seller creating or publishing (SUSPENDED)', async () => {
    const up = await upload(as.multi, [[PDF, 'm.pdf']]);
    const draft = await create(as.multi, {
      title: 'Multi draft',
      type: 'document',
      priceCents: 0,
      fileUploadIds: [up.files[0].uploadId],
    });
    const id = draft.data.resourceCreate.resource.id;
    await db().execute('update seller_profiles set suspended = true where user_id = ?', [idOf.multi]);
    try {
      expect((await publish(as.multi, id)).data.resourcePublish.userErrors[0].code).toBe('SUSPENDED');
      const up2 = await upload(as.multi, [[PDF, 'm2.pdf']]);
      const again = await create(as.multi, {
        title: 'x',
        type: 'document',
        priceCents: 0,
        fileUploadIds: [up2.files[0].uploadId],
      });
      expect(again.data.resourceCreate.userErrors[0].code).toBe('SUSPENDED');
    } finally {
      await db().execute('update seller_profiles set suspended = false where user_id = ?', [idOf.multi]);
    }
  });

  it('creates the store of a first-time seller ("<name>\'s Store")', async () => {
    await db().execute('delete from seller_profiles where user_id = ?', [idOf.admin]);
    const up = await upload(as.admin, [[PDF, 'staff.pdf']]);
    const res = await create(as.admin, {
      title: 'Staff sample',
      type: 'document',
      priceCents: 0,
      fileUploadIds: [up.files[0].uploadId],
    });
    expect(res.data.resourceCreate.userErrors).toEqual([]);
    const [profile] = await db().execute<{ store_name: string }[]>(
      'select store_name from seller_profiles where user_id = ?',
      [idOf.admin],
    );
    const [user] = await db().execute<{ first_name: string | null; username: string }[]>(
      'select first_name, username from users where id = ?',
      [idOf.admin],
    );
    expect(profile.store_name).toBe(`${user.first_name || user.username}'s Store`);
  });

  it('lists my resources of any status with counts; staff may list another seller’s', async () => {
    const q = `query($status: String, $sellerId: ID) {
      sellerResources(first: 100, status: $status, sellerId: $sellerId) { totalCount nodes { id status seller { id } } }
      sellerResourceCounts(sellerId: $sellerId) { total draft published rejected pendingReview } }`;
    const mine = await t.gql(as.seller, q);
    expect(mine.errors).toBeUndefined();
    const nodes = mine.data.sellerResources.nodes as { id: string; status: string; seller: { id: string } }[];
    expect(nodes.every((n) => n.seller.id === idOf.seller)).toBe(true);
    expect(nodes.map((n) => n.id)).toContain(resourceId);
    expect(new Set(nodes.map((n) => n.status)).has('draft')).toBe(true);
    const counts = mine.data.sellerResourceCounts;
    expect(counts.total).toBe(mine.data.sellerResources.totalCount);
    expect(counts.draft + counts.published + counts.rejected + counts.pendingReview).toBe(counts.total);
    const drafts = await t.gql(as.seller, q, { status: 'draft' });
    expect(drafts.data.sellerResources.totalCount).toBe(counts.draft);
    const spy = await t.gql(as.multi, q, { sellerId: idOf.seller });
    expect(spy.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const staff = await t.gql(as.admin, q, { sellerId: idOf.seller });
    expect(staff.data.sellerResources.totalCount).toBe(counts.total);
    const anon = await t.gql(guest, q);
    expect(anon.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
