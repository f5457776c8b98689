import { NotFoundView } from './not-found-view.tsx';

/** The catch-all route: an unknown address. */
export default function NotFoundPage() {
  return <NotFoundView />;
}
