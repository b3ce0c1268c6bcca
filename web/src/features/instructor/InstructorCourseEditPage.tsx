import RoutePlaceholderPage from '../misc/RoutePlaceholderPage';

/** Placeholder until the courses issue (3) replaces it. */
export default function InstructorCourseEditPage() {
  return <RoutePlaceholderPage title="Edit course" />;
}
