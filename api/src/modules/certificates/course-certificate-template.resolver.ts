import { Reference } from '@mikro-orm/core';
import { FieldResolver, Resolver, Root } from 'type-graphql';
import { Course } from '../courses';
import { CertificateTemplate } from './certificate-template.entity';

/**
 * `Course.certificateTemplate`: the course names its template by entity name only (the courses
 * module does not import this one), so its GraphQL field is given here. Its rule stays in
 * courses.permissions.ts (`Course.certificateTemplate: isCourseEditor`).
 */
@Resolver(() => Course)
export class CourseCertificateTemplateResolver {
  @FieldResolver(() => CertificateTemplate, {
    nullable: true,
    description:
      'Its certificate layout; null uses the default template. Readable by the course’s instructor and ' +
      'staff only: anyone else gets a FORBIDDEN (signed out: UNAUTHENTICATED) error for this field.',
  })
  async certificateTemplate(@Root() course: Course): Promise<CertificateTemplate | null> {
    return course.certificateTemplate
      ? await Reference.create(course.certificateTemplate as CertificateTemplate).load()
      : null;
  }
}
