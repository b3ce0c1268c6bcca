import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { newCertificateNumber, NUMBER_PATTERN } from './certificate-number';
import { User } from '../users/user.entity';
import { revokeCertificatesForRefund } from './certificate-refunds';
import { CertificatesService } from './certificates.service';
import { extractPdfText } from './pdf-text';

let t: TestApp;
type Agent = ReturnType<typeof request.agent>;

const PASSWORD = 'drx-demo-2026';
const json = { 'content-type': 'application/json' };
const DEMO = ['admin', 'officer', 'seller', 'instructor', 'member', 'multi'] as const;
type DemoName = (typeof DEMO)[number];

const as = {} as Record<DemoName, Agent>;
const idOf = {} as Record<DemoName, string>;
/** Demo courses by title, with their instructor's username. */
const courses = new Map<string, { id: string; instructor: string }>();

/** A course the demo instructor teaches, and the one `multi` teaches. */
let ownCourse: string;
let otherCourse: string;
let ownCourseTitle: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of DEMO) {
    const browser = t.agent();
    const res = await browser.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = browser;
    idOf[name] = res.body.id;
  }
  const rows: { id: string; title: string; username: string }[] = await db().execute(
    `select c.id, c.title, u.username from courses c join users u on u.id = c.instructor_id order by c.title`,
  );
  for (const r of rows) courses.set(r.title, { id: r.id, instructor: r.username });
  ownCourseTitle = 'Foundations of Teaching Dance';
  ownCourse = courses.get(ownCourseTitle)!.id;
  otherCourse = courses.get('Hip Hop Choreography for Teens')!.id;
  expect(courses.get(ownCourseTitle)!.instructor).toBe('instructor');
  expect(courses.get('Hip Hop Choreography for Teens')!.instructor).toBe('multi');
});
afterAll(() => t.close());

function db() {
  return t.orm.em.fork().getConnection();
}

/** A service on its own EntityManager, as one request would have. */
function service() {
  return new CertificatesService(t.orm.em.fork());
}

let userCounter = 0;
/** Inserts a plain member (no argon2) and returns its id. */
async function newMember(firstName: string | null = 'Nora', lastName: string | null = 'Newcomer') {
  const id = randomUUID();
  const username = `student${++userCounter}${Date.now().toString(36)}`;
  await db().execute(
    `insert into users (id, username, username_key, password_hash, role, roles, first_name, last_name)
     values (?, ?, ?, 'x', 'user', '{user}', ?, ?)`,
    [id, username, username, firstName, lastName],
  );
  return { id, username };
}

async function enroll(userId: string, courseId: string) {
  await db().execute(
    `insert into enrollments (id, user_id, course_id, source) values (?, ?, ?, 'free') on conflict do nothing`,
    [randomUUID(), userId, courseId],
  );
}

async function certificateRows(userId: string, courseId: string) {
  return db().execute<{ id: string; number: string; template_id: string }[]>(
    'select id, number, template_id from certificates where user_id = ? and course_id = ?',
    [userId, courseId],
  );
}

/** The PDF's text with every run of white space (line breaks included) as one space. */
function pdfText(pdf: Buffer): string {
  return extractPdfText(pdf).replace(/\s+/g, ' ');
}

function codes(res: { errors?: { extensions?: { code?: string } }[] }) {
  return res.errors?.map((e) => e.extensions?.code);
}

async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

