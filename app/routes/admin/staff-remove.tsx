import { Form, Link, redirect } from 'react-router';
import { ROLE_TITLES } from '../../../domain/staff/permissions';
import { memberId } from '../../../domain/staff/staff.schemas';
import { Confirm, FormResult } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/staff-remove';

/** The second step of a removal: the owner sees whom and what it does, and confirms; works without JavaScript. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = staffPage(request, context, 'staff.manage');
  const member = await Promise.resolve()
    .then(() => context.services.staffTeam.member(context.ctx, memberId(params.id)))
    .catch(loaderRefusal);
  return { member, self: member.id === me.staffId };
}

export const action = staffAction('staff.manage', {
  remove: intent({
    confirm: 'Отметьте, что хотите удалить сотрудника.',
    async run({ context, params }) {
      await context.services.staffTeam.remove(context.ctx, memberId(params.id));
      return redirect('/admin/staff/?removed=1');
    },
  }),
});

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
      <FormResult result={actionData as FormOutcome | undefined} />
      {self ? (
        <p>Себя удалить нельзя: это может сделать другой владелец.</p>
      ) : (
        <Form method="post" className={styles.form}>
          <p>Сеансы сотрудника завершатся сразу, войти он больше не сможет. Его записи в журнале действий останутся.</p>
          <Confirm>{`Да, удалить ${member.email}`}</Confirm>
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
