import { Form, Link, redirect, useNavigation } from 'react-router';
import { formatPhone } from '../../../domain/auth/phone';
import {
  customerBlockInput,
  customerBonusInput,
  isCustomerId,
} from '../../../domain/customers/customers-admin.schemas';
import { DomainError } from '../../../domain/errors';
import { formatAmount } from '../../../domain/pricing/price';
import { roleMay } from '../../../domain/staff/permissions';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { formatDate } from '../../../domain/text/dates';
import { CardHead, Confirm, deskBoundary, FormResult, phoneText } from '~/components/admin/kit';
import { cachePolicy } from '../../../contract/cache-policy';
import type { GuestCard } from '../../../domain/customers/guests';
import { customerKey } from '../../../domain/customers/guests';
import {
  CardBlock as Block,
  CardRows as Rows,
  LifetimeBlock,
  OrdersBlock,
  QuestionsBlock,
  SubscriptionsBlock,
} from '~/components/admin/customer-history';
import styles from './admin.module.css';
import desk from './orders.module.css';
import css from './customers.module.css';
import type { Route } from './+types/customer';

function customerId(param: string | undefined): number {
  if (!isCustomerId(param)) loaderRefusal(new DomainError('not_found', 'Покупатель не найден.', 'CUSTOMER_NOT_FOUND'));
  return Number(param);
}

