import { Form } from 'react-router';
import type { FormOutcome } from '~/lib/admin-action';
import { pointTitle } from '../../../domain/delivery/pickup';
import type { OrderCard } from '../../../domain/order/desk';
import { capitalize } from '../../../domain/text/case';
import type { EditOptions } from '../../../domain/order/order-edit.service';
import css from './OrderEdit.module.css';

/**
 * The card's change of the delivery (issue 47.6): a courier's or the post's address and a courier's day and time,
 * a pickup order's shop, a carrier pickup order's point.
 */
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
  const kept =
    result?.intent === 'lines' && result.error && result.values?.action === 'delivery' ? result.values : undefined;
  const d = card.delivery;
  if (card.deliveryType === 'SHOP' && options.shops && options.shops.length > 1)
    return (
      <PlaceForm
        title="Перенести в другой магазин"
        name="shopId"
        label="Магазин самовывоза"
        current={card.shopId}
        kept={String(kept?.shopId ?? '') || undefined}
        choices={options.shops.map((s) => ({ id: s.id, text: `${s.name}, ${s.address}` }))}
        busy={busy}
        buttonClass={buttonClass}
        button="Перенести заказ"
      />
    );
  if (card.deliveryType === 'PICKUP' && options.points && options.points.length > 1)
    return (
      <PlaceForm
        title="Сменить пункт выдачи"
        name="pointId"
        label="Пункт выдачи того же перевозчика"
        current={(d as { pointId?: number }).pointId ?? null}
        kept={String(kept?.pointId ?? '') || undefined}
        choices={options.points.map((p) => ({
          id: p.id,
          text: `${capitalize(pointTitle(p.kind, p.name))}, ${p.address}`,
        }))}
        busy={busy}
        buttonClass={buttonClass}
        button="Сменить пункт"
      />
    );
  if (card.deliveryType !== 'COURIER' && card.deliveryType !== 'POCHTA') return null;
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

/** One choice of another place: the order's own first, its price quoted again on the server. */
function PlaceForm(props: {
  title: string;
  name: 'shopId' | 'pointId';
  label: string;
  current: number | null;
  kept: string | undefined;
  choices: { id: number; text: string }[];
  busy: boolean;
  buttonClass: string;
  button: string;
}) {
  return (
    <Form method="post" className={css.edit}>
      <h3>{props.title}</h3>
      <input type="hidden" name="intent" value="lines" />
      <input type="hidden" name="action" value="delivery" />
      <div className={css.form}>
        <label className={css.wide}>
          {props.label}
          <select name={props.name} defaultValue={props.kept ?? String(props.current ?? '')}>
            {props.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id === props.current ? `${c.text} (сейчас)` : c.text}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p>Стоимость доставки и сумма заказа пересчитаются, покупатель получит письмо.</p>
      <button type="submit" className={props.buttonClass} disabled={props.busy}>
        {props.button}
      </button>
    </Form>
  );
}
