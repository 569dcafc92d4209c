import { Link, redirect } from 'react-router';
import { PROMO_STATE_TITLES } from '../../../domain/pricing/promo-admin';
import { PROMO_STATES, promoCreateInput, promoListInput } from '../../../domain/pricing/promo-admin.schemas';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { promoFormFields, promoWhen, rubles } from '~/lib/admin-promo';
import { Choice, DataTable, FormResult, ListFrame } from '~/components/admin/kit';
import { PromoForm } from '~/components/admin/PromoForm';
import { cachePolicy } from '../../../contract/cache-policy';
import admin from './admin.module.css';
import styles from './promo.module.css';
import type { Route } from './+types/promocodes';

/** The promo codes (issue 28.3): the list with its rule, dates, limits, uses, revenue and state; a new code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'promo.edit');
  const { services, ctx } = context;
  const query = promoListInput.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const state = query.success ? query.data.state : undefined;
  const [items, choices] = await Promise.all([
    services.promoAdmin.list(ctx, { state }).catch(loaderRefusal),
    services.promoAdmin.choices(ctx).catch(loaderRefusal),
  ]);
  // The filter's states travel with the data: the page's JavaScript carries no schema module (zod).
  return { items, state: state ?? '', states: PROMO_STATES, ...choices };
}

export const action = staffAction('promo.edit', {
  save: intent({
    read: promoFormFields,
    schema: promoCreateInput,
    async run({ input, context }) {
      const promo = await context.services.promoAdmin.create(context.ctx, input);
      return redirect(`/admin/promocodes/${encodeURIComponent(promo.code)}/?created=1`);
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Промокоды — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const limitText = (uses: number, limit: number | null) => (limit === null ? `${uses}` : `${uses} из ${limit}`);

export default function Promocodes({ loaderData, actionData }: Route.ComponentProps) {
  const { items, state, states, sections, brands } = loaderData;
  const result = actionData as FormOutcome | undefined;
  return (
    <>
      <h1 className={styles.title}>Промокоды</h1>
      <ListFrame
        label="Фильтр промокодов"
        resetTo={state ? '/admin/promocodes/' : undefined}
        found={`Промокодов: ${items.length}`}
        empty={`Промокодов ${state ? 'в этом состоянии ' : ''}нет.`}
        count={items.length}
        filters={
          <Choice
            label="Состояние"
            name="state"
            value={state}
            options={states.map((s) => ({ id: s, name: PROMO_STATE_TITLES[s] }))}
            all="Все"
          />
        }
      >
        <DataTable
          caption="Промокоды магазина"
          rows={items}
          rowKey={(p) => p.code}
          columns={[
            {
              title: 'Код',
              cell: (p) => (
                <Link className={`${admin.link} ${styles.code} ${styles.nowrap}`} to={`/admin/promocodes/${p.code}/`}>
                  {p.code}
                </Link>
              ),
            },
            { title: 'Скидка', className: styles.nowrap, cell: (p) => p.rule },
            {
              title: 'Действует',
              cell: (p) =>
                p.startsAt || p.endsAt ? (
                  <>
                    {p.startsAt && <span className={styles.nowrap}>с {promoWhen(p.startsAt)}</span>}{' '}
                    {p.endsAt && <span className={styles.nowrap}>до {promoWhen(p.endsAt)}</span>}
                  </>
                ) : (
                  'бессрочно'
                ),
            },
            { title: 'Использований', className: styles.nowrap, cell: (p) => limitText(p.uses, p.usesLimit) },
            { title: 'На покупателя', cell: (p) => p.perCustomerLimit ?? '—' },
            { title: 'Выручка', className: styles.num, cell: (p) => rubles(p.revenue) },
            {
              title: 'Состояние',
              cell: (p) => (
                <span className={styles.state} data-state={p.state}>
                  {p.stateTitle}
                </span>
              ),
            },
          ]}
        />
      </ListFrame>
      <section className={styles.section} aria-labelledby="promo-new">
        <h2 id="promo-new">Новый промокод</h2>
        <FormResult result={result} />
        <PromoForm
          key={result?.error ?? 'new'}
          values={result?.values ?? {}}
          sections={sections}
          brands={brands}
          withCode
          submit="Создать промокод"
          action="/admin/promocodes/"
        />
      </section>
    </>
  );
}
