import { Form } from 'react-router';
import type { ShipmentCard } from '../../../domain/delivery/shipments.service';
import { useStaffClock } from '~/lib/staff-clock';
import { Confirm } from './kit';

/**
 * The order card's parcel with the carrier (issue 42.7–42.8): its number and link, where it is, the carrier's events,
 * and what the member may do — register the packed order, print its label, cancel it while the carrier does not hold
 * it, or record that a parcel that came back is in the shop.
 */
export function OrderShipment(props: {
  orderId: number;
  block: ShipmentCard;
  busy: boolean;
  className: string;
  buttonClass: string;
  dangerClass: string;
  muted: string;
  timeline: string;
}) {
  const { when } = useStaffClock();
  const { shipment, canRegister, canCancel, canReceive } = props.block;
  if (!shipment && !canRegister) return null;
  return (
    <section className={props.className} aria-labelledby="order-shipment">
      <h2 id="order-shipment">Отправка перевозчиком</h2>
      {canRegister && (
        <Form method="post">
          <input type="hidden" name="intent" value="shipment-register" />
          <p className={props.muted}>
            Заказ собран: зарегистрируйте отправку — номер перевозчика станет трек-номером, заказ перейдёт в «Передан в
            доставку».
          </p>
          <button type="submit" className={props.buttonClass} disabled={props.busy}>
            Зарегистрировать отправку
          </button>
        </Form>
      )}
      {shipment && (
        <>
          <p>
            {'Номер: '}
            {shipment.trackingUrl ? (
              <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
                {shipment.number}
              </a>
            ) : (
              shipment.number
            )}
          </p>
          <p>{`Состояние: ${shipment.statusName}`}</p>
          {shipment.number && (
            <form method="post" action={`/admin/orders/${props.orderId}/label/`} target="_blank" rel="noopener">
              <button type="submit" className={props.buttonClass}>
                Этикетка (PDF)
              </button>
            </form>
          )}
          {shipment.events.length > 0 ? (
            <ol className={props.timeline} aria-label="События перевозчика">
              {[...shipment.events].reverse().map((e) => (
                <li key={`${e.kind}${e.at}`}>
                  <span className={props.muted}>{when(e.at)}</span>
                  <span>{e.place ? `${e.name} — ${e.place}` : e.name}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className={props.muted}>Событий перевозчика пока нет.</p>
          )}
          {canCancel && (
            <Form method="post">
              <input type="hidden" name="intent" value="shipment-cancel" />
              <label>
                Причина отмены
                <textarea name="reason" required maxLength={500} rows={2} />
              </label>
              <Confirm>Да, отменить отправку и заказ</Confirm>
              <button type="submit" className={props.dangerClass} disabled={props.busy}>
                Отменить отправку
              </button>
            </Form>
          )}
          {canReceive && (
            <Form method="post">
              <input type="hidden" name="intent" value="shipment-received" />
              <Confirm>Посылка у нас: вернуть её товары на склад</Confirm>
              <button type="submit" className={props.buttonClass} disabled={props.busy}>
                Посылка получена магазином
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
