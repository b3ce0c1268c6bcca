import { Cursor, type FilterQuery, ForeignKeyConstraintViolationException, Reference } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import { randomUUID } from 'node:crypto';
import { invalidCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { assignmentsNotPassed, assignmentsWaitingMessage } from '../assignments';
import { Course, courseFactsSql } from '../courses';
import { Enrollment, enrollmentsSql } from '../learning';
import { hasAnyRole, STAFF_ROLES } from '../users';
import { User } from '../users';
import { isUuid } from '../../lib/ids';
import { newCertificateNumber, normalizeCertificateNumber } from './certificate-number';
import { formatIssuedOn, type MergeFields, personName, unknownPlaceholders } from './certificate-text';
import { Certificate } from './certificate.entity';
import { sendCertificateIssuedMail } from './certificate-issued-mail';
import { emitCertificateIssued } from './certificate-webhook-events';
import { CertificateTemplate, TEMPLATE_PLACEHOLDERS } from './certificate-template.entity';

export type CertificateStatus = 'valid' | 'revoked';
export const CERTIFICATE_STATUSES: readonly CertificateStatus[] = ['valid', 'revoked'];

export const MAX_REVOKE_REASON = 500;
/** A reissue's reason goes into the old certificate's revoke reason after "Reissued as DRX-…: ". */
export const MAX_REISSUE_REASON = 400;
export const MAX_HOLDER_NAME = 200;
export const MAX_TEMPLATE_BODY = 2000;
const DEFAULT_ACCENT = '#6b46c1';
/** A fresh number collides with an existing one about once in 10^12 issues; five tries is plenty. */
const NUMBER_ATTEMPTS = 5;

export interface CertificateListFilter {
  first: number;
  after?: string | null;
  /** Words matched against the number, the student's username and names, and the course title. */
  search?: string | null;
  status?: CertificateStatus | null;
  /** Only certificates of courses this user teaches. */
  instructorId?: string;
  courseId?: string | null;
}

export interface TemplateFields {
  name?: string | null;
  heading?: string | null;
  body?: string | null;
  signatoryName?: string | null;
  signatoryTitle?: string | null;
  accentColor?: string | null;
}

export interface Verification {
  number: string;
  valid: boolean;
  status: CertificateStatus;
  studentName: string;
  courseTitle: string;
  issuedAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
  instructorName: string;
  /** The certificate that replaced this one in a reissue. */
  replacedByNumber: string | null;
  /** The certificate this one replaced in a reissue. */
  replacesNumber: string | null;
}

export interface ReissueInput {
  certificateId: string;
  /** The name to print; default the holder's current name. */
  holderName?: string | null;
  reason: string;
}

export interface IssueCourse {
  id: string;
  title: string;
  enrolledCount: number;
  certificateCount: number;
}

export interface IssueCandidate {
  user: User;
  studentName: string;
  enrolledAt: Date;
  completedAt: Date | null;
  certificate: Certificate | null;
}

/** Everything a certificate prints (the web page and the PDF draw the same). */
export interface CertificateDocument {
  certificate: Certificate;
  template: CertificateTemplate;
  fields: MergeFields;
}

export function isStaff(user: User | null | undefined): boolean {
  return hasAnyRole(user, STAFF_ROLES);
}

export function certificateStatus(certificate: Certificate): CertificateStatus {
  return certificate.revokedAt ? 'revoked' : 'valid';
}

/** Loads a to-one relation through the request's dataloader (one query for a whole list). */
export async function load<T extends object>(entity: T): Promise<T> {
  return Reference.create(entity).load() as Promise<T>;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A cursor of a certificate list is exactly [issuedAt, id]. */
function isCertificateCursor(cursor: string): boolean {
  let values: unknown;
  try {
    values = Cursor.decode(cursor);
  } catch {
    return false;
  }
  return (
    Array.isArray(values) &&
    values.length === 2 &&
    (typeof values[0] === 'string' || values[0] instanceof Date) &&
    !Number.isNaN(new Date(values[0] as string).getTime()) &&
    isUuid(values[1])
  );
}

/**
 * Certificates: issuing (on completion and by hand), the owner's, instructor's and staff's views,
 * public verification, revocation, and the templates they are printed from.
 */
export class CertificatesService {
  /** Draws certificate numbers (replaceable in tests to force a collision). */
  drawNumber: (issuedAt: Date) => string = newCertificateNumber;

  constructor(private readonly em: EntityManager) {}

  /**
   * Issues the certificate of a completed course, once: safe under concurrent calls (the unique
   * (user, course) index decides); returns the existing certificate when there is one. Refused
   * (INVALID_INPUT) while the course requires video assignments the learner has not passed.
   */
  async issueForCompletion(userId: string, courseId: string): Promise<Certificate> {
    return (await this.issue(userId, courseId)).certificate;
  }

  /**
   * {@link issueForCompletion} unless the course requires video assignments the learner has not
   * passed yet: then null (the last pass issues it: assignments module). Completing a course asks this.
   */
  async issueForCompletionWhenDue(userId: string, courseId: string): Promise<Certificate | null> {
    const existing = await this.findFor(userId, courseId);
    if (existing) return existing;
    if (isUuid(userId) && isUuid(courseId) && (await assignmentsNotPassed(this.em, userId, courseId)) > 0) {
      return null;
    }
    return this.issueForCompletion(userId, courseId);
  }

  /**
   * The certificate of `userId` for `courseId`, issued now unless it exists. Concurrent callers
   * race on `insert … on conflict do nothing`: exactly one row is created and every caller gets it.
   * A revoked certificate is returned as it is (issuing again does not reinstate it).
   */
  async issue(userId: string, courseId: string): Promise<{ certificate: Certificate; created: boolean }> {
    const existing = await this.findFor(userId, courseId);
    if (existing) return { certificate: existing, created: false };

    const course = isUuid(courseId) ? await this.em.findOne(Course, { id: courseId }) : null;
    if (!course) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
    const user = isUuid(userId) ? await this.em.findOne(User, { id: userId }) : null;
    if (!user) throw new DomainError('NOT_FOUND', 'Student not found', 'userId');
    const waiting = await assignmentsNotPassed(this.em, user.id, course.id);
    if (waiting > 0) throw new DomainError('INVALID_INPUT', assignmentsWaitingMessage(waiting), 'userId');
    const template =
      (course.certificateTemplate as CertificateTemplate | null | undefined) ??
      (await this.defaultTemplate());

    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
      const id = randomUUID();
      const issuedAt = new Date();
      // No conflict target: a clash on (user, course) and one on the number both do nothing.
      // The holder's name and the course title are fixed now (what the certificate prints).
      // The certificate and its mail (kind `certificates`) commit together.
      const inserted = await this.em.transactional(async (tx) => {
        const rows = await tx.execute<{ id: string; number: string }[]>(
          `insert into certificates (id, number, user_id, course_id, template_id, issued_at, holder_name, course_title)
           values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id, number`,
          [
            id,
            this.drawNumber(issuedAt),
            user.id,
            course.id,
            template.id,
            issuedAt,
            personName(user),
            course.title,
          ],
        );
        if (rows.length > 0) {
          await sendCertificateIssuedMail(tx, {
            id,
            number: rows[0].number,
            userId: user.id,
            holderName: personName(user),
            courseTitle: course.title,
          });
          await emitCertificateIssued(tx, id);
        }
        return rows;
      });
      if (inserted.length > 0) {
        return { certificate: await this.em.findOneOrFail(Certificate, { id }), created: true };
      }
      const winner = await this.findFor(user.id, course.id);
      if (winner) return { certificate: winner, created: false };
      // Otherwise the random number was taken: draw another.
    }
    throw new Error('Could not draw an unused certificate number');
  }

  /**
   * Manual issue: the course's instructor for a student enrolled in it, or staff for anyone.
   * Idempotent like {@link issueForCompletion}.
   */
  async issueManually(actor: User, courseId: string, userId: string) {
    const course = isUuid(courseId) ? await this.em.findOne(Course, { id: courseId }) : null;
    if (!course) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
    const staff = isStaff(actor);
    if (!staff && course.instructor.id !== actor.id) {
      throw new DomainError('FORBIDDEN', 'You can issue certificates only for your own courses', 'courseId');
    }
    const student = isUuid(userId) ? await this.em.findOne(User, { id: userId }) : null;
    if (!student) throw new DomainError('NOT_FOUND', 'Student not found', 'userId');
    if (!staff) {
      const enrolled = await this.em.count(Enrollment, { user: student.id, course: course.id });
      if (!enrolled) {
        throw new DomainError('INVALID_INPUT', 'This student is not enrolled in this course', 'userId');
      }
    }
    return this.issue(student.id, course.id);
  }

  /** The certificate if `actor` may see it (its owner, the course's instructor, staff); else null. */
  async findVisible(actor: User, id: string): Promise<Certificate | null> {
    const certificate = isUuid(id) ? await this.em.findOne(Certificate, { id }) : null;
    if (!certificate) return null;
    return (await this.maySee(actor, certificate)) ? certificate : null;
  }

  /** My certificates, newest first. */
  mine(actor: User): Promise<Certificate[]> {
    return this.em.find(Certificate, { user: actor.id }, { orderBy: { issuedAt: 'desc', id: 'desc' } });
  }

  /** A page of certificates (staff: all; with `instructorId`: that instructor's courses only). */
  async list(filter: CertificateListFilter) {
    const conditions: FilterQuery<Certificate>[] = [];
    if (filter.status === 'valid') conditions.push({ revokedAt: null });
    if (filter.status === 'revoked') conditions.push({ revokedAt: { $ne: null } });
    if (filter.instructorId) conditions.push({ course: { instructor: filter.instructorId } });
    if (filter.courseId) {
      if (!isUuid(filter.courseId)) {
        throw new GraphQLError('`courseId` is not a valid id', { extensions: { code: 'BAD_USER_INPUT' } });
      }
      conditions.push({ course: filter.courseId });
    }
    for (const word of (filter.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
      const like = `%${escapeLike(word)}%`;
      conditions.push({
        $or: [
          { number: { $ilike: like } },
          { holderName: { $ilike: like } },
          { courseTitle: { $ilike: like } },
          { user: { username: { $ilike: like } } },
          { user: { firstName: { $ilike: like } } },
          { user: { lastName: { $ilike: like } } },
          { course: { title: { $ilike: like } } },
        ],
      });
    }
    if (filter.after && !isCertificateCursor(filter.after)) throw invalidCursor();
    return this.em.findByCursor(Certificate, conditions.length ? { $and: conditions } : {}, {
      first: filter.first,
      after: filter.after ?? undefined,
      orderBy: { issuedAt: 'desc', id: 'desc' },
      includeCount: true,
    });
  }

  /** What the public verification page shows for a number; null when there is no such number. */
  async verify(number: string): Promise<Verification | null> {
    const normalized = normalizeCertificateNumber(number);
    if (!normalized || normalized.length > 40) return null;
    const certificate = await this.em.findOne(
      Certificate,
      { number: normalized },
      { populate: ['course', 'course.instructor', 'replacedBy'] },
    );
    if (!certificate) return null;
    const replaced = await this.em.findOne(
      Certificate,
      { replacedBy: certificate.id },
      { fields: ['number'] },
    );
    const status = certificateStatus(certificate);
    return {
      number: certificate.number,
      valid: status === 'valid',
      status,
      studentName: certificate.holderName,
      courseTitle: certificate.courseTitle,
      issuedAt: certificate.issuedAt,
      revokedAt: certificate.revokedAt ?? null,
      revokeReason: certificate.revokeReason ?? null,
      instructorName: personName(certificate.course.instructor),
      replacedByNumber: certificate.replacedBy?.number ?? null,
      replacesNumber: replaced?.number ?? null,
    };
  }

  /** Revokes a certificate with a reason (the course's instructor or staff). */
  async revoke(actor: User, certificateId: string, reason: string): Promise<Certificate> {
    const clean = reason.trim();
    if (!clean)
      throw new DomainError('INVALID_INPUT', 'Give a reason for revoking the certificate', 'reason');
    if (clean.length > MAX_REVOKE_REASON) {
      throw new DomainError(
        'INVALID_INPUT',
        `The reason must be ${MAX_REVOKE_REASON} characters or fewer`,
        'reason',
      );
    }
    const certificate = await this.findManaged(actor, certificateId, 'revoke');
    if (certificate.revokedAt) {
      throw new DomainError('INVALID_INPUT', 'This certificate is already revoked', 'certificateId');
    }
    certificate.revokedAt = new Date();
    certificate.revokeReason = clean;
    await this.em.flush();
    return certificate;
  }

  /** Makes a revoked certificate valid again (staff; the permission rule checks the role). */
  async reinstate(actor: User, certificateId: string): Promise<Certificate> {
    const certificate = isUuid(certificateId)
      ? await this.em.findOne(Certificate, { id: certificateId })
      : null;
    if (!certificate) throw new DomainError('NOT_FOUND', 'Certificate not found', 'certificateId');
    if (!isStaff(actor)) {
      throw new DomainError('FORBIDDEN', 'Only staff can reinstate certificates', 'certificateId');
    }
    if (!certificate.revokedAt) {
      throw new DomainError('INVALID_INPUT', 'This certificate is not revoked', 'certificateId');
    }
    if (certificate.replacedBy) {
      const replacement = await load(certificate.replacedBy);
      throw new DomainError(
        'INVALID_INPUT',
        `This certificate was reissued as ${replacement.number}, which is the valid one`,
        'certificateId',
      );
    }
    certificate.revokedAt = null;
    certificate.revokeReason = null;
    await this.em.flush();
    return certificate;
  }

  /**
   * Reissues a certificate (the course's instructor or staff), e.g. to correct the holder's name: a
   * new certificate with a new number, the same course title, template and issue date, printing
   * `holderName` (default: the holder's current name); the old one is revoked with the reason
   * "Reissued as DRX-…: <reason>" and points at the new one. One transaction; the conditional update
   * (valid and not yet reissued) lets exactly one of concurrent reissues through.
   */
  async reissue(
    actor: User,
    input: ReissueInput,
  ): Promise<{ certificate: Certificate; previousCertificate: Certificate }> {
    const reason = (input.reason ?? '').trim();
    if (!reason)
      throw new DomainError('INVALID_INPUT', 'Give a reason for reissuing the certificate', 'reason');
    if (reason.length > MAX_REISSUE_REASON) {
      throw new DomainError(
        'INVALID_INPUT',
        `The reason must be ${MAX_REISSUE_REASON} characters or fewer`,
        'reason',
      );
    }
    const old = await this.findManaged(actor, input.certificateId, 'reissue');
    if (old.replacedBy) {
      const replacement = await load(old.replacedBy);
      throw new DomainError(
        'CONFLICT',
        `This certificate was already reissued as ${replacement.number}`,
        'certificateId',
      );
    }
    if (old.revokedAt) {
      throw new DomainError(
        'INVALID_INPUT',
        'A revoked certificate cannot be reissued; reinstate it first',
        'certificateId',
      );
    }
    const holderName =
      input.holderName === undefined || input.holderName === null
        ? personName(await load(old.user))
        : checkedHolderName(input.holderName);

    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
      const id = randomUUID();
      const number = this.drawNumber(old.issuedAt);
      const done = await this.em
        .transactional(async (tem) => {
          const revoked = await tem.execute<{ id: string }[]>(
            `update certificates set revoked_at = ?, revoke_reason = ?, replaced_by_id = ?
            where id = ? and revoked_at is null and replaced_by_id is null returning id`,
            [new Date(), `Reissued as ${number}: ${reason}`, id, old.id],
          );
          if (!revoked.length) {
            throw new DomainError(
              'CONFLICT',
              'This certificate was revoked or reissued meanwhile',
              'certificateId',
            );
          }
          const inserted = await tem.execute<{ id: string }[]>(
            `insert into certificates (id, number, user_id, course_id, template_id, issued_at, holder_name, course_title)
           select ?, ?, user_id, course_id, template_id, issued_at, ?, course_title from certificates where id = ?
           on conflict do nothing returning id`,
            [id, number, holderName, old.id],
          );
          // The number was taken: undo the revocation and draw another.
          if (!inserted.length) throw new NumberTaken();
          await emitCertificateIssued(tem, id);
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof NumberTaken) return false;
          throw error;
        });
      if (done) {
        const [certificate, previousCertificate] = await Promise.all([
          this.em.findOneOrFail(Certificate, { id }),
          this.em.findOneOrFail(Certificate, { id: old.id }, { refresh: true }),
        ]);
        return { certificate, previousCertificate };
      }
    }
    throw new Error('Could not draw an unused certificate number');
  }

  /**
   * The certificate with its template and merge fields, for the PDF download: its owner, the
   * course's instructor or staff. Throws NOT_FOUND or FORBIDDEN.
   */
  async document(actor: User, certificateId: string): Promise<CertificateDocument> {
    const certificate = isUuid(certificateId)
      ? await this.em.findOne(Certificate, { id: certificateId })
      : null;
    if (!certificate) throw new DomainError('NOT_FOUND', 'Certificate not found');
    if (!(await this.maySee(actor, certificate))) {
      throw new DomainError('FORBIDDEN', 'You are not allowed to download this certificate');
    }
    return {
      certificate,
      template: await load(certificate.template),
      fields: await this.mergeFields(certificate),
    };
  }

  /** The values printed into the template's placeholders. */
  async mergeFields(certificate: Certificate): Promise<MergeFields> {
    const course = await load(certificate.course);
    const instructor = await load(course.instructor);
    return {
      studentName: certificate.holderName,
      courseTitle: certificate.courseTitle,
      issuedOn: formatIssuedOn(certificate.issuedAt),
      certificateNumber: certificate.number,
      instructorName: personName(instructor),
    };
  }

  // ---- manual issue helpers -------------------------------------------------------------------

  /** Courses `actor` may issue certificates for: the ones they teach (staff: every course). */
  async issueCourses(actor: User): Promise<IssueCourse[]> {
    const staff = isStaff(actor);
    const rows = await this.em.execute<
      { id: string; title: string; enrolled_count: string; certificate_count: string }[]
    >(
      `select c.id, c.title,
              (select count(*) from (${enrollmentsSql}) e where e.course_id = c.id) as enrolled_count,
              (select count(*) from certificates x where x.course_id = c.id and x.replaced_by_id is null) as certificate_count
         from (${courseFactsSql}) c
        where ? or c.instructor_id = ?
        order by c.title, c.id`,
      [staff, actor.id],
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      enrolledCount: Number(r.enrolled_count),
      certificateCount: Number(r.certificate_count),
    }));
  }

  /**
   * Students enrolled in a course `actor` may issue for, matching `search`, alphabetically, at most
   * `first`. Null when the course is unknown or not theirs.
   */
  async issueCandidates(
    actor: User,
    courseId: string,
    search: string | null | undefined,
    first: number,
  ): Promise<IssueCandidate[] | null> {
    const course = isUuid(courseId) ? await this.em.findOne(Course, { id: courseId }) : null;
    if (!course || (!isStaff(actor) && course.instructor.id !== actor.id)) return null;
    const where: FilterQuery<Enrollment> = { course: course.id };
    const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
    if (words.length) {
      where.$and = words.map((word) => {
        const like = `%${escapeLike(word)}%`;
        return {
          $or: [
            { user: { username: { $ilike: like } } },
            { user: { firstName: { $ilike: like } } },
            { user: { lastName: { $ilike: like } } },
          ],
        };
      });
    }
    const enrollments = await this.em.find(Enrollment, where, {
      populate: ['user'],
      orderBy: { user: { firstName: 'asc', lastName: 'asc', usernameKey: 'asc' }, id: 'asc' },
      limit: first,
    });
    const certificates = enrollments.length
      ? await this.em.find(Certificate, {
          course: course.id,
          user: { $in: enrollments.map((e) => e.user.id) },
          replacedBy: null,
        })
      : [];
    const byUser = new Map(certificates.map((c) => [c.user.id, c]));
    return enrollments.map((e) => ({
      user: e.user,
      studentName: personName(e.user),
      enrolledAt: e.createdAt,
      completedAt: e.completedAt ?? null,
      certificate: byUser.get(e.user.id) ?? null,
    }));
  }

  // ---- templates ------------------------------------------------------------------------------

  /** Every template: the default first, then by name. */
  templates(): Promise<CertificateTemplate[]> {
    return this.em.find(CertificateTemplate, {}, { orderBy: { isDefault: 'desc', name: 'asc', id: 'asc' } });
  }

  async createTemplate(input: TemplateFields): Promise<CertificateTemplate> {
    const fields = validateTemplate(input, null);
    const template = this.em.create(CertificateTemplate, {
      name: fields.name!,
      heading: fields.heading!,
      body: fields.body!,
      signatoryName: fields.signatoryName ?? '',
      signatoryTitle: fields.signatoryTitle ?? '',
      accentColor: fields.accentColor ?? DEFAULT_ACCENT,
      isDefault: false,
    });
    await this.em.flush();
    return template;
  }

  async updateTemplate(id: string, input: TemplateFields): Promise<CertificateTemplate> {
    const template = await this.findTemplate(id);
    const fields = validateTemplate(input, template);
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null) Object.assign(template, { [key]: value });
    }
    await this.em.flush();
    return template;
  }

  /** Deletes a template no certificate uses; the default template stays (set another first). */
  async deleteTemplate(id: string): Promise<string> {
    const template = await this.findTemplate(id);
    if (template.isDefault) {
      throw new DomainError(
        'INVALID_INPUT',
        'The default template cannot be deleted. Make another template the default first.',
        'id',
      );
    }
    const used = await this.em.count(Certificate, { template: template.id });
    if (used > 0) throw templateInUse(used);
    try {
      // Courses naming it fall back to the default template (on delete set null).
      await this.em.nativeDelete(CertificateTemplate, { id: template.id });
    } catch (error) {
      // A certificate issued with it since the count.
      if (error instanceof ForeignKeyConstraintViolationException) throw templateInUse(1);
      throw error;
    }
    this.em.getUnitOfWork().unsetIdentity(template);
    return template.id;
  }

  /** Makes one template the default (exactly one is; a partial unique index guarantees it). */
  async setDefaultTemplate(
    id: string,
  ): Promise<{ template: CertificateTemplate; templates: CertificateTemplate[] }> {
    const template = await this.findTemplate(id);
    await this.em.transactional(async (em) => {
      // Serialises concurrent changes of the default.
      await em.execute('lock table certificate_templates in share row exclusive mode');
      await em.execute('update certificate_templates set is_default = false where is_default and id <> ?', [
        template.id,
      ]);
      await em.execute('update certificate_templates set is_default = true where id = ?', [template.id]);
    });
    const templates = await this.em.find(
      CertificateTemplate,
      {},
      { orderBy: { isDefault: 'desc', name: 'asc', id: 'asc' }, refresh: true },
    );
    return { template: templates.find((t) => t.id === template.id)!, templates };
  }

  /** How many certificates use each template (one query). */
  async templateUsage(): Promise<Map<string, number>> {
    const rows = await this.em.execute<{ template_id: string; n: string }[]>(
      'select template_id, count(*) as n from certificates group by template_id',
    );
    return new Map(rows.map((r) => [r.template_id, Number(r.n)]));
  }

  // ---- internals ------------------------------------------------------------------------------

  private findFor(userId: string, courseId: string): Promise<Certificate | null> {
    if (!isUuid(userId) || !isUuid(courseId)) return Promise.resolve(null);
    return this.em.findOne(Certificate, { user: userId, course: courseId, replacedBy: null });
  }

  private async defaultTemplate(): Promise<CertificateTemplate> {
    const template =
      (await this.em.findOne(CertificateTemplate, { isDefault: true })) ??
      (await this.em.findOne(CertificateTemplate, {}, { orderBy: { createdAt: 'asc', id: 'asc' } }));
    if (!template) throw new Error('There is no certificate template to issue certificates with');
    return template;
  }

  private async findTemplate(id: string): Promise<CertificateTemplate> {
    const template = isUuid(id) ? await this.em.findOne(CertificateTemplate, { id }) : null;
    if (!template) throw new DomainError('NOT_FOUND', 'Template not found', 'id');
    return template;
  }

  private async maySee(actor: User, certificate: Certificate): Promise<boolean> {
    if (certificate.user.id === actor.id || isStaff(actor)) return true;
    const course = await load(certificate.course);
    return course.instructor.id === actor.id;
  }

  /** A certificate the actor may revoke or reissue (the course's instructor or staff). */
  private async findManaged(
    actor: User,
    certificateId: string,
    action: 'revoke' | 'reissue',
  ): Promise<Certificate> {
    const certificate = isUuid(certificateId)
      ? await this.em.findOne(Certificate, { id: certificateId })
      : null;
    if (!certificate) throw new DomainError('NOT_FOUND', 'Certificate not found', 'certificateId');
    if (isStaff(actor)) return certificate;
    const course = await load(certificate.course);
    if (course.instructor.id !== actor.id) {
      throw new DomainError(
        'FORBIDDEN',
        `You can ${action} certificates only for your own courses`,
        'certificateId',
      );
    }
    return certificate;
  }
}