/**
 * A customer's card (issue 28.5): profile, addresses, discount card, orders, bonus history, block and bonus forms;
 * the lifetime figures, subscriptions and questions (issue 47.2). A guest's `guest-N` is their orders' card; once an
 * account took those orders, the account's card.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const member = staffPage(request, context, 'customers.read');
  const links = { products: roleMay(member, 'catalog.edit'), questions: roleMay(member, 'content.edit') };
  const key = customerKey(params.id);
  if (key && 'guest' in key) {
    const guest = await context.services.customersAdmin.guest(context.ctx, key.guest).catch(loaderRefusal);
    if ('joinedTo' in guest) throw redirect(`/admin/customers/${guest.joinedTo}/`);
    return { customer: null, guest, canEdit: false, links };
  }
  const id = customerId(params.id);
  const customer = await context.services.customersAdmin.card(context.ctx, id).catch(loaderRefusal);
  return { customer, guest: null, canEdit: roleMay(member, 'customers.edit'), links };
}

export const action = staffAction('customers.edit', {
  block: intent({
    read: (form) => ({ blocked: form.text('blocked'), reason: form.text('reason') }),
    schema: customerBlockInput,
    async run({ input, context, params }) {
      await context.services.customersAdmin.block(context.ctx, customerId(params.id), input);
      return input.blocked
        ? 'Покупатель заблокирован: его сессии завершены, вход и заказы закрыты.'
        : 'Покупатель разблокирован.';
    },
  }),
  bonus: intent({
    read: (form) => ({ amount: form.text('amount'), reason: form.text('reason') }),
    schema: customerBonusInput,
    async run({ input, context, params }) {
      await context.services.customersAdmin.bonus(context.ctx, customerId(params.id), input);
      return `${input.amount > 0 ? 'Начислено' : 'Списано'} ${formatAmount(Math.abs(input.amount))}.`;
    },
  }),
  // 152-FZ (issue 45.7): the customer's written request, carried out and audited (the export: customer-data.tsx).
  erase: intent({
    confirm: 'Отметьте, что удаление подтверждено.',
    async run({ form, context, params }) {
      await context.services.customersAdmin.erase(context.ctx, customerId(params.id), form.text('request'));
      return redirect('/admin/customers/?erased=1');
    },
  }),
});

export const headers = cachePolicy('private');

export function meta({ loaderData }: Route.MetaArgs) {
  const guest = loaderData?.guest;
  const name = guest
    ? `Гость ${formatPhone(guest.phone)}`
    : loaderData?.customer?.fullName || loaderData?.customer?.email || 'Покупатель';
  return [{ title: `${name} — покупатели — ВЬЮГА` }, { name: 'robots', content: 'noindex' }];
}

const birthdayText = (value: string) => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : formatDate(new Date(time), 'longDate', 'UTC');
};

/** A guest's card (issue 47.2): the phones, names and emails their orders gave, the orders and the history. */
function GuestView({ guest: g, links }: { guest: GuestCard; links: { products: boolean; questions: boolean } }) {
  const { when } = useStaffClock();
  return (
    <>
      <CardHead back={{ to: '/admin/customers/', label: 'Покупатели' }} title={`Гость ${formatPhone(g.phone)}`}>
        <span className={desk.muted}>без учётной записи</span>
      </CardHead>
      <div className={css.card}>
        <div className={css.column}>
          <Block id="profile" title="Контакты из заказов">
            <dl className={css.facts}>
              <dt>{g.phones.length > 1 ? 'Телефоны' : 'Телефон'}</dt>
              <dd>
                {`${g.phones.map(formatPhone).join(', ')} (${g.phones.length > 1 ? 'подтверждены' : 'подтверждён'} кодом при заказе)`}
              </dd>
              <dt>Имена</dt>
              <dd>{g.names.length ? g.names.join(', ') : '—'}</dd>
              <dt>Email</dt>
              <dd>{g.emails.length ? g.emails.join(', ') : '—'}</dd>
              <dt>Первый заказ</dt>
              <dd>{when(g.firstOrderAt)}</dd>
            </dl>
            {g.account && (
              <p className={css.hint} style={{ marginTop: 12 }}>
                {g.phones.length > 1
                  ? 'Один из телефонов подтверждён в учётной записи '
                  : 'Этот телефон подтверждён в учётной записи '}
                <Link to={`/admin/customers/${g.account.id}/`} className={desk.link}>
                  {g.account.name}
                </Link>
                {': заказы, оформленные без входа, остаются здесь.'}
              </p>
            )}
          </Block>
          <OrdersBlock
            label="Заказы гостя"
            rows={g.orders}
            when={when}
            // The email each order gave is in «Контакты из заказов»: the row keeps to the name, so the sum stays in view.
            more={[
              { title: 'Имя в заказе', cell: (o) => o.name || '—' },
              // A guest of several phones (linked by an email): which phone each order came with.
              ...(g.phones.length > 1
                ? [{ title: 'Телефон', cell: (o: GuestCard['orders'][number]) => formatPhone(o.phone) }]
                : []),
            ]}
          />
          <QuestionsBlock rows={g.questions} when={when} questionLinks={links.questions} />
        </div>
        <div className={css.column}>
          <LifetimeBlock lifetime={g.lifetime} balance={null} />
          <SubscriptionsBlock rows={g.subscriptions} when={when} productLinks={links.products} />
        </div>
      </div>
    </>
  );
}

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { when } = useStaffClock();
  const { customer: c, guest, canEdit, links } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const busy = useNavigation().state !== 'idle';
  const said = (intent: string) => (result?.intent === intent ? result : undefined);
  const block = said('block');
  const bonus = said('bonus');
  const erase = said('erase');
  if (guest) return <GuestView guest={guest} links={links} />;
  if (!c) return null;
  return (
    <>
      <CardHead back={{ to: '/admin/customers/', label: 'Покупатели' }} title={c.fullName || c.email} />
      {c.blocked && (
        <p className={css.alert} role="note">
          {`Заблокирован ${when(c.blocked.at)}. Причина: ${c.blocked.reason}`}
        </p>
      )}
      <div className={css.card}>
        <div className={css.column}>
          <Block id="profile" title="Профиль">
            <dl className={css.facts}>
              <dt>Email</dt>
              <dd>{`${c.email}${c.emailConfirmed ? '' : ' (не подтверждён)'}`}</dd>
              <dt>Телефон</dt>
              <dd>
                {c.confirmedPhone
                  ? `${formatPhone(c.confirmedPhone)} (подтверждён)`
                  : c.phone
                    ? phoneText(c.phone)
                    : '—'}
              </dd>
              <dt>Дата рождения</dt>
              <dd>{c.birthday ? birthdayText(c.birthday) : '—'}</dd>
              <dt>Зарегистрирован</dt>
              <dd>{when(c.createdAt)}</dd>
            </dl>
          </Block>
          <OrdersBlock label="Заказы покупателя" rows={c.orders} when={when} />
          <QuestionsBlock rows={c.questions} when={when} questionLinks={links.questions} />
          <Block id="bonus-history" title="История бонусов">
            <Rows
              label="Бонусы покупателя"
              empty="Операций с бонусами не было."
              rows={c.bonusHistory}
              rowKey={(b) => b.id}
              columns={[
                { title: 'Дата', className: desk.nowrap, cell: (b) => when(b.at) },
                {
                  title: 'Операция',
                  cell: (b) => (
                    <>
                      <div>{b.title}</div>
                      {b.reason && <div className={desk.muted}>{`Причина: ${b.reason}`}</div>}
                      {b.staffEmail && <div className={desk.muted}>{`Сотрудник: ${b.staffEmail}`}</div>}
                    </>
                  ),
                },
                {
                  title: 'Сумма',
                  className: css.number,
                  cell: (b) => (
                    <span className={b.amount < 0 ? css.minus : css.plus}>
                      {`${b.amount > 0 ? '+' : ''}${formatAmount(b.amount)}`}
                    </span>
                  ),
                },
              ]}
            />
          </Block>
        </div>
        <div className={css.column}>
          <LifetimeBlock lifetime={c.lifetime} balance={c.card ? c.card.bonusBalance : null} />
          <SubscriptionsBlock rows={c.subscriptions} when={when} productLinks={links.products} />
          <Block id="discount-card" title="Дисконтная карта">
            {c.card ? (
              <>
                <p className={css.balance}>{formatAmount(c.card.bonusBalance)}</p>
                <p className={css.hint}>бонусов на балансе</p>
                <dl className={css.facts}>
                  <dt>Номер</dt>
                  <dd>{c.card.formatted}</dd>
                  <dt>Скидка</dt>
                  <dd>{`${c.card.percent}%${c.card.active ? '' : ' (карта не активна)'}`}</dd>
                </dl>
              </>
            ) : (
              <p>Дисконтной карты нет.</p>
            )}
            {canEdit && c.card && (
              <Form method="post" className={css.form} aria-label="Корректировка бонусов" style={{ marginTop: 16 }}>
                <input type="hidden" name="intent" value="bonus" />
                <label>
                  Сумма, ₽ (со знаком минус — списать)
                  <input
                    name="amount"
                    inputMode="decimal"
                    required
                    defaultValue={bonus?.error ? bonus.values?.amount : ''}
                    aria-invalid={bonus?.error ? true : undefined}
                    aria-describedby={bonus?.error ? 'bonus-error' : undefined}
                  />
                </label>
                <label>
                  Причина
                  <input
                    name="reason"
                    required
                    maxLength={500}
                    defaultValue={bonus?.error ? bonus.values?.reason : ''}
                  />
                </label>
                <FormResult result={bonus} id="bonus-error" />
                <button type="submit" className={styles.button} disabled={busy}>
                  Провести корректировку
                </button>
              </Form>
            )}
          </Block>
          {canEdit && (
            <Block id="block-title" title={c.blocked ? 'Блокировка' : 'Заблокировать'}>
              <Form method="post" className={css.form}>
                <input type="hidden" name="intent" value="block" />
                <input type="hidden" name="blocked" value={c.blocked ? 'false' : 'true'} />
                {c.blocked ? (
                  <p className={css.hint}>Покупатель не может войти и оформить заказ.</p>
                ) : (
                  <>
                    <p className={css.hint}>
                      Покупатель не сможет войти и оформить заказ, его открытые сессии завершатся.
                    </p>
                    <label>
                      Причина блокировки
                      <textarea
                        name="reason"
                        required
                        rows={3}
                        maxLength={500}
                        defaultValue={block?.error ? block.values?.reason : ''}
                        aria-invalid={block?.error ? true : undefined}
                        aria-describedby={block?.error ? 'block-error' : undefined}
                      />
                    </label>
                  </>
                )}
                <FormResult result={block} id="block-error" />
                <button type="submit" className={c.blocked ? styles.button : styles.danger} disabled={busy}>
                  {c.blocked ? 'Разблокировать' : 'Заблокировать'}
                </button>
              </Form>
            </Block>
          )}
          {canEdit && (
            <Block id="personal-data" title="Персональные данные (152-ФЗ)">
              <p className={css.hint}>
                По письменному заявлению покупателя: выгрузить его данные или удалить учётную запись. Заказы остаются в
                учёте без данных покупателя; действие записывается в журнал.
              </p>
              <Form method="post" reloadDocument className={css.form}>
                <label>
                  Заявление: номер и дата
                  <input
                    name="request"
                    required
                    minLength={3}
                    maxLength={300}
                    defaultValue={erase?.values?.request ?? ''}
                    aria-invalid={erase?.error ? true : undefined}
                    aria-describedby={erase?.error ? 'erase-error' : undefined}
                  />
                </label>
                <Confirm required={false}>Удаление подтверждено: данные не восстановить</Confirm>
                <FormResult result={erase} id="erase-error" />
                <button
                  type="submit"
                  formAction={`/admin/customers/${c.id}/data/`}
                  className={styles.button}
                  disabled={busy}
                >
                  Скачать данные покупателя
                </button>
                <button type="submit" name="intent" value="erase" className={styles.danger} disabled={busy}>
                  Удалить учётную запись
                </button>
              </Form>
            </Block>
          )}
          <Block id="addresses" title="Адреса">
            {c.addresses.length === 0 ? (
              <p>Адресов нет.</p>
            ) : (
              <ul className={css.list}>
                {c.addresses.map((a) => (
                  <li key={a.id}>
                    {a.title}
                    {a.isDefault && <span className={desk.muted}> — основной</span>}
                  </li>
                ))}
              </ul>
            )}
          </Block>
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = deskBoundary('Покупатель', { to: '/admin/customers/', label: 'К списку покупателей' });
