import { useEffect } from 'react';
import { Form } from 'react-router';
import { ShopLink } from '~/components/ui/ShopLink';
import { ean13Modules } from '../../domain/cabinet/barcode';
import { SHOP_NAME } from '../../domain/catalog/listing/listing-seo';
import { formatAmount } from '../../domain/pricing/price';
import forms from '~/components/account/AccountForms.module.css';
import styles from '~/components/account/Cabinet.module.css';
import { CabinetLayout } from '~/components/account/CabinetLayout';
import { reachGoal } from '~/lib/analytics';
import { requireCabinetUser } from '~/lib/cabinet';
import { useShopperClock } from '~/lib/shopper-clock';
import { cachePolicy } from '../../contract/cache-policy';
import type { Route } from './+types/lk.dc';
import { bonusPromises } from '../../domain/content/bonus-promises';
import type { BonusHistoryEntry } from '../../domain/cabinet/bonus-history';

/** Spec §2 /lk/dc/: the discount card, its barcode, discount, bonuses and their history; a card on request. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireCabinetUser(request, context);
  return { card: await context.services.cabinet.card(context.ctx) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCabinetUser(request, context);
  await context.services.cabinet.requestCard(context.ctx);
  return { issued: true };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: `Дисконтная карта — ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
}

function Barcode({ number }: { number: string }) {
  const modules = ean13Modules(number);
  return (
    <svg
      className={styles.barcode}
      viewBox="0 0 95 40"
      preserveAspectRatio="none"
      role="img"
      aria-label={`Штрихкод ${number}`}
    >
      <path d={[...modules].map((m, x) => (m === '1' ? `M${x} 0h1v40h-1z` : '')).join('')} />
    </svg>
  );
}

export default function DiscountCard({ loaderData, actionData }: Route.ComponentProps) {
  const { card } = loaderData;
  useEffect(() => {
    if (actionData?.issued) reachGoal('discount-card request');
  }, [actionData]);
  return (
    <CabinetLayout title="Дисконтная карта">
      {card ? (
        <div className={styles.dc}>
          <Barcode number={card.number} />
          <span className={styles.number}>{card.formatted}</span>
          <span className={`${styles.state} ${card.active ? styles.ok : ''}`} style={{ justifySelf: 'start' }}>
            {card.active ? 'активна' : 'не активна'}
          </span>
          <span>{`Скидка ${card.percent} % на товары без скидки`}</span>
          <span>{`Бонусов: ${formatAmount(card.bonusBalance)}`}</span>
        </div>
      ) : (
        <Form method="post" className={forms.form} style={{ maxWidth: 420 }}>
          <p className={styles.empty}>{`Карты пока нет. Получите её — ${bonusPromises().card}.`}</p>
          <button type="submit" className={forms.button}>
            Получить карту
          </button>
        </Form>
      )}
      {card && <History entries={card.history} />}
    </CabinetLayout>
  );
}

/** The card's bonus operations, newest first: what happened, to which order, and what the balance gained or lost. */
function History({ entries }: { entries: BonusHistoryEntry[] }) {
  const { when } = useShopperClock();
  return (
    <section className={styles.section} aria-labelledby="dc-history">
      <h2 id="dc-history">История операций</h2>
      {entries.length === 0 ? (
        <p className={styles.empty}>Операций пока нет.</p>
      ) : (
        <table className={styles.history}>
          <thead>
            <tr>
              <th scope="col">Дата</th>
              <th scope="col">Операция</th>
              <th scope="col">Бонусы</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{when(e.at)}</td>
                <td>
                  {e.orderId === null ? e.title : <ShopLink to={`/order/?ORDER_ID=${e.orderId}`}>{e.title}</ShopLink>}
                </td>
                <td className={e.amount > 0 ? styles.gain : undefined}>
                  {`${e.amount > 0 ? '+' : ''}${formatAmount(e.amount)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
