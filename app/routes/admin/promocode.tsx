import { Form, Link } from 'react-router';
import { STATUS_NAMES, type OrderStatus } from '../../../domain/order/process';
import { promoUpdateInput } from '../../../domain/pricing/promo-admin.schemas';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, type FormValues, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { promoFormFields, promoWhen, rubles, toLocalInput } from '~/lib/admin-promo';
import { CardHead, Confirm, DataTable, FormResult, TableFrame } from '~/components/admin/kit';
import { PromoForm } from '~/components/admin/PromoForm';
import { cachePolicy } from '../../../contract/cache-policy';
import admin from './admin.module.css';
import styles from './promo.module.css';
import type { Route } from './+types/promocode';

const codeOf = (param: string | undefined) => (param ?? '').toUpperCase();

/** One promo code (issue 28.3): its form (all but the code), the stop with a confirmation, the orders that used it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  staffPage(request, context, 'promo.edit');
  const { services, ctx } = context;
  const [card, choices] = await Promise.all([
    services.promoAdmin.card(ctx, codeOf(params.code)).catch(loaderRefusal),
    services.promoAdmin.choices(ctx).catch(loaderRefusal),
  ]);
  const created = new URL(request.url).searchParams.get('created') === '1';
  return { ...card, ...choices, created };
}

export const action = staffAction('promo.edit', {
  save: intent({
    read: promoFormFields,
    schema: promoUpdateInput,
    async run({ input, context, params }) {
      await context.services.promoAdmin.update(context.ctx, codeOf(params.code), input);
      return 'Изменения сохранены.';
    },
  }),
  stop: intent({
    confirm: 'Отметьте, что хотите остановить промокод.',
    async run({ context, params }) {
      const code = codeOf(params.code);
      await context.services.promoAdmin.stop(context.ctx, code);
      return `Промокод ${code} остановлен: оформить заказ с ним больше нельзя.`;
    },
  }),
});

export const headers = cachePolicy('private');

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Промокод ${codeOf(params.code)} — ВЬЮГА` }, { name: 'robots', content: 'noindex' }];
}

export default function Promocode({ loaderData, actionData }: Route.ComponentProps) {
  const { promocode: p, uses, sections, brands, created } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const saved: FormValues = {
    kind: p.kind,
    value: String(p.value),
    minTotal: p.minTotal ? String(p.minTotal) : '',
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    usesLimit: p.usesLimit === null ? '' : String(p.usesLimit),
    perCustomerLimit: p.perCustomerLimit === null ? '' : String(p.perCustomerLimit),
    sectionIds: p.sectionIds.map(String),
    brandIds: p.brandIds.map(String),
  };
  const values = result?.intent === 'save' && result.error && result.values ? result.values : saved;
  return (
    <>
      <CardHead
        back={{ to: '/admin/promocodes/', label: 'Все промокоды' }}
        title={
          <>
            Промокод <span className={styles.code}>{p.code}</span>
          </>
        }
      >
        <span className={styles.state} data-state={p.state}>
          {p.stateTitle}
        </span>
      </CardHead>
      <p>
        <Link to={`/admin/promocodes/${encodeURIComponent(p.code)}/batches/`}>Одноразовые коды из этого промокода</Link>
      </p>
      {created && !result && (
        <p className={admin.notice} role="status">
          Промокод создан.
        </p>
      )}
      <p>
        {p.rule} · использований: {p.usesLimit === null ? p.uses : `${p.uses} из ${p.usesLimit}`} · выручка:{' '}
        {rubles(p.revenue)}
        {p.stoppedAt && ` · остановлен ${promoWhen(p.stoppedAt)}`}
      </p>
      <section className={styles.section} aria-labelledby="promo-edit">
        <h2 id="promo-edit">Условия</h2>
        <FormResult result={result} intent="save" />
        <PromoForm
          key={JSON.stringify(values)}
          values={values}
          sections={sections}
          brands={brands}
          withCode={false}
          submit="Сохранить"
          action={`/admin/promocodes/${p.code}/`}
        />
      </section>
      <section className={styles.section} aria-labelledby="promo-stop">
        <h2 id="promo-stop">Остановка</h2>
        <FormResult result={result} intent="stop" />
        {p.stoppedAt ? (
          <p className={admin.muted}>
            Промокод остановлен {promoWhen(p.stoppedAt)}. Покупатели его больше не применят.
          </p>
        ) : (
          <Form method="post" action={`/admin/promocodes/${p.code}/`} className={styles.stop}>
            <input type="hidden" name="intent" value="stop" />
            <p>
              Промокод перестанет действовать сразу, в том числе у покупателей, которые уже ввели его. Вернуть его
              нельзя.
            </p>
            <Confirm>Да, остановить промокод {p.code}</Confirm>
            <button type="submit" className={admin.danger}>
              Остановить промокод
            </button>
          </Form>
        )}
      </section>
      <section className={styles.section} aria-labelledby="promo-uses">
        <h2 id="promo-uses">Заказы с промокодом</h2>
        {uses.length === 0 ? (
          <p className={admin.muted}>Промокод ещё не использовали.</p>
        ) : (
          <TableFrame label={`Заказы с промокодом ${p.code}`}>
            <DataTable
              caption={`Заказы с промокодом ${p.code}`}
              rows={uses}
              rowKey={(u) => u.orderId}
              columns={[
                {
                  title: 'Заказ',
                  cell: (u) => (
                    <Link className={admin.link} to={`/admin/orders/${u.orderId}/`}>
                      №{u.number}
                    </Link>
                  ),
                },
                {
                  title: 'Покупатель',
                  cell: (u) => (
                    <>
                      {u.customer} <span className={styles.nowrap}>{u.phone}</span>
                    </>
                  ),
                },
                { title: 'Дата', className: styles.nowrap, cell: (u) => promoWhen(u.at) },
                { title: 'Статус', cell: (u) => STATUS_NAMES[u.status as OrderStatus] ?? u.status },
                { title: 'Сумма', className: styles.num, cell: (u) => rubles(u.total) },
              ]}
            />
          </TableFrame>
        )}
      </section>
    </>
  );
}
