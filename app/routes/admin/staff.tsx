import { Form, Link } from 'react-router';
import { ROLE_TITLES } from '../../../domain/staff/permissions';
import { EXCHANGE_ROLE, PERSON_ROLES } from '../../../domain/staff/staff-member';
import { exchangeAccountInput, memberId, staffInviteInput, staffRoleInput } from '../../../domain/staff/staff.schemas';
import { FormResult, Options, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, staffAction } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import type { Route } from './+types/staff';

/**
 * The owner's staff page: who works here, their roles, an invitation by a one-use link, the invitations still open
 * (taken back here), a removal, and 1C's account (a login for the exchange only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = staffPage(request, context, 'staff.manage');
  const { services, ctx } = context;
  const [staff, shops, invitations] = await Promise.all([
    services.staffTeam.list(ctx),
    services.staffTeam.shops(ctx),
    services.staffTeam.invitations(ctx),
  ]);
  // The removal's page comes back here when it is done.
  const removed = new URL(request.url).searchParams.get('removed') === '1';
  return { staff, shops, invitations, me: me.staffId, removed };
}

export const action = staffAction('staff.manage', {
  role: intent({
    // The shop's choice stands by every row's role, as its label says it is for the «Магазин» role only.
    read: (form) => ({ role: form.text('role'), shopId: form.text('role') === 'shop' ? form.text('shopId') : '' }),
    schema: staffRoleInput,
    async run({ input, form, context }) {
      const member = await context.services.staffTeam.changeRole(context.ctx, memberId(form.text('id')), input);
      return `${member.email}: роль — «${ROLE_TITLES[member.role]}».`;
    },
  }),
  invite: intent({
    schema: staffInviteInput,
    async run({ input, context }) {
      const invitation = await context.services.staffTeam.invite(context.ctx, input);
      return `Приглашение отправлено на ${invitation.email}.`;
    },
  }),
  exchange: intent({
    schema: exchangeAccountInput,
    async run({ input, context }) {
      const account = await context.services.staffTeam.createExchangeAccount(context.ctx, input);
      return `Учётная запись для 1С создана: логин ${account.email}. Введите его и пароль в узле «Обмен с сайтом» 1С.`;
    },
  }),
  revoke: intent({
    async run({ form, context }) {
      const email = form.text('email');
      await context.services.staffTeam.revokeInvite(context.ctx, email);
      return `Приглашение для ${email} отозвано: ссылка больше не откроется.`;
    },
  }),
});

export const headers = cachePolicy('private');

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, shops, invitations, me, removed } = loaderData;
  const { when } = useStaffClock();
  const result = actionData as FormOutcome | undefined;
  const values = (result?.intent === 'invite' && result.error && result.values) || {};
  const exchangeValues = (result?.intent === 'exchange' && result.error && result.values) || {};
  const roleResult = result?.intent === 'role' ? result : undefined;
  const about = staff.find((m) => String(m.id) === roleResult?.values?.id);
  return (
    <>
      <h1>Сотрудники</h1>
      {removed && (
        <p className={styles.notice} role="status">
          Сотрудник удалён: его сеансы завершены, войти он больше не сможет.
        </p>
      )}
      <FormResult
        result={
          roleResult?.error && about ? { ...roleResult, error: `${about.email}: ${roleResult.error}` } : roleResult
        }
      />
      <TableFrame label="Сотрудники магазина">
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
                  {m.role === EXCHANGE_ROLE ? (
                    'Обмен с 1С: входит только 1С, в панель управления — нет'
                  ) : (
                    <Form method="post" className={styles.rowForm} key={`${m.role}-${m.shopId}`}>
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={m.id} />
                      <label>
                        <span className="visually-hidden">{`Роль сотрудника ${m.email}`}</span>
                        <select name="role" defaultValue={m.role}>
                          {PERSON_ROLES.map((role) => (
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
                          <Options of={shops} />
                        </select>
                      </label>
                      <button type="submit" className={styles.button}>
                        Сохранить<span className="visually-hidden">{` роль ${m.email}`}</span>
                      </button>
                    </Form>
                  )}
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
      </TableFrame>
      <h2>Открытые приглашения</h2>
      <FormResult result={result} intent="revoke" />
      {invitations.length === 0 ? (
        <p>Открытых приглашений нет.</p>
      ) : (
        <TableFrame label="Приглашения, по которым ещё не вошли">
          <table className={styles.table}>
            <caption className="visually-hidden">Приглашения, по которым ещё не вошли</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Роль и магазин</th>
                <th scope="col">Пригласил</th>
                <th scope="col">Отправлено</th>
                <th scope="col">Действует до</th>
                <th scope="col">
                  <span className="visually-hidden">Отзыв</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((i) => (
                <tr key={i.email}>
                  <td>{i.email}</td>
                  <td>
                    {ROLE_TITLES[i.role]}
                    {i.shopId !== null && `, ${shops.find((s) => s.id === i.shopId)?.name ?? 'магазин'}`}
                  </td>
                  <td>{i.invitedBy ?? 'из консоли'}</td>
                  <td>
                    <time dateTime={i.sentAt}>{when(i.sentAt)}</time>
                  </td>
                  <td>
                    <time dateTime={i.expiresAt}>{when(i.expiresAt)}</time>
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="email" value={i.email} />
                      <button type="submit" className={styles.button}>
                        Отозвать<span className="visually-hidden">{` приглашение ${i.email}`}</span>
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <h2>Пригласить сотрудника</h2>
      <FormResult result={result} intent="invite" />
      <Form
        method="post"
        className={styles.form}
        key={result?.intent === 'invite' && result.notice ? result.done : 'invite'}
      >
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
            {PERSON_ROLES.map((role) => (
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
            <Options of={shops} />
          </select>
        </label>
        <button type="submit" className={styles.button}>
          Отправить приглашение
        </button>
      </Form>
      <h2>Учётная запись для 1С</h2>
      <p>
        Логин и пароль для узла «Обмен с сайтом» в 1С. Обмен принимает только такие учётные записи, а в панель
        управления они не входят.
      </p>
      <FormResult result={result} intent="exchange" />
      <Form
        method="post"
        className={styles.form}
        key={result?.intent === 'exchange' && result.notice ? result.done : 'exchange'}
      >
        <input type="hidden" name="intent" value="exchange" />
        <label>
          Логин (без пробелов и двоеточия)
          <input
            name="login"
            required
            maxLength={100}
            pattern="[^\s:]+"
            autoComplete="off"
            defaultValue={exchangeValues.login}
          />
        </label>
        <label>
          Пароль (не короче 8 символов)
          <input name="password" type="password" required minLength={8} autoComplete="new-password" />
        </label>
        <button type="submit" className={styles.button}>
          Создать учётную запись для 1С
        </button>
      </Form>
    </>
  );
}
