/** Enrollment actions of a course details page (the learning module fills this in). */
export default function CourseEnrollmentActions(_props: { courseId: string }) {
  return null;
}
