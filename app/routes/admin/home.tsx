import { staffPage } from '~/lib/admin';
import { ROLE_TITLES } from '../../../domain/staff/permissions';
import { cachePolicy } from '../../../contract/cache-policy';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = staffPage(request, context, null);
  return { email: member.email, role: ROLE_TITLES[member.role] };
}

export const headers = cachePolicy('private');

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Панель управления</h1>
      <p>
        Вы вошли как {loaderData.email} ({loaderData.role}). Разделы, доступные вашей роли, — в меню.
      </p>
    </>
  );
}
