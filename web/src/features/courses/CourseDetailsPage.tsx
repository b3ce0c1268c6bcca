import RoutePlaceholderPage from '../misc/RoutePlaceholderPage';

/** Placeholder until the courses issue (3) replaces it. */
export default function CourseDetailsPage() {
  return <RoutePlaceholderPage title="Course details" />;
}
