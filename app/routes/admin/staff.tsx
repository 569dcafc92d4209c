import { data, Form, Link } from 'react-router';
import { ROLE_TITLES } from '../../../domain/staff/permissions';
import { STAFF_ROLES } from '../../../domain/staff/staff-member';
import { memberId, staffInviteInput, staffRoleInput } from '../../../domain/staff/staff.schemas';
import { refused, staffPage } from '~/lib/admin';
import { formFields } from '~/lib/cabinet';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/staff';

/** The owner's staff page: who works here, their roles, an invitation by a one-use link, and a removal. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = staffPage(request, context, 'staff.manage');
  const { services, ctx } = context;
  const [staff, shops] = await Promise.all([services.staffTeam.list(ctx), services.staffTeam.shops(ctx)]);
  // The removal's page comes back here when it is done.
  const removed = new URL(request.url).searchParams.get('removed') === '1';
  return { staff, shops, me: me.staffId, removed };
}

/** What a form of the page answers: which form, and its outcome. */
interface StaffResult {
  form: 'invite' | 'role';
  /** The member a role form was about (the form's `id`). */
  id?: string;
  notice?: string;
  error?: string;
  values?: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  staffPage(request, context, 'staff.manage');
  const { services, ctx } = context;
  const fields = await formFields(request);
  if (fields.intent === 'role') {
    // The shop's choice stands by every row's role, as its label says it is for the «Магазин» role only.
    const input = staffRoleInput.safeParse({ role: fields.role, shopId: fields.role === 'shop' ? fields.shopId : '' });
    const result: StaffResult = { form: 'role', id: fields.id };
    if (!input.success)
      return data({ ...result, error: input.error.issues[0]?.message ?? 'Проверьте форму.' }, { status: 400 });
    try {
      const member = await services.staffTeam.changeRole(ctx, memberId(fields.id), input.data);
      return { ...result, notice: `${member.email}: роль — «${ROLE_TITLES[member.role]}».` };
    } catch (error) {
      return refused(error, result);
    }
  }
  const result: StaffResult = { form: 'invite', values: fields };
  const input = staffInviteInput.safeParse(fields);
  if (!input.success)
    return data({ ...result, error: input.error.issues[0]?.message ?? 'Проверьте форму.' }, { status: 400 });
  try {
    const invitation = await services.staffTeam.invite(ctx, input.data);
    return { form: 'invite', notice: `Приглашение отправлено на ${invitation.email}.` } satisfies StaffResult;
  } catch (error) {
    return refused(error, result);
  }
}

export const headers = cachePolicy('private');

function Outcome({ result }: { result: StaffResult | undefined }) {
  if (result?.notice)
    return (
      <p className={styles.notice} role="status">
        {result.notice}
      </p>
    );
  if (result?.error)
    return (
      <p className={styles.error} role="alert">
        {result.error}
      </p>
    );
  return null;
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, shops, me, removed } = loaderData;
  const result: StaffResult | undefined = actionData;
  const values = (result?.form === 'invite' && result.values) || {};
  const roleResult = result?.form === 'role' ? result : undefined;
  const about = staff.find((m) => String(m.id) === roleResult?.id);
  return (
    <>
      <h1>Сотрудники</h1>
      {removed && (
        <p className={styles.notice} role="status">
          Сотрудник удалён: его сеансы завершены, войти он больше не сможет.
        </p>
      )}
      <Outcome
        result={
          roleResult?.error && about ? { ...roleResult, error: `${about.email}: ${roleResult.error}` } : roleResult
        }
      />
      <table className={styles.table}>
        <caption className="visually-hidden">Сотрудники магазина</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Имя</th>
            <th scope="col">Код из приложения</th>
            <th scope="col">Роль и магазин</th>
            <th scope="col">
              <span className="visually-hidden">Удаление</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {staff.map((m) => (
            <tr key={m.id}>
              <td>{m.email}</td>
              <td>{m.name}</td>
              <td>{m.totp ? 'включён' : 'нет'}</td>
              <td>
                <Form method="post" className={styles.rowForm} key={`${m.role}-${m.shopId}`}>
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="id" value={m.id} />
                  <label>
                    <span className="visually-hidden">{`Роль сотрудника ${m.email}`}</span>
                    <select name="role" defaultValue={m.role}>
                      {STAFF_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_TITLES[role]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    <span className="visually-hidden">{`Магазин сотрудника ${m.email} (для роли «Магазин»)`}</span>
                    <select name="shopId" defaultValue={m.shopId ?? ''}>
                      <option value="">— магазин для роли «Магазин»</option>
                      {shops.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" className={styles.button}>
                    Сохранить<span className="visually-hidden">{` роль ${m.email}`}</span>
                  </button>
                </Form>
              </td>
              <td>
                {m.id === me ? (
                  'это вы'
                ) : (
                  <Link to={`/admin/staff/${m.id}/remove/`}>
                    Удалить<span className="visually-hidden">{` ${m.email}`}</span>
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Пригласить сотрудника</h2>
      <Outcome result={result?.form === 'invite' ? result : undefined} />
      <Form method="post" className={styles.form}>
        <input type="hidden" name="intent" value="invite" />
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