/** Thrown inside a reissue's transaction when the drawn number is taken (the transaction rolls back). */
class NumberTaken extends Error {}

/** A holder name given for a reissue: trimmed, 1–200 characters, no control characters. */
function checkedHolderName(value: string): string {
  const name = value.trim().replace(/\s+/g, ' ');
  if (!name)
    throw new DomainError('INVALID_INPUT', 'Give the name to print on the certificate', 'holderName');
  if (name.length > MAX_HOLDER_NAME) {
    throw new DomainError(
      'INVALID_INPUT',
      `The name must be ${MAX_HOLDER_NAME} characters or fewer`,
      'holderName',
    );
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw new DomainError('INVALID_INPUT', 'The name cannot contain control characters', 'holderName');
  }
  return name;
}

function templateInUse(count: number): DomainError {
  return new DomainError(
    'INVALID_INPUT',
    `This template is used by ${count === 1 ? '1 certificate' : `${count} certificates`} and cannot be deleted`,
    'id',
  );
}

const LIMITS = { name: 120, heading: 200, body: MAX_TEMPLATE_BODY, signatoryName: 120, signatoryTitle: 120 };
const LABELS = {
  name: 'Name',
  heading: 'Heading',
  body: 'Body',
  signatoryName: 'Signatory name',
  signatoryTitle: 'Signatory title',
};

