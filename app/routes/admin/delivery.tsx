import { useEffect, useState } from 'react';
import { data, Link } from 'react-router';
import { deliveryQueueInput } from '../../../domain/delivery/shipments.schemas';
import { formatAmount } from '../../../domain/pricing/price';
import { DataTable, ListFrame, phoneText } from '~/components/admin/kit';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { useStaffClock } from '~/lib/staff-clock';
import { cachePolicy } from '../../../contract/cache-policy';
import desk from './orders.module.css';
import type { Route } from './+types/delivery';

/**
 * The delivery desk (issue 42.9): parcels on their way with the carrier's last event and days in transit, parcels
 * coming back to the shop, and the day's list of parcels to hand to the carrier (printable).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'orders.read');
  const parsed = deliveryQueueInput.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? 'Проверьте фильтр.', { status: 400 });
  const { queue, day } = parsed.data;
  const items = await context.services.shipments.desk(context.ctx, queue, day).catch(loaderRefusal);
  return { queue, day: day ?? '', items };
}

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Доставка — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

const QUEUES = [
  { queue: 'transit', title: 'В доставке' },
  { queue: 'returns', title: 'Возвраты' },
  { queue: 'handover', title: 'Передать перевозчику' },
] as const;

/** Shown once the page runs: without JavaScript the browser's own print command does the same. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" onClick={() => window.print()}>
      Печать списка
    </button>
  );
}

export default function Delivery({ loaderData }: Route.ComponentProps) {
  const { when } = useStaffClock();
  const { queue, day, items } = loaderData;
  const title = QUEUES.find((q) => q.queue === queue)?.title ?? '';
  return (
    <>
      <div className={desk.head}>
        <h1>Доставка</h1>
        {queue === 'handover' && (
          <>
            <a href={`/admin/delivery/act/${day ? `?day=${day}` : ''}`}>Акт приёма-передачи</a>
            <PrintButton />
          </>
        )}
      </div>
      <nav aria-label="Очереди доставки">
        <ul className={desk.tabs}>
          {QUEUES.map((q) => (
            <li key={q.queue}>
              <Link to={`/admin/delivery/?queue=${q.queue}`} aria-current={queue === q.queue ? 'page' : undefined}>
                {q.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListFrame
        label="День передачи"
        filters={
          queue === 'handover' ? (
            <>
              <input type="hidden" name="queue" value="handover" />
              <label>
                Зарегистрированы в день
                <input type="date" name="day" defaultValue={day} />
              </label>
            </>
          ) : undefined
        }
        found={`${title}: ${items.length}`}
        empty={queue === 'returns' ? 'Посылок на возврат нет.' : 'Посылок нет.'}
        count={items.length}
      >
        <DataTable
          caption={title}
          rows={items}
          rowKey={(r) => r.orderId}
          columns={[
            {
              title: 'Заказ',
              cell: (r) => (
                <Link className={desk.link} to={`/admin/orders/${r.orderId}/`}>
                  <span className="visually-hidden">Заказ № </span>
                  {r.number}
                </Link>
              ),
            },
            { title: 'Трек-номер', cell: (r) => r.trackingNumber ?? '—' },
            {
              title: 'Получатель',
              cell: (r) => (
                <>
                  {r.customer}
                  <div className={desk.muted}>{phoneText(r.phone)}</div>
                </>
              ),
            },
            { title: 'Куда', cell: (r) => r.place },
            {
              title: 'Последнее событие',
              cell: (r) =>
                r.lastEvent ? (
                  <>
                    {r.lastEvent}
                    <div
                      className={desk.muted}
                    >{`${r.lastEventAt ? when(r.lastEventAt) : ''} ${r.lastPlace ?? ''}`}</div>
                  </>
                ) : (
                  r.statusName
                ),
            },
            { title: 'Дней в пути', cell: (r) => String(r.days) },
            { title: 'Сумма', cell: (r) => formatAmount(r.total) },
          ]}
        />
      </ListFrame>
    </>
  );
}
