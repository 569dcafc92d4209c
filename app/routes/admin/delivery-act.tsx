import { PrintButton } from '~/components/admin/PrintButton';
import { data } from 'react-router';
import { deliveryQueueInput } from '../../../domain/delivery/shipments.schemas';
import { formatAmount } from '../../../domain/pricing/price';
import { phoneText } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { cachePolicy } from '../../../contract/cache-policy';
import print from './print.module.css';
import type { Route } from './+types/delivery-act';

/** The carriers by the names their people know. */
const CARRIER_NAMES: Readonly<Record<string, string>> = { cdek: 'СДЭК', test: 'Тестовый перевозчик' };

/**
 * The handover act of a day (issue 42.9): the parcels registered that day and not yet accepted, as a sheet both sides
 * sign. CDEK's API prints labels and waybills but no act of its own, so the shop's list is the act for every carrier.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'orders.read');
  const parsed = deliveryQueueInput.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? 'Проверьте дату.', { status: 400 });
  const { day } = parsed.data;
  const items = await context.services.shipments.desk(context.ctx, 'handover', day).catch(loaderRefusal);
  const carrier = context.services.shipments.carrier;
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(context.ctx.now());
  return {
    day: day ?? today,
    carrier: carrier ? (CARRIER_NAMES[carrier] ?? carrier) : 'перевозчик',
    company: context.services.content.company,
    items,
  };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Акт приёма-передачи отправлений — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const russianDay = (day: string) => day.split('-').reverse().join('.');

export default function DeliveryAct({ loaderData }: Route.ComponentProps) {
  const { day, carrier, company, items } = loaderData;
  return (
    <main className={print.sheet}>
      <div className={print.tools}>
        <a href={`/admin/delivery/?queue=handover&day=${day}`}>← К списку</a>
        <PrintButton />
      </div>
      <h1>{`Акт приёма-передачи отправлений от ${russianDay(day)}`}</h1>
      <dl className={print.facts}>
        <dt>Отправитель</dt>
        <dd>{`${company.name}, ИНН ${company.inn}, ${company.address}`}</dd>
        <dt>Перевозчик</dt>
        <dd>{carrier}</dd>
      </dl>
      {items.length === 0 ? (
        <p>Отправлений для передачи за этот день нет.</p>
      ) : (
        <table className={print.table}>
          <thead>
            <tr>
              <th scope="col">№</th>
              <th scope="col">Номер отправления</th>
              <th scope="col">Заказ</th>
              <th scope="col">Получатель</th>
              <th scope="col">Куда</th>
              <th scope="col">Сумма заказа</th>
            </tr>
          </thead>
          <tbody>
            {items.map((r, n) => (
              <tr key={r.orderId}>
                <td>{n + 1}</td>
                <td>{r.trackingNumber ?? '—'}</td>
                <td>{r.number}</td>
                <td>{`${r.customer}, ${phoneText(r.phone)}`}</td>
                <td>{r.place}</td>
                <td>{formatAmount(r.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>{`Всего отправлений: ${items.length}.`}</p>
      <p className={print.sign}>Сдал (магазин): ____________________ / ____________________ /</p>
      <p className={print.sign}>Принял (перевозчик): ____________________ / ____________________ /</p>
    </main>
  );
}
