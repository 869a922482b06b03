// /en/returns, the English path the route table first had, is now /en/complaint (the name).
import { redirect } from 'react-router';
import { href } from '../language.ts';

export function loader() {
  return redirect(href('complaint', 'en'), 301);
}
