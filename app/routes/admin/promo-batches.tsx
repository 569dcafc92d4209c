import { Form } from 'react-router';
import { STAFF_API } from '../../../contract/staff-api';
import { cachePolicy } from '../../../contract/cache-policy';
import { promoBatchInput } from '../../../domain/pricing/promo-batches';
import { CardHead, DataTable, deskBoundary, FormResult, TableFrame } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, loaderRefusal, staffAction } from '~/lib/admin-action';
import { promoWhen } from '~/lib/admin-promo';
import admin from './admin.module.css';
import styles from './promo.module.css';
import type { Route } from './+types/promo-batches';

const codeOf = (param: string | undefined) => (param ?? '').toUpperCase();

/** A promo code's batches of one-use codes (issue 47.5): make one from its terms, download each as CSV. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  staffPage(request, context, 'promo.edit');
  const { services, ctx } = context;
  const code = codeOf(params.code);
  const card = await services.promoAdmin.card(ctx, code).catch(loaderRefusal);
  const batches = await services.promoBatches.list(ctx, code);
  return { promo: { code: card.promocode.code, rule: card.promocode.rule, state: card.promocode.stateTitle }, batches };
}

export const action = staffAction('promo.edit', {
  create: intent({
    schema: promoBatchInput,
    async run({ input, context, params }) {
      const batch = await context.services.promoBatches.create(context.ctx, codeOf(params.code), input);
      return `Готово: ${batch.count} одноразовых кодов. Скачайте их файлом CSV в списке ниже.`;
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Одноразовые коды — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function PromoBatches({ loaderData, actionData }: Route.ComponentProps) {
  const { promo, batches } = loaderData;
  const result = actionData as FormOutcome | undefined;
  const typed = (name: string) => {
    const value = result?.error ? result.values?.[name] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  return (
    <>
      <CardHead
        back={{ to: `/admin/promocodes/${encodeURIComponent(promo.code)}/`, label: `Промокод ${promo.code}` }}
        title="Одноразовые коды"
      />
      <p>
        {`Условия кодов — как у промокода `}
        <span className={styles.code}>{promo.code}</span>
        {` (${promo.rule}, ${promo.state}); каждый код действует на один заказ.`}
      </p>
      <section aria-labelledby="batch-new" className={styles.section}>
        <h2 id="batch-new">Новая партия</h2>
        <FormResult result={result} intent="create" />
        <Form method="post" className={styles.grid} key={result?.done}>
          <input type="hidden" name="intent" value="create" />
          <label>
            Сколько кодов (до 10 000)
            <input name="count" inputMode="numeric" required defaultValue={typed('count') ?? '100'} />
          </label>
          <label>
            Префикс (необязательно)
            <input name="prefix" maxLength={16} defaultValue={typed('prefix')} placeholder="ZIMA-" />
          </label>
          <div className={styles.actions}>
            <button type="submit" className={admin.button}>
              Сделать коды
            </button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="batch-list" className={styles.section}>
        <h2 id="batch-list">Партии</h2>
        {batches.length === 0 ? (
          <p>Партий пока нет.</p>
        ) : (
          <TableFrame label="Партии одноразовых кодов">
            <DataTable
              caption="Партии одноразовых кодов"
              rows={batches}
              rowKey={(b) => b.id}
              columns={[
                { title: 'Сделана', cell: (b) => promoWhen(b.createdAt) },
                { title: 'Префикс', cell: (b) => b.prefix || '—' },
                { title: 'Кодов', className: styles.num, cell: (b) => b.count },
                { title: 'Использовано', className: styles.num, cell: (b) => b.used },
                {
                  title: 'Файл',
                  cell: (b) => (
                    <a href={STAFF_API.promoBatchCsv.replace(':id', String(b.id))} download>
                      {`Скачать CSV (партия ${b.id})`}
                    </a>
                  ),
                },
              ]}
            />
          </TableFrame>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = deskBoundary('Одноразовые коды', { to: '/admin/promocodes/', label: 'Все промокоды' });