/**
 * Checks a template's fields and returns them cleaned (trimmed, colour lower-cased). With
 * `existing`, omitted (null) fields keep their value; without, name, heading and body are required.
 */
export function validateTemplate(
  input: TemplateFields,
  existing: CertificateTemplate | null,
): TemplateFields {
  const out: TemplateFields = {};
  for (const key of ['name', 'heading', 'body', 'signatoryName', 'signatoryTitle'] as const) {
    const raw = input[key];
    if (raw === undefined || raw === null) {
      if (!existing && (key === 'name' || key === 'heading' || key === 'body')) {
        throw new DomainError('INVALID_INPUT', `${LABELS[key]} is required`, key);
      }
      continue;
    }
    const value = raw.trim();
    if (!value && (key === 'name' || key === 'heading' || key === 'body')) {
      throw new DomainError('INVALID_INPUT', `${LABELS[key]} is required`, key);
    }
    if (value.length > LIMITS[key]) {
      throw new DomainError(
        'INVALID_INPUT',
        `${LABELS[key]} must be ${LIMITS[key]} characters or fewer`,
        key,
      );
    }
    if (key === 'heading' || key === 'body') {
      const unknown = unknownPlaceholders(value);
      if (unknown.length) {
        throw new DomainError(
          'INVALID_INPUT',
          `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((p) => `{{${p}}}`).join(', ')}. ` +
            `Use ${TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`,
          key,
        );
      }
    }
    out[key] = value;
  }
  if (input.accentColor !== undefined && input.accentColor !== null) {
    const colour = input.accentColor.trim();
    if (!/^#[0-9a-fA-F]{6}$/.test(colour)) {
      throw new DomainError(
        'INVALID_INPUT',
        'Accent colour must be a #rrggbb colour such as #6b46c1',
        'accentColor',
      );
    }
    out.accentColor = colour.toLowerCase();
  }
  return out;
}
