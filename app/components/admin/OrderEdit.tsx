import { Form } from 'react-router';
import type { FormOutcome } from '~/lib/admin-action';
import type { OrderCard } from '../../../domain/order/desk';
import { type EditSize, MAX_LINE_QUANTITY } from '../../../domain/order/order-edit';
import type { EditOptions } from '../../../domain/order/order-edit.service';
import { formatAmount } from '../../../domain/pricing/price';
import css from './OrderEdit.module.css';

const sizeText = (s: EditSize) =>
  `${s.sizeName}${s.available > 0 ? ` (в наличии ${s.available})` : ' (нет в наличии)'}`;

/**
 * The card's «Изменить заказ» (issue 47.6): each line's quantity and size, its removal, and a product added by its
 * article, a size's barcode or the name. Each form is one change; the card is read again after it.
 */
export function OrderEdit({
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
  const kept = result?.intent === 'lines' && result.error ? result.values : undefined;
  const lines = card.lines.filter((l) => !l.returned);
  return (
    <div className={css.edit}>
      <h3 id="order-edit">Изменить заказ</h3>
      <p className={css.muted}>
        До сборки: остатки, сумма, бонусы и оплата пересчитываются, покупатель получит письмо с новым составом.
      </p>
      {lines.map((line) => {
        const sizes = options.sizes.filter((s) => s.productId === line.productId);
        const what = `${line.name}${line.color ? `, ${line.color}` : ''}, размер ${line.sizeName}`;
        return (
          <div key={line.id} className={css.line}>
            <div>{what}</div>
            <div className={css.forms}>
              <Form method="post" className={css.form}>
                <input type="hidden" name="intent" value="lines" />
                <input type="hidden" name="action" value="quantity" />
                <input type="hidden" name="lineId" value={line.id} />
                <label>
                  {`Количество: ${what}`}
                  <input
                    type="number"
                    name="quantity"
                    min={1}
                    max={MAX_LINE_QUANTITY}
                    required
                    defaultValue={line.quantity}
                  />
                </label>
                <button type="submit" className={buttonClass} disabled={busy}>
                  Изменить количество
                </button>
              </Form>
              {sizes.length > 1 && (
                <Form method="post" className={css.form}>
                  <input type="hidden" name="intent" value="lines" />
                  <input type="hidden" name="action" value="size" />
                  <input type="hidden" name="lineId" value={line.id} />
                  <label>
                    {`Сменить размер: ${line.name}${line.color ? `, ${line.color}` : ''}`}
                    <select name="offerId" defaultValue={line.offerId}>
                      {sizes.map((s) => (
                        <option key={s.offerId} value={s.offerId}>
                          {sizeText(s)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" className={buttonClass} disabled={busy}>
                    Сменить размер
                  </button>
                </Form>
              )}
              {lines.length > 1 && (
                <Form method="post" className={css.form}>
                  <input type="hidden" name="intent" value="lines" />
                  <input type="hidden" name="action" value="remove" />
                  <input type="hidden" name="lineId" value={line.id} />
                  <button type="submit" className={css.remove} disabled={busy} aria-label={`Убрать из заказа: ${what}`}>
                    Убрать из заказа
                  </button>
                </Form>
              )}
            </div>
          </div>
        );
      })}
      <div className={css.line}>
        {card.promoCodes.map((code) => (
          <Form key={code} method="post" className={css.form}>
            <input type="hidden" name="intent" value="lines" />
            <input type="hidden" name="action" value="promo-remove" />
            <input type="hidden" name="code" value={code} />
            <span>{`Промокод ${code}`}</span>
            <button type="submit" className={css.remove} disabled={busy} aria-label={`Убрать промокод ${code}`}>
              Убрать промокод
            </button>
          </Form>
        ))}
        <Form method="post" className={css.form}>
          <input type="hidden" name="intent" value="lines" />
          <input type="hidden" name="action" value="promo-add" />
          <label>
            Применить промокод
            <input
              name="code"
              required
              maxLength={40}
              autoComplete="off"
              defaultValue={kept?.action === 'promo-add' ? kept.code : undefined}
            />
          </label>
          <button type="submit" className={buttonClass} disabled={busy}>
            Применить
          </button>
        </Form>
      </div>
      <div className={css.line}>
        <Form method="get" className={css.form} role="search" aria-label="Найти товар для заказа">
          <label className={css.wide}>
            Добавить товар: артикул, штрихкод или название
            <input name="add" type="search" minLength={2} maxLength={100} required defaultValue={options.q} />
          </label>
          <button type="submit" className={buttonClass}>
            Найти
          </button>
        </Form>
        {options.found?.length === 0 && <p className={css.muted}>{`По запросу «${options.q}» ничего не нашлось.`}</p>}
        {options.found && options.found.length > 0 && (
          <Form method="post" className={css.form}>
            <input type="hidden" name="intent" value="lines" />
            <input type="hidden" name="action" value="add" />
            <label className={css.wide}>
              Товар и размер
              <select name="offerId" defaultValue={kept?.offerId}>
                {options.found.map((s) => (
                  <option key={s.offerId} value={s.offerId} disabled={s.available === 0}>
                    {`${s.name} (арт. ${s.article}), ${sizeText(s)} — ${formatAmount(s.price)}`}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Количество
              <input
                type="number"
                name="quantity"
                min={1}
                max={MAX_LINE_QUANTITY}
                required
                defaultValue={kept?.quantity ?? 1}
              />
            </label>
            <button type="submit" className={buttonClass} disabled={busy}>
              Добавить в заказ
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
