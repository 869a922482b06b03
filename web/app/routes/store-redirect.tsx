import { redirect } from 'react-router';
import type { Route } from './+types/store-redirect';
import { href } from '../language.ts';

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href('store', 'en', { id: params.id }), 301);
}