/** Reads a binary response body (supertest does not buffer application/pdf by itself). */
function binary(
  res: NodeJS.ReadableStream & { on: (...args: any[]) => any },
  done: (e: Error | null, b: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

const CERT_FIELDS = `id number status issuedAt revokedAt revokeReason studentName courseTitle courseId
  verificationUrl pdfUrl mergeFields { studentName courseTitle issuedOn certificateNumber instructorName }
  template { id name heading body signatoryName signatoryTitle accentColor isDefault }`;
const ISSUE = `mutation I($input: CertificateIssueInput!) { certificateIssue(input: $input) {
  certificate { id number studentName courseTitle } alreadyIssued userErrors { code field message } } }`;
const REVOKE = `mutation R($input: CertificateRevokeInput!) { certificateRevoke(input: $input) {
  certificate { id status revokedAt revokeReason } userErrors { code field message } } }`;
const REINSTATE = `mutation R($input: CertificateReinstateInput!) { certificateReinstate(input: $input) {
  certificate { id status revokedAt revokeReason } userErrors { code field message } } }`;
const VERIFY = `query V($number: String!) { certificateVerify(number: $number) {
  number valid status studentName courseTitle issuedAt revokedAt revokeReason instructorName } }`;
const VERIFY_LINKS = `query V($number: String!) { certificateVerify(number: $number) {
  number valid status studentName courseTitle issuedAt revokeReason replacedByNumber replacesNumber } }`;
const REISSUE = `mutation R($input: CertificateReissueInput!) { certificateReissue(input: $input) {
  certificate { id number status studentName courseTitle issuedAt revokedAt replacedBy { id } }
  previousCertificate { id number status revokeReason revokedAt studentName replacedBy { id number } }
  userErrors { code field message } } }`;
const ONE = `query C($id: ID!) { certificate(id: $id) { ${CERT_FIELDS} } }`;
const TEMPLATES = `query { certificateTemplates { id name heading body signatoryName signatoryTitle accentColor
  isDefault certificateCount } }`;
const T_CREATE = `mutation C($input: CertificateTemplateCreateInput!) { certificateTemplateCreate(input: $input) {
  template { id name heading body signatoryName signatoryTitle accentColor isDefault } userErrors { code field message } } }`;
const T_UPDATE = `mutation U($input: CertificateTemplateUpdateInput!) { certificateTemplateUpdate(input: $input) {
  template { id name heading body signatoryName signatoryTitle accentColor isDefault } userErrors { code field message } } }`;
const T_DELETE = `mutation D($input: CertificateTemplateDeleteInput!) { certificateTemplateDelete(input: $input) {
  deletedTemplateId userErrors { code field message } } }`;
const T_DEFAULT = `mutation S($input: CertificateTemplateSetDefaultInput!) { certificateTemplateSetDefault(input: $input) {
  template { id isDefault } templates { id isDefault } userErrors { code field message } } }`;
const ADMIN_LIST = `query A($first: Int, $after: String, $search: String, $status: String) {
  adminCertificates(first: $first, after: $after, search: $search, status: $status) {
    totalCount pageInfo { hasNextPage endCursor } nodes { id number status studentName courseTitle issuedAt } } }`;
const INSTRUCTOR_LIST = `query A($search: String, $status: String, $courseId: ID) {
  instructorCertificates(first: 100, search: $search, status: $status, courseId: $courseId) {
    totalCount nodes { id number courseId courseTitle status } } }`;

async function issueAs(browser: Agent, courseId: string, userId: string) {
  const res = await t.gql(browser, ISSUE, { input: { courseId, userId } });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.certificateIssue as {
    certificate: { id: string; number: string; studentName: string; courseTitle: string } | null;
    alreadyIssued: boolean;
    userErrors: { code: string; field: string | null; message: string }[];
  };
}

// ---- issueForCompletion ---------------------------------------------------------------------------

describe('issueForCompletion', () => {
  it('issues one certificate with the default template and a DRX number, and returns it again after', async () => {
    // given a member enrolled in the instructor's course, without a certificate
    const student = await newMember();
    await enroll(student.id, ownCourse);
    // when the course is completed (twice, e.g. a retried request)
    const first = await service().issueForCompletion(student.id, ownCourse);
    const again = await service().issueForCompletion(student.id, ownCourse);
    // then there is one certificate, with a number like DRX-2026-7K3QF9XH from the default template
    expect(again.id).toBe(first.id);
    const rows = await certificateRows(student.id, ownCourse);
    expect(rows).toHaveLength(1);
    expect(rows[0].number).toMatch(NUMBER_PATTERN);
    expect(rows[0].number.slice(4, 8)).toBe(String(new Date().getUTCFullYear()));
    const [template] = await db().execute<{ id: string }[]>(
      'select id from certificate_templates where is_default',
    );
    expect(rows[0].template_id).toBe(template.id);
    expect(first.revokedAt ?? null).toBeNull();
  });

  it('creates exactly one row under 20 concurrent calls, and every caller gets it', async () => {
    // given a member who has just completed a course
    const student = await newMember();
    await enroll(student.id, ownCourse);
    // when 20 requests complete it at the same moment, each with its own EntityManager
    const results = await Promise.all(
      Array.from({ length: 20 }, () => service().issueForCompletion(student.id, ownCourse)),
    );
    // then one certificate exists and all 20 answers name it
    const rows = await certificateRows(student.id, ownCourse);
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((c) => c.id))).toEqual(new Set([rows[0].id]));
    expect(new Set(results.map((c) => c.number))).toEqual(new Set([rows[0].number]));
  });

  it("uses the course's own template when it names one", async () => {
    // given a second template that one course names
    const [template] = await db().execute<{ id: string }[]>(
      `insert into certificate_templates (id, name, heading, body, signatory_name, signatory_title, accent_color)
       values (gen_random_uuid(), 'Hip Hop', 'Hip Hop Diploma', 'Well done {{studentName}}', 'Max Multi', 'Coach', '#dd6b20')
       returning id`,
    );
    await db().execute('update courses set certificate_template_id = ? where id = ?', [
      template.id,
      otherCourse,
    ]);
    const student = await newMember();
    // when a student completes that course
    const certificate = await service().issueForCompletion(student.id, otherCourse);
    // then the certificate is printed from the course's template
    expect(certificate.template.id).toBe(template.id);
    await db().execute('update courses set certificate_template_id = null where id = ?', [otherCourse]);
  });

  it('draws another number when the first one is taken', async () => {
    // given a certificate number that already exists
    const holder = await newMember();
    const taken = (await service().issueForCompletion(holder.id, ownCourse)).number;
    const student = await newMember();
    // when the random draw first repeats it
    const s = service();
    const draws = [taken, 'DRX-2026-ZZZZZZZZ'];
    const drawn: string[] = [];
    s.drawNumber = () => {
      const next = draws.shift() ?? 'DRX-2026-YYYYYYYY';
      drawn.push(next);
      return next;
    };
    const certificate = await s.issueForCompletion(student.id, ownCourse);
    // then the second draw is used and nothing failed
    expect(drawn).toEqual([taken, 'DRX-2026-ZZZZZZZZ']);
    expect(certificate.number).toBe('DRX-2026-ZZZZZZZZ');
    expect(await certificateRows(student.id, ownCourse)).toHaveLength(1);
  });

  it('refuses an unknown course or student', async () => {
    const student = await newMember();
    await expect(service().issueForCompletion(student.id, randomUUID())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(service().issueForCompletion(randomUUID(), ownCourse)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(service().issueForCompletion('nope', ownCourse)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

// ---- manual issue ---------------------------------------------------------------------------------

describe('certificateIssue (manual)', () => {
  it('lets the instructor issue for a student enrolled in their own course, once', async () => {
    // given a member enrolled in the instructor's course
    const student = await newMember('Ola', 'Enrolled');
    await enroll(student.id, ownCourse);
    // when the instructor issues the certificate, then again
    const first = await issueAs(as.instructor, ownCourse, student.id);
    const second = await issueAs(as.instructor, ownCourse, student.id);
    // then it is issued once; the second call names the same certificate
    expect(first.userErrors).toEqual([]);
    expect(first.alreadyIssued).toBe(false);
    expect(first.certificate).toMatchObject({ studentName: 'Ola Enrolled', courseTitle: ownCourseTitle });
    expect(second.userErrors).toEqual([]);
    expect(second.alreadyIssued).toBe(true);
    expect(second.certificate?.id).toBe(first.certificate?.id);
    expect(await certificateRows(student.id, ownCourse)).toHaveLength(1);
  });

  it('refuses a student who is not enrolled in the course', async () => {
    const student = await newMember();
    const res = await issueAs(as.instructor, ownCourse, student.id);
    expect(res.certificate).toBeNull();
    expect(res.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'userId', message: 'This student is not enrolled in this course' },
    ]);
    expect(await certificateRows(student.id, ownCourse)).toHaveLength(0);
  });

  it("refuses another instructor's course, even for an enrolled student", async () => {
    const student = await newMember();
    await enroll(student.id, otherCourse);
    const res = await issueAs(as.instructor, otherCourse, student.id);
    expect(res.userErrors.map((e) => e.code)).toEqual(['FORBIDDEN']);
    expect(await certificateRows(student.id, otherCourse)).toHaveLength(0);
  });

  it('lets staff issue for anyone, enrolled or not', async () => {
    const student = await newMember();
    const byAdmin = await issueAs(as.admin, otherCourse, student.id);
    expect(byAdmin.userErrors).toEqual([]);
    const byOfficer = await issueAs(as.officer, ownCourse, student.id);
    expect(byOfficer.userErrors).toEqual([]);
    expect(byOfficer.alreadyIssued).toBe(false);
  });

  it('answers NOT_FOUND for an unknown course or student', async () => {
    expect((await issueAs(as.admin, randomUUID(), idOf.member)).userErrors[0]).toMatchObject({
      code: 'NOT_FOUND',
      field: 'courseId',
    });
    expect((await issueAs(as.admin, ownCourse, randomUUID())).userErrors[0]).toMatchObject({
      code: 'NOT_FOUND',
      field: 'userId',
    });
    expect((await issueAs(as.admin, 'not-a-uuid', idOf.member)).userErrors[0].code).toBe('NOT_FOUND');
  });

  it('lists my courses and their enrolled students, with their certificates', async () => {
    // given a course of mine with two enrolled students, one with a certificate
    const a = await newMember('Anna', 'Alpha');
    const b = await newMember('Bea', 'Beta');
    await enroll(a.id, ownCourse);
    await enroll(b.id, ownCourse);
    await service().issueForCompletion(a.id, ownCourse);
    // when the instructor lists the courses they may issue for
    const list = await t.gql(
      as.instructor,
      `query { certificateIssueCourses { id title enrolledCount certificateCount } }`,
    );
    expect(list.errors).toBeUndefined();
    const mine = list.data.certificateIssueCourses as { id: string; title: string; enrolledCount: number }[];
    // then they are exactly the courses they teach
    const taught = [...courses.entries()]
      .filter(([, c]) => c.instructor === 'instructor')
      .map(([title]) => title);
    expect(mine.map((c) => c.title).sort()).toEqual(taught.sort());
    expect(mine.find((c) => c.id === ownCourse)!.enrolledCount).toBeGreaterThanOrEqual(2);
    // and the candidates of that course include both, with the certificate of the first
    const candidates = await t.gql(
      as.instructor,
      `query C($courseId: ID!, $search: String) { certificateIssueCandidates(courseId: $courseId, search: $search) {
        studentName user { id username } certificate { id number } } }`,
      { courseId: ownCourse, search: 'alpha' },
    );
    expect(candidates.errors).toBeUndefined();
    expect(candidates.data.certificateIssueCandidates).toEqual([
      {
        studentName: 'Anna Alpha',
        user: { id: a.id, username: a.username },
        certificate: expect.any(Object),
      },
    ]);
    const beta = await t.gql(
      as.instructor,
      `query C($courseId: ID!) { certificateIssueCandidates(courseId: $courseId, search: "Bea Beta") { studentName certificate { id } } }`,
      { courseId: ownCourse },
    );
    expect(beta.data.certificateIssueCandidates).toEqual([{ studentName: 'Bea Beta', certificate: null }]);
    // and another instructor's course is refused
    const refused = await t.gql(
      as.instructor,
      `query C($courseId: ID!) { certificateIssueCandidates(courseId: $courseId) { studentName } }`,
      { courseId: otherCourse },
    );
    expect(codes(refused)).toEqual(['FORBIDDEN']);
    // and staff see every course
    const all = await t.gql(as.officer, `query { certificateIssueCourses { id } }`);
    expect(all.data.certificateIssueCourses).toHaveLength(courses.size);
  });
});

// ---- viewing --------------------------------------------------------------------------------------

describe('viewing certificates', () => {
  let certificateId: string;
  let number: string;

  beforeAll(async () => {
    // the demo member holds a certificate of the instructor's course
    await enroll(idOf.member, ownCourse);
    const certificate = await service().issueForCompletion(idOf.member, ownCourse);
    certificateId = certificate.id;
    number = certificate.number;
  });

  it('shows my certificates, newest first', async () => {
    // given a second, newer certificate of the member
    await db().execute(`update certificates set issued_at = now() - interval '2 days' where id = ?`, [
      certificateId,
    ]);
    const newer = await service().issueForCompletion(
      idOf.member,
      courses.get('Hip Hop Choreography for Teens')!.id,
    );
    // when the member lists their certificates
    const res = await t.gql(as.member, `query { myCertificates { id courseTitle status } }`);
    // then the newer comes first, and nobody else's are listed
    expect(res.errors).toBeUndefined();
    const ids = (res.data.myCertificates as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual([newer.id, certificateId]);
    // and another member has none
    const seller = await t.gql(as.seller, `query { myCertificates { id } }`);
    expect(seller.data.myCertificates).toEqual([]);
  });

  it('shows a certificate with its template and merge fields to its owner', async () => {
    const res = await t.gql(as.member, ONE, { id: certificateId });
    expect(res.errors).toBeUndefined();
    expect(res.data.certificate).toMatchObject({
      id: certificateId,
      number,
      status: 'valid',
      studentName: 'Mia Member',
      courseTitle: ownCourseTitle,
      courseId: ownCourse,
      verificationUrl: `${t.config.publicUrl}/verify/${number}`,
      pdfUrl: `/api/certificates/${certificateId}/pdf`,
      mergeFields: {
        studentName: 'Mia Member',
        courseTitle: ownCourseTitle,
        certificateNumber: number,
        instructorName: 'Ines Instructor',
        issuedOn: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
      },
      template: { name: 'DRX Classic', heading: 'Certificate of Completion', isDefault: true },
    });
  });

  it("shows it to the course's instructor and staff, and null to others", async () => {
    for (const who of ['instructor', 'admin', 'officer'] as const) {
      const res = await t.gql(as[who], ONE, { id: certificateId });
      expect(res.data.certificate?.id, who).toBe(certificateId);
    }
    for (const who of ['multi', 'seller'] as const) {
      const res = await t.gql(as[who], ONE, { id: certificateId });
      expect(res.errors, who).toBeUndefined();
      expect(res.data.certificate, who).toBeNull();
    }
    const guest = await t.gql(t.agent(), ONE, { id: certificateId });
    expect(codes(guest)).toEqual(['UNAUTHENTICATED']);
    expect((await t.gql(as.admin, ONE, { id: randomUUID() })).data.certificate).toBeNull();
    expect((await t.gql(as.admin, ONE, { id: 'nope' })).data.certificate).toBeNull();
  });

  it('answers the REST rows: mine and one', async () => {
    const mine = await as.member.get('/api/certificates');
    expect(mine.status).toBe(200);
    expect(mine.body.map((c: { id: string }) => c.id)).toContain(certificateId);
    const one = await as.member.get(`/api/certificates/${certificateId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: certificateId, number, studentName: 'Mia Member' });
    expect((await as.seller.get(`/api/certificates/${certificateId}`)).status).toBe(404);
    expect((await t.agent().get(`/api/certificates/${certificateId}`)).status).toBe(401);
  });
});

// ---- verification, revoke, reinstate --------------------------------------------------------------

describe('verification, revoke and reinstate', () => {
  it('shows valid → revoked (with reason) → reinstated, to anyone, by number', async () => {
    // given a certificate of the instructor's course
    const student = await newMember('Vera', 'Verified');
    await enroll(student.id, ownCourse);
    const { certificate } = await issueAs(as.instructor, ownCourse, student.id);
    const number = certificate!.number;

    // when a guest verifies it
    const valid = await t.gql(t.agent(), VERIFY, { number });
    // then it is valid, with the name, course and instructor printed on it — and nothing private
    expect(valid.errors).toBeUndefined();
    expect(valid.data.certificateVerify).toEqual({
      number,
      valid: true,
      status: 'valid',
      studentName: 'Vera Verified',
      courseTitle: ownCourseTitle,
      issuedAt: expect.any(String),
      revokedAt: null,
      revokeReason: null,
      instructorName: 'Ines Instructor',
    });
    // and a number typed in lower case with spaces is found too
    const typed = await t.gql(t.agent(), VERIFY, { number: ` ${number.toLowerCase()} ` });
    expect(typed.data.certificateVerify.number).toBe(number);

    // when the instructor revokes it with a reason
    const revoked = await t.gql(as.instructor, REVOKE, {
      input: { certificateId: certificate!.id, reason: '  Completed with someone else’s account  ' },
    });
    expect(revoked.data.certificateRevoke.userErrors).toEqual([]);
    expect(revoked.data.certificateRevoke.certificate).toMatchObject({
      status: 'revoked',
      revokeReason: 'Completed with someone else’s account',
    });
    // then verification shows it revoked, with the reason and date
    const after = await t.gql(t.agent(), VERIFY, { number });
    expect(after.data.certificateVerify).toMatchObject({
      valid: false,
      status: 'revoked',
      revokeReason: 'Completed with someone else’s account',
      revokedAt: expect.any(String),
    });
    // and revoking again is refused
    const twice = await t.gql(as.instructor, REVOKE, {
      input: { certificateId: certificate!.id, reason: 'x' },
    });
    expect(twice.data.certificateRevoke.userErrors[0].message).toBe('This certificate is already revoked');

    // when staff reinstate it
    const reinstated = await t.gql(as.officer, REINSTATE, { input: { certificateId: certificate!.id } });
    expect(reinstated.data.certificateReinstate.userErrors).toEqual([]);
    expect(reinstated.data.certificateReinstate.certificate).toMatchObject({
      status: 'valid',
      revokedAt: null,
      revokeReason: null,
    });
    // then it verifies as valid again
    const back = await t.gql(t.agent(), VERIFY, { number });
    expect(back.data.certificateVerify).toMatchObject({ valid: true, status: 'valid', revokeReason: null });
    // and reinstating a valid certificate is refused
    const again = await t.gql(as.admin, REINSTATE, { input: { certificateId: certificate!.id } });
    expect(again.data.certificateReinstate.userErrors[0].message).toBe('This certificate is not revoked');
  });

  it('answers null (REST: 404) for an unknown number, and JSON for a known one', async () => {
    const unknown = await t.gql(t.agent(), VERIFY, { number: 'DRX-2026-AAAAAAAA' });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data.certificateVerify).toBeNull();
    expect((await t.gql(t.agent(), VERIFY, { number: '' })).data.certificateVerify).toBeNull();
    expect((await t.gql(t.agent(), VERIFY, { number: 'x'.repeat(500) })).data.certificateVerify).toBeNull();

    const rest404 = await t.agent().get('/api/certificates/verify/DRX-2026-AAAAAAAA');
    expect(rest404.status).toBe(404);
    expect(rest404.body).toEqual({ message: 'No certificate with this number' });

    const student = await newMember('Rita', 'Rest');
    const certificate = await service().issueForCompletion(student.id, ownCourse);
    const rest = await t.agent().get(`/api/certificates/verify/${certificate.number}`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ number: certificate.number, valid: true, studentName: 'Rita Rest' });
    expect(Object.keys(rest.body).sort()).toEqual(
      [
        'courseTitle',
        'instructorName',
        'issuedAt',
        'number',
        'replacedByNumber',
        'replacesNumber',
        'revokeReason',
        'revokedAt',
        'status',
        'studentName',
        'valid',
      ].sort(),
    );
  });

  it('requires a reason of at most 500 characters', async () => {
    const student = await newMember();
    const certificate = await service().issueForCompletion(student.id, ownCourse);
    for (const [reason, message] of [
      ['', 'Give a reason for revoking the certificate'],
      ['   ', 'Give a reason for revoking the certificate'],
      ['x'.repeat(501), 'The reason must be 500 characters or fewer'],
    ]) {
      const res = await t.gql(as.instructor, REVOKE, { input: { certificateId: certificate.id, reason } });
      expect(res.data.certificateRevoke.userErrors).toEqual([
        { code: 'INVALID_INPUT', field: 'reason', message },
      ]);
    }
    const ok = await t.gql(as.instructor, REVOKE, {
      input: { certificateId: certificate.id, reason: 'x'.repeat(500) },
    });
    expect(ok.data.certificateRevoke.userErrors).toEqual([]);
  });

  it("refuses revoking a certificate of another instructor's course", async () => {
    const student = await newMember();
    const certificate = await service().issueForCompletion(student.id, otherCourse);
    const res = await t.gql(as.instructor, REVOKE, {
      input: { certificateId: certificate.id, reason: 'No' },
    });
    expect(res.data.certificateRevoke.userErrors.map((e: { code: string }) => e.code)).toEqual(['FORBIDDEN']);
    const byOwner = await t.gql(as.multi, REVOKE, {
      input: { certificateId: certificate.id, reason: 'Mistake' },
    });
    expect(byOwner.data.certificateRevoke.userErrors).toEqual([]);
    const unknown = await t.gql(as.admin, REVOKE, { input: { certificateId: randomUUID(), reason: 'x' } });
    expect(unknown.data.certificateRevoke.userErrors[0].code).toBe('NOT_FOUND');
  });
});

// ---- permissions ----------------------------------------------------------------------------------

describe('permissions', () => {
  type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'null' | 'userError';
  type Caller = 'guest' | 'member' | 'otherInstructor' | 'ownInstructor' | 'officer' | 'admin';
  const browserOf = (caller: Caller): Agent =>
    ({
      guest: t.agent(),
      member: as.member,
      otherInstructor: as.multi,
      ownInstructor: as.instructor,
      officer: as.officer,
      admin: as.admin,
    })[caller];
  const U = 'UNAUTHENTICATED' as const;
  const F = 'FORBIDDEN' as const;

  /** A fresh certificate of the instructor's course for a student enrolled in it. */
  async function fixture() {
    const student = await newMember();
    await enroll(student.id, ownCourse);
    const certificate = await service().issueForCompletion(student.id, ownCourse);
    const revoked = await service().issueForCompletion((await newMember()).id, ownCourse);
    await db().execute(`update certificates set revoked_at = now(), revoke_reason = 'x' where id = ?`, [
      revoked.id,
    ]);
    const toReissue = await service().issueForCompletion((await newMember()).id, ownCourse);
    const student2 = await newMember();
    await enroll(student2.id, ownCourse);
    const [template] = await db().execute<{ id: string }[]>(
      `insert into certificate_templates (id, name, heading, body, signatory_name, signatory_title)
       values (gen_random_uuid(), 'Spare', 'H', 'B', 'S', 'T') returning id`,
    );
    return { certificate, revoked, toReissue, student2, templateId: template.id };
  }

  type Fixture = Awaited<ReturnType<typeof fixture>>;
  const OPERATIONS: Record<
    string,
    (f: Fixture) => { query: string; variables?: Record<string, unknown>; root: string }
  > = {
    myCertificates: () => ({ query: `query { myCertificates { id } }`, root: 'myCertificates' }),
    certificate: (f) => ({
      query: `query C($id: ID!) { certificate(id: $id) { id } }`,
      variables: { id: f.certificate.id },
      root: 'certificate',
    }),
    certificateVerify: (f) => ({
      query: VERIFY,
      variables: { number: f.certificate.number },
      root: 'certificateVerify',
    }),
    certificateTemplates: () => ({
      query: `query { certificateTemplates { id certificateCount } }`,
      root: 'certificateTemplates',
    }),
    adminCertificates: () => ({
      query: `query { adminCertificates(first: 1) { totalCount } }`,
      root: 'adminCertificates',
    }),
    instructorCertificates: () => ({
      query: `query { instructorCertificates(first: 1) { totalCount } }`,
      root: 'instructorCertificates',
    }),
    certificateIssueCourses: () => ({
      query: `query { certificateIssueCourses { id } }`,
      root: 'certificateIssueCourses',
    }),
    certificateIssue: (f) => ({
      query: ISSUE,
      variables: { input: { courseId: ownCourse, userId: f.student2.id } },
      root: 'certificateIssue',
    }),
    certificateRevoke: (f) => ({
      query: REVOKE,
      variables: { input: { certificateId: f.certificate.id, reason: 'Testing' } },
      root: 'certificateRevoke',
    }),
    certificateReissue: (f) => ({
      query: REISSUE,
      variables: { input: { certificateId: f.toReissue.id, reason: 'Name correction' } },
      root: 'certificateReissue',
    }),
    certificateReinstate: (f) => ({
      query: REINSTATE,
      variables: { input: { certificateId: f.revoked.id } },
      root: 'certificateReinstate',
    }),
    certificateTemplateCreate: () => ({
      query: T_CREATE,
      variables: { input: { name: 'New', heading: 'H', body: 'B' } },
      root: 'certificateTemplateCreate',
    }),
    certificateTemplateUpdate: (f) => ({
      query: T_UPDATE,
      variables: { input: { id: f.templateId, name: 'Renamed' } },
      root: 'certificateTemplateUpdate',
    }),
    certificateTemplateSetDefault: (f) => ({
      query: T_DEFAULT,
      variables: { input: { id: f.templateId } },
      root: 'certificateTemplateSetDefault',
    }),
    certificateTemplateDelete: (f) => ({
      query: T_DELETE,
      variables: { input: { id: f.templateId } },
      root: 'certificateTemplateDelete',
    }),
  };

  const MATRIX: [Caller, Record<string, Outcome>][] = [
    [
      'guest',
      {
        myCertificates: U,
        certificate: U,
        certificateVerify: 'ok',
        certificateTemplates: U,
        adminCertificates: U,
        instructorCertificates: U,
        certificateIssueCourses: U,
        certificateIssue: U,
        certificateRevoke: U,
        certificateReissue: U,
        certificateReinstate: U,
        certificateTemplateCreate: U,
        certificateTemplateUpdate: U,
        certificateTemplateSetDefault: U,
        certificateTemplateDelete: U,
      },
    ],
    [
      'member',
      {
        myCertificates: 'ok',
        certificate: 'null',
        certificateVerify: 'ok',
        certificateTemplates: F,
        adminCertificates: F,
        instructorCertificates: F,
        certificateIssueCourses: F,
        certificateIssue: F,
        certificateRevoke: F,
        certificateReissue: F,
        certificateReinstate: F,
        certificateTemplateCreate: F,
        certificateTemplateUpdate: F,
        certificateTemplateSetDefault: F,
        certificateTemplateDelete: F,
      },
    ],
    [
      'otherInstructor',
      {
        myCertificates: 'ok',
        certificate: 'null',
        certificateVerify: 'ok',
        certificateTemplates: 'ok',
        adminCertificates: F,
        instructorCertificates: 'ok',
        certificateIssueCourses: 'ok',
        certificateIssue: 'userError',
        certificateRevoke: 'userError',
        certificateReissue: 'userError',
        certificateReinstate: F,
        certificateTemplateCreate: F,
        certificateTemplateUpdate: F,
        certificateTemplateSetDefault: F,
        certificateTemplateDelete: F,
      },
    ],
    [
      'ownInstructor',
      {
        myCertificates: 'ok',
        certificate: 'ok',
        certificateVerify: 'ok',
        certificateTemplates: 'ok',
        adminCertificates: F,
        instructorCertificates: 'ok',
        certificateIssueCourses: 'ok',
        certificateIssue: 'ok',
        certificateRevoke: 'ok',
        certificateReissue: 'ok',
        certificateReinstate: F,
        certificateTemplateCreate: F,
        certificateTemplateUpdate: F,
        certificateTemplateSetDefault: F,
        certificateTemplateDelete: F,
      },
    ],
    ...(['officer', 'admin'] as const).map(
      (staff) =>
        [
          staff,
          {
            myCertificates: 'ok',
            certificate: 'ok',
            certificateVerify: 'ok',
            certificateTemplates: 'ok',
            adminCertificates: 'ok',
            instructorCertificates: 'ok',
            certificateIssueCourses: 'ok',
            certificateIssue: 'ok',
            certificateRevoke: 'ok',
            certificateReissue: 'ok',
            certificateReinstate: 'ok',
            certificateTemplateCreate: 'ok',
            certificateTemplateUpdate: 'ok',
            certificateTemplateSetDefault: 'ok',
            certificateTemplateDelete: 'userError', // it is the default now
          },
        ] as [Caller, Record<string, Outcome>],
    ),
  ];

  it.each(MATRIX)('%s', async (caller, expected) => {
    const f = await fixture();
    expect(Object.keys(expected).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [name, outcome] of Object.entries(expected)) {
      // given the caller's browser, when it calls the operation
      const { query, variables, root } = OPERATIONS[name](f);
      const res = await t.gql(browserOf(caller), query, variables);
      // then it is allowed, refused, or answered with a user error / null as expected
      const label = `${caller} ${name}: ${JSON.stringify(res.errors ?? res.data)}`;
      if (outcome === U || outcome === F) {
        expect(codes(res), label).toEqual([outcome]);
        expect(res.data?.[root] ?? null, label).toBeNull();
        continue;
      }
      expect(res.errors, label).toBeUndefined();
      const value = res.data[root];
      if (outcome === 'null') expect(value, label).toBeNull();
      else if (outcome === 'userError') expect(value.userErrors.length, label).toBeGreaterThan(0);
      else {
        expect(value, label).not.toBeNull();
        if (value && typeof value === 'object' && 'userErrors' in value)
          expect(value.userErrors, label).toEqual([]);
      }
    }
    // and whatever the caller, a refused revoke changed nothing
    if (['guest', 'member', 'otherInstructor'].includes(caller)) {
      const [row] = await db().execute<{ revoked_at: Date | null }[]>(
        'select revoked_at from certificates where id = ?',
        [f.certificate.id],
      );
      expect(row.revoked_at).toBeNull();
    }
    // put the demo template back as the default
    await db().execute(`update certificate_templates set is_default = false where is_default`);
    await db().execute(`update certificate_templates set is_default = true where name = 'DRX Classic'`);
  });

  it('keeps the template usage count for staff and instructors only', async () => {
    const member = await t.gql(as.member, `query { myCertificates { template { id certificateCount } } }`);
    if ((member.data?.myCertificates ?? []).length > 0) expect(codes(member)).toContain('FORBIDDEN');
    const instructor = await t.gql(as.instructor, TEMPLATES);
    expect(instructor.errors).toBeUndefined();
  });
});

// ---- templates ------------------------------------------------------------------------------------

describe('certificate templates', () => {
  async function create(input: Record<string, unknown>) {
    const res = await t.gql(as.admin, T_CREATE, { input });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data.certificateTemplateCreate;
  }

  it('creates, lists, updates and deletes a template', async () => {
    // when staff create a template with every field
    const created = await create({
      name: '  Jazz Diploma ',
      heading: 'Diploma in {{courseTitle}}',
      body: '{{studentName}} completed {{courseTitle}} on {{issuedOn}} with {{instructorName}} ({{ certificateNumber }}).',
      signatoryName: 'Jo Jazz',
      signatoryTitle: 'Head of Jazz',
      accentColor: '#DD6B20',
    });
    // then it is stored trimmed, with the colour lower-cased, and not the default
    expect(created.userErrors).toEqual([]);
    expect(created.template).toMatchObject({
      name: 'Jazz Diploma',
      heading: 'Diploma in {{courseTitle}}',
      accentColor: '#dd6b20',
      isDefault: false,
    });
    const id = created.template.id as string;
    // and the list shows it, the default first, with usage counts
    const list = await t.gql(as.officer, TEMPLATES);
    const templates = list.data.certificateTemplates as {
      id: string;
      isDefault: boolean;
      certificateCount: number;
    }[];
    expect(templates[0].isDefault).toBe(true);
    expect(templates.find((x) => x.id === id)).toMatchObject({ certificateCount: 0 });
    // when it is updated (omitted fields stay)
    const updated = await t.gql(as.officer, T_UPDATE, {
      input: { id, name: 'Jazz Diploma II', accentColor: '#112233' },
    });
    expect(updated.data.certificateTemplateUpdate).toMatchObject({
      userErrors: [],
      template: { name: 'Jazz Diploma II', accentColor: '#112233', signatoryName: 'Jo Jazz' },
    });
    // when it is deleted
    const deleted = await t.gql(as.admin, T_DELETE, { input: { id } });
    expect(deleted.data.certificateTemplateDelete).toEqual({ deletedTemplateId: id, userErrors: [] });
    const after = await t.gql(as.admin, TEMPLATES);
    expect((after.data.certificateTemplates as { id: string }[]).map((x) => x.id)).not.toContain(id);
  });

  it('names the field at fault for missing or invalid values', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ', heading: 'H', body: 'B' }, 'name', 'Name is required'],
      [{ name: 'N', heading: '', body: 'B' }, 'heading', 'Heading is required'],
      [{ name: 'N', heading: 'H', body: '' }, 'body', 'Body is required'],
      [{ name: 'x'.repeat(121), heading: 'H', body: 'B' }, 'name', 'Name must be 120 characters or fewer'],
      [{ name: 'N', heading: 'H', body: 'x'.repeat(2001) }, 'body', 'Body must be 2000 characters or fewer'],
      [
        { name: 'N', heading: 'H', body: 'B', accentColor: 'purple' },
        'accentColor',
        'Accent colour must be a #rrggbb colour such as #6b46c1',
      ],
      [
        { name: 'N', heading: 'H', body: 'B', accentColor: '#fff' },
        'accentColor',
        'Accent colour must be a #rrggbb colour such as #6b46c1',
      ],
    ];
    for (const [input, field, message] of cases) {
      const res = await create(input);
      expect(res, JSON.stringify(input).slice(0, 80)).toEqual({
        template: null,
        userErrors: [{ code: 'INVALID_INPUT', field, message }],
      });
    }
  });

  it('refuses unknown placeholders and names them', async () => {
    const res = await create({
      name: 'N',
      heading: 'H',
      body: 'Hi {{studentName}}, your {{grade}} in {{ course }} {{grade}}',
    });
    expect(res.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'body',
        message:
          'Unknown placeholders {{grade}}, {{course}}. Use {{studentName}}, {{courseTitle}}, {{issuedOn}}, {{certificateNumber}}, {{instructorName}}.',
      },
    ]);
    const heading = await create({ name: 'N', heading: 'Award for {{name}}', body: 'B' });
    expect(heading.userErrors[0]).toMatchObject({
      field: 'heading',
      message: expect.stringContaining('{{name}}'),
    });
    const update = await t.gql(as.admin, T_UPDATE, {
      input: { id: (await firstTemplate()).id, body: 'Bad {{oops}}' },
    });
    expect(update.data.certificateTemplateUpdate.userErrors[0]).toMatchObject({
      field: 'body',
      code: 'INVALID_INPUT',
    });
  });

  async function firstTemplate() {
    const list = await t.gql(as.admin, TEMPLATES);
    return list.data.certificateTemplates[0] as { id: string; isDefault: boolean };
  }

  it('refuses deleting a template used by certificates, or the default one', async () => {
    // given a template used by one certificate
    const { template } = await create({ name: 'Used', heading: 'H', body: 'B' });
    await db().execute('update courses set certificate_template_id = ? where id = ?', [
      template.id,
      ownCourse,
    ]);
    const student = await newMember();
    await service().issueForCompletion(student.id, ownCourse);
    await db().execute('update courses set certificate_template_id = null where id = ?', [ownCourse]);
    // when staff delete it, then it is refused with a message naming the reason
    const res = await t.gql(as.admin, T_DELETE, { input: { id: template.id } });
    expect(res.data.certificateTemplateDelete).toEqual({
      deletedTemplateId: null,
      userErrors: [
        {
          code: 'INVALID_INPUT',
          field: 'id',
          message: 'This template is used by 1 certificate and cannot be deleted',
        },
      ],
    });
    // and the default cannot be deleted either
    const def = await firstTemplate();
    expect(def.isDefault).toBe(true);
    const refused = await t.gql(as.admin, T_DELETE, { input: { id: def.id } });
    expect(refused.data.certificateTemplateDelete.userErrors[0].message).toBe(
      'The default template cannot be deleted. Make another template the default first.',
    );
    // and an unknown template is NOT_FOUND
    const unknown = await t.gql(as.admin, T_DELETE, { input: { id: randomUUID() } });
    expect(unknown.data.certificateTemplateDelete.userErrors[0].code).toBe('NOT_FOUND');
  });

  it('keeps exactly one default, even when set concurrently', async () => {
    // given three templates
    const ids = [];
    for (const name of ['D1', 'D2', 'D3'])
      ids.push((await create({ name, heading: 'H', body: 'B' })).template.id);
    // when staff make each the default at the same moment
    const results = await Promise.all(ids.map((id) => t.gql(as.admin, T_DEFAULT, { input: { id } })));
    // then every call succeeded and exactly one template is the default
    for (const res of results) expect(res.data.certificateTemplateSetDefault.userErrors).toEqual([]);
    const [{ n }] = await db().execute<{ n: string }[]>(
      'select count(*) as n from certificate_templates where is_default',
    );
    expect(Number(n)).toBe(1);
    // and a single call answers the new flags of every template
    const last = await t.gql(as.admin, T_DEFAULT, { input: { id: ids[1] } });
    const flags = last.data.certificateTemplateSetDefault.templates as { id: string; isDefault: boolean }[];
    expect(flags.filter((x) => x.isDefault).map((x) => x.id)).toEqual([ids[1]]);
    // and new certificates use the new default
    const student = await newMember();
    const certificate = await service().issueForCompletion(student.id, ownCourse);
    expect(certificate.template.id).toBe(ids[1]);
    // put the demo template back
    await db().execute(`update certificate_templates set is_default = false where is_default`);
    await db().execute(`update certificate_templates set is_default = true where name = 'DRX Classic'`);
  });
});

// ---- lists ----------------------------------------------------------------------------------------

describe('certificate lists', () => {
  it('lets staff search by number, username, name and course title, and filter by status', async () => {
    // given a student with one valid and one revoked certificate
    const student = await newMember('Quincy', 'Quest');
    const a = await service().issueForCompletion(student.id, ownCourse);
    const b = await service().issueForCompletion(student.id, otherCourse);
    await db().execute(`update certificates set revoked_at = now(), revoke_reason = 'x' where id = ?`, [
      b.id,
    ]);
    const list = async (variables: Record<string, unknown>) => {
      const res = await t.gql(as.officer, ADMIN_LIST, { first: 100, ...variables });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return res.data.adminCertificates as { totalCount: number; nodes: { id: string; status: string }[] };
    };
    expect((await list({ search: a.number.toLowerCase() })).nodes.map((n) => n.id)).toEqual([a.id]);
    expect((await list({ search: student.username })).nodes.map((n) => n.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect((await list({ search: 'quincy QUEST' })).totalCount).toBe(2);
    expect((await list({ search: 'Quest', status: 'revoked' })).nodes).toEqual([
      expect.objectContaining({ id: b.id, status: 'revoked' }),
    ]);
    expect((await list({ search: 'Quest', status: 'valid' })).nodes.map((n) => n.id)).toEqual([a.id]);
    expect((await list({ search: 'Quest hip hop' })).nodes.map((n) => n.id)).toEqual([b.id]);
    expect((await list({ search: '%' })).totalCount).toBe(0);
    const bad = await t.gql(as.officer, ADMIN_LIST, { status: 'expired' });
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
    const badCursor = await t.gql(as.officer, ADMIN_LIST, { after: 'nope' });
    expect(codes(badCursor)).toEqual(['BAD_USER_INPUT']);
  });

  it('pages newest first without gaps', async () => {
    const all: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 50; guard++) {
      const res: { data: any } = await t.gql(as.admin, ADMIN_LIST, { first: 3, after });
      all.push(...res.data.adminCertificates.nodes.map((n: { id: string }) => n.id));
      if (!res.data.adminCertificates.pageInfo.hasNextPage) break;
      after = res.data.adminCertificates.pageInfo.endCursor;
    }
    const rows = await db().execute<{ id: string }[]>(
      'select id from certificates order by issued_at desc, id desc',
    );
    expect(all).toEqual(rows.map((r) => r.id));
  });

  it("shows instructors only their own courses' certificates", async () => {
    const student = await newMember();
    const mine = await service().issueForCompletion(student.id, ownCourse);
    const theirs = await service().issueForCompletion(student.id, otherCourse);
    const res = await t.gql(as.instructor, INSTRUCTOR_LIST, {});
    const nodes = res.data.instructorCertificates.nodes as { id: string; courseId: string }[];
    expect(nodes.map((n) => n.id)).toContain(mine.id);
    expect(nodes.map((n) => n.id)).not.toContain(theirs.id);
    const taught = new Set(
      [...courses.values()].filter((c) => c.instructor === 'instructor').map((c) => c.id),
    );
    for (const n of nodes) expect(taught.has(n.courseId)).toBe(true);
    const multi = await t.gql(as.multi, INSTRUCTOR_LIST, { courseId: otherCourse });
    expect(multi.data.instructorCertificates.nodes.map((n: { id: string }) => n.id)).toContain(theirs.id);
    const filtered = await t.gql(as.instructor, INSTRUCTOR_LIST, { courseId: otherCourse });
    expect(filtered.data.instructorCertificates.totalCount).toBe(0);
    const bad = await t.gql(as.instructor, INSTRUCTOR_LIST, { courseId: 'nope' });
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
  });

  it('costs the same few queries for 5 certificates as for 50', async () => {
    // given more than 50 certificates
    for (let i = 0; i < 50; i++)
      await service().issueForCompletion((await newMember(`P${i}`, 'Pager')).id, ownCourse);
    const query = `query A($first: Int) { adminCertificates(first: $first) { totalCount nodes {
      id number status studentName courseTitle courseId issuedAt verificationUrl
      mergeFields { studentName courseTitle issuedOn certificateNumber instructorName }
      user { id username } template { id name } } } }`;
    async function queriesFor(first: number) {
      const logger = t.orm.config.getLogger();
      const spy = vi.spyOn(logger, 'logQuery');
      try {
        const res = await t.gql(as.admin, query, { first });
        expect(res.errors).toBeUndefined();
        expect(res.data.adminCertificates.nodes).toHaveLength(first);
        return spy.mock.calls.map(([context]) => String(context.query));
      } finally {
        spy.mockRestore();
      }
    }
    const five = await queriesFor(5);
    const fifty = await queriesFor(50);
    expect(fifty.length).toBe(five.length);
    expect(five.length, five.join('\n')).toBeLessThanOrEqual(7);
  });
});

// ---- PDF ------------------------------------------------------------------------------------------

describe('PDF download', () => {
  let certificateId: string;
  let number: string;

  beforeAll(async () => {
    const student = await newMember('Zoë', 'Ångström');
    await enroll(student.id, ownCourse);
    const certificate = await service().issueForCompletion(student.id, ownCourse);
    certificateId = certificate.id;
    number = certificate.number;
    // the student signs in (a real password is needed for that)
    await db().execute(
      `update users set password_hash = (select password_hash from users where username = 'member')
      where id = ?`,
      [student.id],
    );
    const browser = t.agent();
    const res = await browser
      .post('/api/login')
      .set(json)
      .send({ username: student.username, password: PASSWORD });
    expect(res.status).toBe(200);
    studentAgent = browser;
  });
  let studentAgent: Agent;

  async function download(browser: Agent, id = certificateId) {
    return browser
      .get(`/api/certificates/${id}/pdf`)
      .buffer(true)
      .parse(binary as never);
  }

  it('gives the owner a PDF naming them and the course, with the verification URL', async () => {
    const res = await download(studentAgent);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="DRX-certificate-${number}.pdf"`);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(pdf);
    expect(text).toContain('Zoë Ångström');
    expect(text).toContain(ownCourseTitle);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain(`This certifies that Zoë Ångström has successfully completed ${ownCourseTitle}`);
    expect(text).toContain(number);
    expect(text).toContain(`${t.config.publicUrl}/verify/${number}`);
    expect(text).toContain('Ines Instructor');
    expect(text).not.toContain('REVOKED');
  });

  it("lets the course's instructor and staff download it; 403 others, 401 guests, 404 unknown", async () => {
    for (const who of ['instructor', 'admin', 'officer'] as const) {
      expect((await download(as[who])).status, who).toBe(200);
    }
    for (const who of ['multi', 'member', 'seller'] as const) {
      const res = await as[who].get(`/api/certificates/${certificateId}/pdf`);
      expect(res.status, who).toBe(403);
      expect(res.body, who).toEqual({
        message: 'You are not allowed to download this certificate',
        code: 'FORBIDDEN',
      });
    }
    const guest = await t.agent().get(`/api/certificates/${certificateId}/pdf`);
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ message: 'Not authenticated' });
    const unknown = await as.admin.get(`/api/certificates/${randomUUID()}/pdf`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Certificate not found', code: 'NOT_FOUND' });
    expect((await as.admin.get('/api/certificates/not-a-uuid/pdf')).status).toBe(404);
  });

  it('marks a revoked certificate REVOKED with its reason', async () => {
    await t.gql(as.instructor, REVOKE, { input: { certificateId, reason: 'Issued in error' } });
    const text = pdfText((await download(studentAgent)).body as Buffer);
    expect(text).toContain('REVOKED');
    expect(text).toContain('Issued in error');
    await t.gql(as.admin, REINSTATE, { input: { certificateId } });
  });

  it('prints an edited template on the next download', async () => {
    const [def] = (await t.gql(as.admin, TEMPLATES)).data.certificateTemplates as {
      id: string;
      body: string;
    }[];
    const edited = await t.gql(as.admin, T_UPDATE, {
      input: {
        id: def.id,
        body: 'Awarded to {{studentName}} ({{certificateNumber}}) by {{instructorName}}.',
      },
    });
    expect(edited.data.certificateTemplateUpdate.userErrors).toEqual([]);
    const text = pdfText((await download(studentAgent)).body as Buffer);
    expect(text).toContain(`Awarded to Zoë Ångström (${number}) by Ines Instructor.`);
    await t.gql(as.admin, T_UPDATE, { input: { id: def.id, body: def.body } });
  });

  it('does not answer an internal error for a broken session', async () => {
    const res = await quietly(() =>
      t.agent().get(`/api/certificates/${certificateId}/pdf`).set('cookie', 'drx.sid=garbage'),
    );
    expect(res.status).toBe(401);
  });
});

// ---- what a certificate prints is fixed when issued -----------------------------------------------

describe('the name and course title printed are fixed at issue', () => {
  it('keeps the issued name and title after the holder and the course are renamed: graph, REST, PDF, search', async () => {
    // given a certificate issued to Nora Before for the instructor's course
    const student = await newMember('Nora', 'Before');
    await enroll(student.id, ownCourse);
    const certificate = await service().issueForCompletion(student.id, ownCourse);
    // when the holder changes their name and the course is renamed
    await db().execute(`update users set first_name = 'Nadia', last_name = 'After' where id = ?`, [
      student.id,
    ]);
    await db().execute(`update courses set title = 'A Renamed Course' where id = ?`, [ownCourse]);
    try {
      // then verification (graph and REST), the certificate and its PDF print what was issued
      const verified = await t.gql(t.agent(), VERIFY, { number: certificate.number });
      expect(verified.data.certificateVerify).toMatchObject({
        studentName: 'Nora Before',
        courseTitle: ownCourseTitle,
        valid: true,
      });
      const rest = await t.agent().get(`/api/certificates/verify/${certificate.number}`);
      expect(rest.body).toMatchObject({ studentName: 'Nora Before', courseTitle: ownCourseTitle });
      const one = await t.gql(as.instructor, ONE, { id: certificate.id });
      expect(one.data.certificate).toMatchObject({
        studentName: 'Nora Before',
        courseTitle: ownCourseTitle,
        mergeFields: { studentName: 'Nora Before', courseTitle: ownCourseTitle },
      });
      const restOne = await as.admin.get(`/api/certificates/${certificate.id}`);
      expect(restOne.body).toMatchObject({ studentName: 'Nora Before', courseTitle: ownCourseTitle });
      const pdf = await as.admin
        .get(`/api/certificates/${certificate.id}/pdf`)
        .buffer(true)
        .parse(binary as never);
      const text = pdfText(pdf.body as Buffer);
      expect(text).toContain('Nora Before');
      expect(text).toContain(ownCourseTitle);
      expect(text).not.toContain('Nadia');
      expect(text).not.toContain('A Renamed Course');
      // and staff find it by the printed name as well as the current one
      for (const search of ['Before', 'Nadia']) {
        const list = await t.gql(as.admin, ADMIN_LIST, { search, first: 100 });
        expect(
          list.data.adminCertificates.nodes.map((n: { id: string }) => n.id),
          search,
        ).toContain(certificate.id);
      }
    } finally {
      await db().execute(`update courses set title = ? where id = ?`, [ownCourseTitle, ownCourse]);
    }
  });
});

// ---- reissue ------------------------------------------------------------------------------------

describe('certificateReissue', () => {
  async function issued(first = 'Ana', last = 'Misspelt') {
    const student = await newMember(first, last);
    await enroll(student.id, ownCourse);
    return { student, certificate: await service().issueForCompletion(student.id, ownCourse) };
  }

  it('issues a new number with the corrected name and revokes the old one, linked both ways', async () => {
    // given a certificate with a misspelt name
    const { student, certificate } = await issued();
    // when staff reissue it with the corrected name
    const res = await t.gql(as.officer, REISSUE, {
      input: { certificateId: certificate.id, holderName: '  Ana   Corrected ', reason: 'Name correction' },
    });
    const payload = res.data.certificateReissue;
    expect(payload.userErrors).toEqual([]);
    // then the new certificate is valid, prints the new name, keeps the course title and issue date
    const fresh = payload.certificate;
    expect(fresh).toMatchObject({
      status: 'valid',
      studentName: 'Ana Corrected',
      courseTitle: ownCourseTitle,
      revokedAt: null,
      replacedBy: null,
    });
    expect(fresh.number).toMatch(NUMBER_PATTERN);
    expect(fresh.number).not.toBe(certificate.number);
    expect(new Date(fresh.issuedAt).getTime()).toBe(certificate.issuedAt.getTime());
    // and the old one is revoked with a reason naming the new number
    expect(payload.previousCertificate).toMatchObject({
      id: certificate.id,
      number: certificate.number,
      status: 'revoked',
      studentName: 'Ana Misspelt',
      revokeReason: `Reissued as ${fresh.number}: Name correction`,
      replacedBy: { id: fresh.id, number: fresh.number },
    });
    // the verification of each links the other
    const old = await t.gql(t.agent(), VERIFY_LINKS, { number: certificate.number });
    expect(old.data.certificateVerify).toMatchObject({
      valid: false,
      status: 'revoked',
      studentName: 'Ana Misspelt',
      revokeReason: `Reissued as ${fresh.number}: Name correction`,
      replacedByNumber: fresh.number,
      replacesNumber: null,
    });
    const now = await t.gql(t.agent(), VERIFY_LINKS, { number: fresh.number });
    expect(now.data.certificateVerify).toMatchObject({
      valid: true,
      studentName: 'Ana Corrected',
      replacedByNumber: null,
      replacesNumber: certificate.number,
    });
    const rest = await t.agent().get(`/api/certificates/verify/${certificate.number}`);
    expect(rest.body).toMatchObject({ valid: false, replacedByNumber: fresh.number });
    // the PDF of the new one prints the corrected name
    const pdf = await as.admin
      .get(`/api/certificates/${fresh.id}/pdf`)
      .buffer(true)
      .parse(binary as never);
    expect(pdfText(pdf.body as Buffer)).toContain('Ana Corrected');
    // a completion now finds the new certificate (one current certificate per student and course)
    expect((await service().issueForCompletion(student.id, ownCourse)).id).toBe(fresh.id);
    expect(await certificateRows(student.id, ownCourse)).toHaveLength(2);
    const issueCourses = await t.gql(
      as.instructor,
      `query { certificateIssueCourses { id certificateCount } }`,
    );
    const [{ n }] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from certificates where course_id = ? and replaced_by_id is null',
      [ownCourse],
    );
    expect(
      issueCourses.data.certificateIssueCourses.find((c: { id: string }) => c.id === ownCourse)
        .certificateCount,
    ).toBe(n);
  });

  it("prints the holder's current name when no name is given", async () => {
    const { student, certificate } = await issued('Old', 'Name');
    await db().execute(`update users set first_name = 'New', last_name = 'Name' where id = ?`, [student.id]);
    const res = await t.gql(as.instructor, REISSUE, {
      input: { certificateId: certificate.id, reason: 'The holder changed their name' },
    });
    expect(res.data.certificateReissue.userErrors).toEqual([]);
    expect(res.data.certificateReissue.certificate.studentName).toBe('New Name');
  });

  it('refuses a second reissue, a reinstatement of the old one, and a revoked certificate', async () => {
    const { certificate } = await issued();
    const first = await t.gql(as.admin, REISSUE, { input: { certificateId: certificate.id, reason: 'Fix' } });
    const fresh = first.data.certificateReissue.certificate;
    const again = await t.gql(as.admin, REISSUE, { input: { certificateId: certificate.id, reason: 'Fix' } });
    expect(again.data.certificateReissue.userErrors).toEqual([
      {
        code: 'CONFLICT',
        field: 'certificateId',
        message: `This certificate was already reissued as ${fresh.number}`,
      },
    ]);
    const reinstate = await t.gql(as.admin, REINSTATE, { input: { certificateId: certificate.id } });
    expect(reinstate.data.certificateReinstate.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'certificateId',
        message: `This certificate was reissued as ${fresh.number}, which is the valid one`,
      },
    ]);
    await t.gql(as.admin, REVOKE, { input: { certificateId: fresh.id, reason: 'Cheating' } });
    const revoked = await t.gql(as.admin, REISSUE, { input: { certificateId: fresh.id, reason: 'Fix' } });
    expect(revoked.data.certificateReissue.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: 'certificateId',
        message: 'A revoked certificate cannot be reissued; reinstate it first',
      },
    ]);
  });

  it('checks the reason and the name, and who may reissue', async () => {
    const { certificate } = await issued();
    const errors = async (input: Record<string, unknown>, browser = as.admin) =>
      (await t.gql(browser, REISSUE, { input: { certificateId: certificate.id, ...input } })).data
        .certificateReissue.userErrors;
    expect(await errors({ reason: '  ' })).toEqual([
      { code: 'INVALID_INPUT', field: 'reason', message: 'Give a reason for reissuing the certificate' },
    ]);
    expect(await errors({ reason: 'x'.repeat(401) })).toEqual([
      { code: 'INVALID_INPUT', field: 'reason', message: 'The reason must be 400 characters or fewer' },
    ]);
    expect(await errors({ reason: 'Fix', holderName: ' ' })).toEqual([
      { code: 'INVALID_INPUT', field: 'holderName', message: 'Give the name to print on the certificate' },
    ]);
    expect(await errors({ reason: 'Fix', holderName: 'x'.repeat(201) })).toEqual([
      { code: 'INVALID_INPUT', field: 'holderName', message: 'The name must be 200 characters or fewer' },
    ]);
    expect(await errors({ reason: 'Fix' }, as.multi)).toEqual([
      {
        code: 'FORBIDDEN',
        field: 'certificateId',
        message: 'You can reissue certificates only for your own courses',
      },
    ]);
    const unknown = await t.gql(as.admin, REISSUE, { input: { certificateId: randomUUID(), reason: 'x' } });
    expect(unknown.data.certificateReissue.userErrors[0].code).toBe('NOT_FOUND');
    // nothing changed
    const verified = await t.gql(t.agent(), VERIFY_LINKS, { number: certificate.number });
    expect(verified.data.certificateVerify).toMatchObject({ valid: true, replacedByNumber: null });
  });

  it('lets exactly one of 8 concurrent reissues through', async () => {
    const { student, certificate } = await issued();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.gql(i % 2 ? as.admin : as.officer, REISSUE, {
          input: { certificateId: certificate.id, reason: `Fix ${i}` },
        }),
      ),
    );
    const ok = answers.filter((a) => a.data.certificateReissue.userErrors.length === 0);
    expect(ok).toHaveLength(1);
    expect(answers.every((a) => a.errors === undefined)).toBe(true);
    const rows = await db().execute<{ replaced_by_id: string | null; revoked_at: Date | null }[]>(
      'select replaced_by_id, revoked_at from certificates where user_id = ? and course_id = ?',
      [student.id, ownCourse],
    );
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.replaced_by_id === null && r.revoked_at === null)).toHaveLength(1);
  });

  it('draws another number when the first one is taken', async () => {
    const { certificate } = await issued();
    const { certificate: other } = await issued();
    const svc = service();
    const actor = await t.orm.em.fork().findOneOrFail(User, { id: idOf.admin });
    const drawn: string[] = [];
    svc.drawNumber = (issuedAt) => {
      drawn.push(drawn.length === 0 ? other.number : newCertificateNumber(issuedAt));
      return drawn[drawn.length - 1];
    };
    const { certificate: fresh, previousCertificate } = await svc.reissue(actor, {
      certificateId: certificate.id,
      reason: 'Fix',
    });
    expect(drawn).toHaveLength(2);
    expect(fresh.number).toBe(drawn[1]);
    expect(previousCertificate.revokeReason).toBe(`Reissued as ${drawn[1]}: Fix`);
  });
});

