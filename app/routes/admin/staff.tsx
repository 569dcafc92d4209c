import { Form } from 'react-router';
import { isDomainError } from '../../../domain/errors';
import { ROLE_TITLES } from '../../../domain/staff/permissions';
import { STAFF_ROLES } from '../../../domain/staff/staff-member';
import { staffInviteInput } from '../../../domain/staff/staff.schemas';
import { staffPage } from '~/lib/admin';
import { formFields } from '~/lib/cabinet';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/staff';

/** The owner's staff page: who works here, and an invitation by a one-use link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'staff.manage');
  const { services, ctx } = context;
  const [staff, shops] = await Promise.all([services.staff.list(ctx), services.staff.shops(ctx)]);
  return { staff, shops };
}

export async function action({ request, context }: Route.ActionArgs) {
  staffPage(request, context, 'staff.manage');
  const fields = await formFields(request);
  const input = staffInviteInput.safeParse(fields);
  if (!input.success) return { error: input.error.issues[0]?.message ?? 'Проверьте форму.', values: fields };
  try {
    const invitation = await context.services.staff.invite(context.ctx, input.data);
    return { notice: `Приглашение отправлено на ${invitation.email}.` };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { error: error.message, values: fields };
  }
}

export const headers = cachePolicy('private');

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, shops } = loaderData;
  const shopName = new Map(shops.map((s) => [s.id, s.name]));
  const values: Record<string, string> = (actionData && 'values' in actionData && actionData.values) || {};
  return (
    <>
      <h1>Сотрудники</h1>
      <table className={styles.table}>
        <caption className="visually-hidden">Сотрудники магазина</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Имя</th>
            <th scope="col">Роль</th>
            <th scope="col">Магазин</th>
            <th scope="col">Код из приложения</th>
          </tr>
        </thead>
        <tbody>
          {staff.map((m) => (
            <tr key={m.id}>
              <td>{m.email}</td>
              <td>{m.name}</td>
              <td>{ROLE_TITLES[m.role]}</td>
              <td>{m.shopId ? shopName.get(m.shopId) : '—'}</td>
              <td>{m.totp ? 'включён' : 'нет'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Пригласить сотрудника</h2>
      {actionData && 'notice' in actionData && (
        <p className={styles.notice} role="status">
          {actionData.notice}
        </p>
      )}
      {actionData && 'error' in actionData && (
        <p className={styles.error} role="alert">
          {actionData.error}
        </p>
      )}
      <Form method="post" className={styles.form}>
        <label>
          Email
          <input name="email" type="email" required defaultValue={values.email} />
        </label>
        <label>
          Имя
          <input name="name" maxLength={100} defaultValue={values.name} />
        </label>
        <label>
          Роль
          <select name="role" required defaultValue={values.role ?? 'manager'}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_TITLES[role]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Магазин (для роли «Магазин»)
          <select name="shopId" defaultValue={values.shopId ?? ''}>
            <option value="">—</option>
            {shops.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.button}>
          Отправить приглашение
        </button>
      </Form>
    </>
  );
}
