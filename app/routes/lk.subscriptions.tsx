import { Form } from 'react-router';
import { ShopLink } from '~/components/ui/ShopLink';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import type { StockSubscriptionView } from '../../domain/stock-alerts/stock-alerts.service';
import forms from '~/components/account/AccountForms.module.css';
import styles from '~/components/account/Cabinet.module.css';
import { CabinetLayout } from '~/components/account/CabinetLayout';
import { requireCabinetUser } from '~/lib/cabinet';
import { formFields } from '~/lib/form-fields';
import { formFailure } from '~/lib/form-errors';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/lk.subscriptions';

/** «Ожидаю поступления» (issue 44.1): the sizes the shopper waits for, which came back, and removing one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  return { items: await context.services.stockAlerts.mine(context.ctx, null) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCabinetUser(request, context);
  const fields = await formFields(request);
  try {
    await context.services.stockAlerts.remove(context.ctx, Number(fields.id));
    return { notice: 'Подписка удалена.' };
  } catch (error) {
    return formFailure(error);
  }
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Ожидаю поступления — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

/** The subscription's state in the shopper's words. */
export function alertStateText(s: Pick<StockSubscriptionView, 'state' | 'available'>): string {
  if (s.state === 'cancelled') return 'Отписан';
  if (s.state === 'sent') return s.available ? 'Пришёл' : 'Пришёл, уже раскупили';
  if (s.state === 'pending') return 'Ждёт подтверждения почты';
  return 'Ждёт';
}

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <CabinetLayout title="Ожидаю поступления">
      {actionData && (
        <p className={forms.notice} role="status">
          {'notice' in actionData ? actionData.notice : actionData.error}
        </p>
      )}
      {items.length === 0 ? (
        <p className={styles.empty}>
          Вы не ждёте ни одного размера. На странице товара нажмите «Сообщить о поступлении» у размера, которого нет.
        </p>
      ) : (
        <ul className={styles.list}>
          {items.map((s) => (
            <li key={s.id} className={styles.card}>
              <div className={styles.row}>
                <b>
                  {s.state === 'sent' ? <ShopLink to={s.url}>{s.productName}</ShopLink> : s.productName}
                </b>
                <span>{`Размер ${s.sizeName}`}</span>
                <span className={`${styles.state} ${s.state === 'sent' ? styles.ok : ''}`}>{alertStateText(s)}</span>
              </div>
              {(s.state === 'pending' || s.state === 'active') && (
                <Form method="post">
                  <input type="hidden" name="id" value={s.id} />
                  <button
                    type="submit"
                    className={forms.linkButton}
                    aria-label={`Удалить подписку: ${s.productName}, размер ${s.sizeName}`}
                  >
                    Удалить
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </CabinetLayout>
  );
}
