import { data } from 'react-router';
import { NotFound } from '~/components/shell/NotFound';
import { cachePolicy } from '../../contract/cache-policy';

export function loader() {
  throw data(null, { status: 404 });
}

export const headers = cachePolicy('public');

export function meta() {
  return [{ title: 'Страница не найдена — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
