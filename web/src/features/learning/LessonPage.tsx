import RoutePlaceholderPage from '../misc/RoutePlaceholderPage';

/** Placeholder until the courses issue (3) replaces it. */
export default function LessonPage() {
  return <RoutePlaceholderPage title="Lesson" />;
}
