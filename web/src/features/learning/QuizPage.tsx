import RoutePlaceholderPage from '../misc/RoutePlaceholderPage';

/** Placeholder until the courses issue (3) replaces it. */
export default function QuizPage() {
  return <RoutePlaceholderPage title="Quiz" />;
}
