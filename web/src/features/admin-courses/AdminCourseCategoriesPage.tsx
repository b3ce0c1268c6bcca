import RoutePlaceholderPage from '../misc/RoutePlaceholderPage';

/** Placeholder until the courses issue (3) replaces it. */
export default function AdminCourseCategoriesPage() {
  return <RoutePlaceholderPage title="Course categories" />;
}
