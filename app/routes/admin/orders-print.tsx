import { data } from 'react-router';
import { deliveryPlace, deliverySlot, OrderFacts, PackingList } from '~/components/admin/PackingList';
import { PrintButton } from '~/components/admin/PrintButton';
import { errorText, fullName, phoneText } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import { orderIds } from '../../../domain/order/bulk';
import type { OrderCard } from '../../../domain/order/desk';
import { orderNumber } from '../../../domain/order/process';
import print from './print.module.css';
import sheets from './orders-print.module.css';
import type { Route } from './+types/orders-print';

/**
 * The chosen orders' print forms in one document (issue 47.7): each order's packing list, then its parcel label, each
 * on a page of its own — one print command for the day's parcels. `?ids=1,2,3` or repeated `ids` (the list's form).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'orders.read');
  const asked = new URL(request.url).searchParams.getAll('ids').join(',');
  const parsed = orderIds.safeParse(asked);
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? 'Выберите заказы.', { status: 400 });
  const { cards, missing } = await context.services.orderBulk.cards(context.ctx, parsed.data).catch(loaderRefusal);
  return { cards, missing: missing.map(orderNumber), company: context.services.content.company.name };
}

export const headers = cachePolicy('private');

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `Печать заказов: ${data.cards.length}` : 'Печать — ВЬЮГА' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OrdersPrint({ loaderData }: Route.ComponentProps) {
  const { cards, missing, company } = loaderData;
  return (
    <main className={print.sheet}>
      <div className={print.tools}>
        <a href="/admin/orders/">← К заказам</a>
        <PrintButton />
      </div>
      <p className={sheets.summary}>
        {`Заказов: ${cards.length}. Для каждого — упаковочный лист и наклейка на посылку, каждая на своей странице.`}
      </p>
      {missing.length > 0 && (
        <p className={sheets.missing} role="alert">
          {`Не найдены или не вашего магазина: № ${missing.join(', № ')}.`}
        </p>
      )}
      {cards.map((card) => (
        <OrderSheets key={card.id} card={card} company={company} />
      ))}
    </main>
  );
}

function OrderSheets({ card, company }: { card: OrderCard; company: string }) {
  const slot = deliverySlot(card);
  return (
    <>
      <section className={sheets.page} aria-label={`Упаковочный лист заказа № ${card.number}`}>
        <h1>{`Упаковочный лист — заказ № ${card.number}`}</h1>
        <OrderFacts card={card} />
        <PackingList lines={card.lines} />
      </section>
      <section className={sheets.page} aria-label={`Наклейка заказа № ${card.number}`}>
        <div className={sheets.label}>
          <p className={sheets.from}>{`Отправитель: ${company}`}</p>
          <p className={sheets.number}>{`№ ${card.number}`}</p>
          <p className={sheets.to}>{fullName(card.customer)}</p>
          <p>{phoneText(card.customer.phone)}</p>
          <p>{card.deliveryName}</p>
          <p className={sheets.to}>{deliveryPlace(card)}</p>
          {slot && <p>{`Когда: ${slot}`}</p>}
          {card.trackingNumber && <p>{`Трек-номер: ${card.trackingNumber}`}</p>}
          <p>{`Вещей: ${card.lines.filter((l) => !l.returned).reduce((n, l) => n + l.quantity, 0)}`}</p>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className={print.sheet}>
      <h1>Формы не напечатаны</h1>
      <p>{errorText(error)}</p>
      <p>
        <a href="/admin/orders/">К заказам</a>
      </p>
    </main>
  );
}
