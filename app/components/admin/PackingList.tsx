import { fullName, phoneText } from '~/components/admin/kit';
import { useStaffClock } from '~/lib/staff-clock';
import print from '~/routes/admin/print.module.css';
import type { DeskLine, OrderCard } from '../../../domain/order/desk';

/** Where the order goes: the courier's address, the shop or the pickup point. */
export const deliveryPlace = (card: OrderCard) =>
  card.delivery.address ?? card.delivery.shop ?? card.delivery.point ?? '';

/** The delivery's date and time window, or empty when the order has no date. */
export const deliverySlot = (card: OrderCard) =>
  card.delivery.date
    ? `${card.delivery.date}${card.delivery.time ? `, ${card.delivery.time.replace('-', '–')}` : ''}`
    : '';

/** The order's head on a print form: number and date, recipient, delivery, its time and the shopper's comment. */
export function OrderFacts({ card }: { card: OrderCard }) {
  const { when } = useStaffClock();
  const slot = deliverySlot(card);
  return (
    <dl className={print.facts}>
      <dt>Заказ</dt>
      <dd>{`№ ${card.number} от ${when(card.createdAt)}`}</dd>
      <dt>Получатель</dt>
      <dd>{`${fullName(card.customer)}, ${phoneText(card.customer.phone)}`}</dd>
      <dt>{card.deliveryName}</dt>
      <dd>{deliveryPlace(card)}</dd>
      {slot && (
        <>
          <dt>Когда</dt>
          <dd>{slot}</dd>
        </>
      )}
      {card.comment && (
        <>
          <dt>Комментарий</dt>
          <dd>{card.comment}</dd>
        </>
      )}
    </dl>
  );
}

/** The packing list's lines, with an empty column to tick each as collected, and the packer's signature. */
export function PackingList({ lines }: { lines: DeskLine[] }) {
  return (
    <>
      <table className={print.table}>
        <thead>
          <tr>
            <th scope="col">№</th>
            <th scope="col">Товар</th>
            <th scope="col">Размер</th>
            <th scope="col">Цвет</th>
            <th scope="col">Кол-во</th>
            <th scope="col">Собрано</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, n) => (
            <tr key={l.id}>
              <td>{n + 1}</td>
              <td>{`${l.name}${l.returned ? ' (возвращён при примерке)' : ''}`}</td>
              <td>{l.sizeName}</td>
              <td>{l.color ?? '—'}</td>
              <td>{l.quantity}</td>
              <td className={print.blank} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className={print.sign}>Собрал: ____________________ / ____________________</p>
    </>
  );
}
