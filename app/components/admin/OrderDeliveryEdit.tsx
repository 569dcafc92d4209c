import { Form } from 'react-router';
import type { FormOutcome } from '~/lib/admin-action';
import type { OrderCard } from '../../../domain/order/desk';
import type { EditOptions } from '../../../domain/order/order-edit.service';
import css from './OrderEdit.module.css';

/** The card's change of a courier's or the post's address, and a courier's day and time (issue 47.6). */
export function OrderDeliveryEdit({
  card,
  options,
  busy,
  buttonClass,
  result,
}: {
  card: OrderCard;
  options: EditOptions;
  busy: boolean;
  buttonClass: string;
  result?: FormOutcome;
}) {
  if (card.deliveryType !== 'COURIER' && card.deliveryType !== 'POCHTA') return null;
  const kept =
    result?.intent === 'lines' && result.error && result.values?.action === 'delivery' ? result.values : undefined;
  const d = card.delivery;
  const days = Object.keys(options.slots ?? {});
  const times = [...new Set(Object.values(options.slots ?? {}).flat())];
  return (
    <Form method="post" className={css.edit}>
      <h3>Изменить доставку</h3>
      <input type="hidden" name="intent" value="lines" />
      <input type="hidden" name="action" value="delivery" />
      <div className={css.form}>
        <label className={css.wide}>
          Адрес доставки
          <input name="address" maxLength={300} autoComplete="off" defaultValue={kept?.address ?? d.address} />
        </label>
      </div>
      {options.slots && (
        <div className={css.form}>
          <label>
            День доставки
            <select name="date" defaultValue={kept?.date ?? (d.date && days.includes(d.date) ? d.date : '')}>
              <option value="">{d.date ? `не менять (${d.date})` : 'не менять'}</option>
              {days.map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </select>
          </label>
          <label>
            Время доставки
            <select name="time" defaultValue={kept?.time ?? ''}>
              <option value="">{d.time ? `не менять (${d.time.replace('-', '–')})` : 'не менять'}</option>
              {times.map((time) => (
                <option key={time} value={time}>
                  {time.replace('-', '–')}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <button type="submit" className={buttonClass} disabled={busy}>
        Изменить доставку
      </button>
    </Form>
  );
}
