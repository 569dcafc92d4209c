import { data, Form, Link, redirect } from 'react-router';
import { isDomainError } from '../../../domain/errors';
import { ROLE_TITLES } from '../../../domain/staff/permissions';
import { memberId } from '../../../domain/staff/staff.schemas';
import { refused, staffPage } from '~/lib/admin';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/staff-remove';

/** The second step of a removal: the owner sees whom and what it does, and confirms; works without JavaScript. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = staffPage(request, context, 'staff.manage');
  try {
    const member = await context.services.staffTeam.member(context.ctx, memberId(params.id));
    return { member, self: member.id === me.staffId };
  } catch (error) {
    if (isDomainError(error) && error.kind === 'not_found') throw data(error.message, { status: 404 });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  staffPage(request, context, 'staff.manage');
  try {
    await context.services.staffTeam.remove(context.ctx, memberId(params.id));
  } catch (error) {
    return refused(error, {});
  }
  return redirect('/admin/staff/?removed=1');
}

export const headers = cachePolicy('private');

export default function StaffRemove({ loaderData, actionData }: Route.ComponentProps) {
  const { member, self } = loaderData;
  return (
    <>
      <h1>Удалить сотрудника</h1>
      <p>
        {member.name ? `${member.name} · ` : ''}
        {member.email} · {ROLE_TITLES[member.role]}
      </p>
      {actionData?.error && (
        <p className={styles.error} role="alert">
          {actionData.error}
        </p>
      )}
      {self ? (
        <p>Себя удалить нельзя: это может сделать другой владелец.</p>
      ) : (
        <Form method="post" className={styles.form}>
          <p>Сеансы сотрудника завершатся сразу, войти он больше не сможет. Его записи в журнале действий останутся.</p>
          <button type="submit" className={styles.danger}>
            {`Удалить ${member.email}`}
          </button>
        </Form>
      )}
      <p>
        <Link to="/admin/staff/">Отмена — к списку сотрудников</Link>
      </p>
    </>
  );
}
