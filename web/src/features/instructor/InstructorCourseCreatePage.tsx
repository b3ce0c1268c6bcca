import RoutePlaceholderPage from '../misc/RoutePlaceholderPage';

/** Placeholder until the courses issue (3) replaces it. */
export default function InstructorCourseCreatePage() {
  return <RoutePlaceholderPage title="Create a course" />;
}
