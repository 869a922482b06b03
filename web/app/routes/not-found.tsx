import type { Route } from './+types/not-found';
import { notFound } from '../apollo/load.ts';

// Any path no route matches: the root error boundary renders the 404 page with status 404.
export function loader({ request }: Route.LoaderArgs) {
  throw notFound(request);
}

export default function NotFound() {
  return null;
}
