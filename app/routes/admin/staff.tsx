import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { ROLE_TITLES } from '../../../domain/staff/permissions';
import { EXCHANGE_ROLE, PERSON_ROLES } from '../../../domain/staff/staff-member';
import { exchangeAccountInput, memberId, staffInviteInput, staffRoleInput } from '../../../domain/staff/staff.schemas';
import { Choice, DataTable, FormResult, TableFrame } from '~/components/admin/kit';
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

/** The roles a person may be given, by their titles. */
const ROLES = Object.fromEntries(PERSON_ROLES.map((role) => [role, ROLE_TITLES[role]]));

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
        <DataTable
          caption="Сотрудники магазина"
          rows={staff}
          rowKey={(m) => m.id}
          columns={[
            { title: 'Email', cell: (m) => m.email },
            { title: 'Имя', cell: (m) => m.name },
            { title: 'Код из приложения', cell: (m) => (m.totp ? 'включён' : 'нет') },
            {
              title: 'Роль и магазин',
              cell: (m) =>
                m.role === EXCHANGE_ROLE ? (
                  'Обмен с 1С: входит только 1С, в панель управления — нет'
                ) : (
                  <Form method="post" className={styles.rowForm} key={`${m.role}-${m.shopId}`}>
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={m.id} />
                    <Choice
                      label={<span className="visually-hidden">{`Роль сотрудника ${m.email}`}</span>}
                      name="role"
                      value={m.role}
                      options={ROLES}
                    />
                    <Choice
                      label={
                        <span className="visually-hidden">{`Магазин сотрудника ${m.email} (для роли «Магазин»)`}</span>
                      }
                      name="shopId"
                      value={m.shopId ?? ''}
                      options={shops}
                      all="— магазин для роли «Магазин»"
                    />
                    <button type="submit" className={styles.button}>
                      Сохранить<span className="visually-hidden">{` роль ${m.email}`}</span>
                    </button>
                  </Form>
                ),
            },
            {
              title: <span className="visually-hidden">Удаление</span>,
              cell: (m) =>
                m.id === me ? (
                  'это вы'
                ) : (
                  <Link to={`/admin/staff/${m.id}/remove/`}>
                    Удалить<span className="visually-hidden">{` ${m.email}`}</span>
                  </Link>
                ),
            },
          ]}
        />
      </TableFrame>
      <h2>Открытые приглашения</h2>
      <FormResult result={result} intent="revoke" />
      {invitations.length === 0 ? (
        <p>Открытых приглашений нет.</p>
      ) : (
        <TableFrame label="Приглашения, по которым ещё не вошли">
          <DataTable
            caption="Приглашения, по которым ещё не вошли"
            rows={invitations}
            rowKey={(i) => i.email}
            columns={[
              { title: 'Email', cell: (i) => i.email },
              {
                title: 'Роль и магазин',
                cell: (i) => (
                  <>
                    {ROLE_TITLES[i.role]}
                    {i.shopId !== null && `, ${shops.find((s) => s.id === i.shopId)?.name ?? 'магазин'}`}
                  </>
                ),
              },
              { title: 'Пригласил', cell: (i) => i.invitedBy ?? 'из консоли' },
              { title: 'Отправлено', cell: (i) => <time dateTime={i.sentAt}>{when(i.sentAt)}</time> },
              { title: 'Действует до', cell: (i) => <time dateTime={i.expiresAt}>{when(i.expiresAt)}</time> },
              {
                title: <span className="visually-hidden">Отзыв</span>,
                cell: (i) => (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="email" value={i.email} />
                    <button type="submit" className={styles.button}>
                      Отозвать<span className="visually-hidden">{` приглашение ${i.email}`}</span>
                    </button>
                  </Form>
                ),
              },
            ]}
          />
        </TableFrame>
      )}
      <h2>Пригласить сотрудника</h2>
      <IntentForm intent="invite" result={result} submit="Отправить приглашение">
        <label>
          Email
          <input name="email" type="email" required defaultValue={values.email} />
        </label>
        <label>
          Имя
          <input name="name" maxLength={100} defaultValue={values.name} />
        </label>
        <Choice label="Роль" name="role" value={String(values.role ?? 'manager')} options={ROLES} required />
        <Choice
          label="Магазин (для роли «Магазин»)"
          name="shopId"
          value={String(values.shopId ?? '')}
          options={shops}
          all="—"
        />
      </IntentForm>
      <h2>Учётная запись для 1С</h2>
      <p>
        Логин и пароль для узла «Обмен с сайтом» в 1С. Обмен принимает только такие учётные записи, а в панель
        управления они не входят.
      </p>
      <IntentForm intent="exchange" result={result} submit="Создать учётную запись для 1С">
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
      </IntentForm>
    </>
  );
}

/** A form of the page posting `intent`, under what it answered; emptied once it is done. */
function IntentForm(props: { intent: string; result: FormOutcome | undefined; submit: string; children: ReactNode }) {
  const { intent, result } = props;
  return (
    <>
      <FormResult result={result} intent={intent} />
      <Form
        method="post"
        className={styles.form}
        key={result?.intent === intent && result.notice ? result.done : intent}
      >
        <input type="hidden" name="intent" value={intent} />
        {props.children}
        <button type="submit" className={styles.button}>
          {props.submit}
        </button>
      </Form>
    </>
  );
}