// ---- refunds --------------------------------------------------------------------------------------

describe('a refund revokes the certificates of the course access it took away', () => {
  const PAID_COURSE = 'Teaching Classical Ballet: Grades 1–3';
  const REFUND = `mutation($input: OrderRefundInput!) { orderRefund(input: $input) {
    order { id status } userErrors { code field message } } }`;

  /** A new member who buys the paid course with the test provider and holds its certificate. */
  async function buyerWithCertificate() {
    const browser = t.agent();
    const username = `buyer${++userCounter}${Date.now().toString(36)}`;
    const registered = await browser
      .post('/api/register')
      .set(json)
      .send({ username, password: 'refund-test-pw', firstName: 'Rhea', lastName: 'Refund' });
    expect(registered.status).toBe(201);
    const courseId = courses.get(PAID_COURSE)!.id;
    const added = await t.gql(
      browser,
      `mutation($input: CartItemAddInput!) { cartItemAdd(input: $input) { userErrors { code message } } }`,
      { input: { itemType: 'course', itemId: courseId, quantity: 1 } },
    );
    expect(added.data.cartItemAdd.userErrors).toEqual([]);
    const paid = await browser
      .post('/api/simple-checkout')
      .set(json)
      .send({ idempotencyKey: `refund-${username}` });
    expect(paid.body.order?.status, JSON.stringify(paid.body)).toBe('paid');
    const certificate = await service().issueForCompletion(registered.body.id, courseId);
    return {
      userId: registered.body.id as string,
      courseId,
      orderId: paid.body.order.id as string,
      certificate,
    };
  }

  it("revokes it with the reason 'refunded', visibly on the verification page", async () => {
    const { orderId, certificate } = await buyerWithCertificate();
    expect(
      (await t.gql(t.agent(), VERIFY, { number: certificate.number })).data.certificateVerify.valid,
    ).toBe(true);
    const refund = await t.gql(as.admin, REFUND, { input: { orderId, reason: 'Changed my mind' } });
    expect(refund.data.orderRefund.userErrors).toEqual([]);
    const verified = await t.gql(t.agent(), VERIFY, { number: certificate.number });
    expect(verified.data.certificateVerify).toMatchObject({
      valid: false,
      status: 'revoked',
      revokeReason: 'refunded',
      revokedAt: expect.any(String),
    });
  });

  it('makes it valid again when the course is granted (or bought) again', async () => {
    const { userId, courseId, orderId, certificate } = await buyerWithCertificate();
    const refund = await t.gql(as.admin, REFUND, { input: { orderId, reason: 'Changed my mind' } });
    expect(refund.data.orderRefund.userErrors).toEqual([]);
    expect(
      (await t.gql(t.agent(), VERIFY, { number: certificate.number })).data.certificateVerify.valid,
    ).toBe(false);
    const granted = await t.gql(
      as.admin,
      `mutation($input: EnrollmentGrantInput!) { enrollmentGrant(input: $input) { userErrors { code message } } }`,
      { input: { courseId, userId } },
    );
    expect(granted.data.enrollmentGrant.userErrors).toEqual([]);
    const verified = await t.gql(t.agent(), VERIFY, { number: certificate.number });
    expect(verified.data.certificateVerify).toMatchObject({ valid: true, revokeReason: null });
  });

  it('keeps it when the refund left the access (the learner is enrolled another way)', async () => {
    const { userId, courseId, orderId, certificate } = await buyerWithCertificate();
    // the enrollment no longer comes from the purchase (e.g. staff granted the course)
    await db().execute(`update enrollments set source = 'granted' where user_id = ? and course_id = ?`, [
      userId,
      courseId,
    ]);
    const refund = await t.gql(as.admin, REFUND, { input: { orderId, reason: 'Goodwill' } });
    expect(refund.data.orderRefund.userErrors).toEqual([]);
    const verified = await t.gql(t.agent(), VERIFY, { number: certificate.number });
    expect(verified.data.certificateVerify).toMatchObject({ valid: true, revokeReason: null });
  });

  it('revokeCertificatesForRefund touches only valid certificates of courses without access', async () => {
    const student = await newMember();
    await enroll(student.id, ownCourse); // still has access
    const kept = await service().issueForCompletion(student.id, ownCourse);
    const lost = await service().issueForCompletion(student.id, otherCourse); // no enrollment
    const em = t.orm.em.fork();
    expect(await revokeCertificatesForRefund(em, student.id, [])).toEqual([]);
    expect(await revokeCertificatesForRefund(em, student.id, [ownCourse, otherCourse, otherCourse])).toEqual([
      lost.id,
    ]);
    // a second call changes nothing (the reason and date stay)
    expect(await revokeCertificatesForRefund(em, student.id, [otherCourse])).toEqual([]);
    const rows = await db().execute<{ id: string; revoke_reason: string | null }[]>(
      'select id, revoke_reason from certificates where user_id = ? order by revoke_reason nulls first',
      [student.id],
    );
    expect(rows).toEqual([
      { id: kept.id, revoke_reason: null },
      { id: lost.id, revoke_reason: 'refunded' },
    ]);
  });
});
