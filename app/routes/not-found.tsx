import { data } from 'react-router';
import { NotFound } from '~/components/shell/NotFound';

export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Страница не найдена — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
