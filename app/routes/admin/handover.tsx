import { Form, useNavigation } from 'react-router';
import type { OrderCard } from '../../../domain/order/desk';
import { formatAmount } from '../../../domain/pricing/price';
import { staffPage } from '~/lib/admin';
import { type FormOutcome, intent, type PostedForm, staffAction } from '~/lib/admin-action';
import { DomainError } from '../../../domain/errors';
import { cachePolicy } from '../../../contract/cache-policy';
import styles from './admin.module.css';
import desk from './orders.module.css';
import type { Route } from './+types/handover';
import { fullName } from '~/components/admin/kit';

/** «Выдача» (issue 25.5): in the shop, on a phone — the shopper's code finds the ready order, a button hands it over. */
export async function loader({ request, context }: Route.LoaderArgs) {
  staffPage(request, context, 'orders.move');
  return null;
}

/** What the counter needs to see of the order: whose it is, what is in it, what to take. */
function summary(card: OrderCard) {
  return {
    id: card.id,
    number: card.number,
    name: fullName(card.customer),
    phoneEnd: card.customer.phone.slice(-4),
    lines: card.lines
      .filter((l) => !l.returned)
      .map((l) => ({ id: l.id, name: l.name, sizeName: l.sizeName, color: l.color, quantity: l.quantity })),
    total: card.total,
  };
}

type HandoverOutcome = FormOutcome & { code?: string; order?: ReturnType<typeof summary> };

/** The code as typed, digits only: «123 456» is 123456. */
const codeOf = (form: PostedForm) => {
  const code = form.text('code').replace(/\D/g, '');
  if (!code) throw new DomainError('validation', 'Введите код получения из SMS покупателя.', 'CODE_REQUIRED');
  return code;
};

export const action = staffAction('orders.move', {
  find: intent({
    async run({ form, context }) {
      const code = codeOf(form);
      const card = await context.services.orderDesk.findByCode(context.ctx, code);
      if (!card)
        throw new DomainError(
          'not_found',
          'Заказа с таким кодом нет среди готовых к выдаче. Проверьте код.',
          'ORDER_NOT_FOUND',
        );
      return { code, order: summary(card) };
    },
  }),
  handover: intent({
    async run({ form, context }) {
      const code = codeOf(form);
      const id = form.id('id', () => new DomainError('validation', 'Найдите заказ по коду ещё раз.', 'ORDER_REQUIRED'));
      const card = await context.services.orderDesk.handover(context.ctx, id, code);
      return `Заказ № ${card.number} выдан.`;
    },
  }),
});

export const headers = cachePolicy('private');

export function meta() {
  return [{ title: 'Выдача заказа — ВЬЮГА' }, { name: 'robots', content: 'noindex' }];
}

export default function Handover({ actionData }: Route.ComponentProps) {
  const result = actionData as HandoverOutcome | undefined;
  const busy = useNavigation().state !== 'idle';
  const order = result?.order;
  return (
    <div className={desk.handover}>
      <h1>Выдача заказа</h1>
      {result?.intent === 'handover' && result.notice && (
        <p className={`${styles.notice} ${desk.done}`} role="status">
          {result.notice}
        </p>
      )}
      <Form method="post" className={styles.form}>
        <input type="hidden" name="intent" value="find" />
        <label>
          Код получения из SMS покупателя
          <input
            name="code"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9 ]*"
            maxLength={12}
            required
            defaultValue={result?.error ? (result.values?.code as string | undefined) : result?.code}
            aria-describedby={result?.error ? 'handover-error' : undefined}
            aria-invalid={result?.error ? true : undefined}
            className={desk.code}
            key={result?.intent === 'handover' && result.notice ? result.done : 'code'}
          />
        </label>
        {result?.error && (
          <p id="handover-error" className={styles.error} role="alert">
            {result.error}
          </p>
        )}
        <button type="submit" className={`${styles.button} ${desk.wide}`} disabled={busy}>
          Найти заказ
        </button>
      </Form>
      {order && (
        <section className={desk.handoverOrder} aria-labelledby="handover-order">
          <h2 id="handover-order">{`Заказ № ${order.number}`}</h2>
          <p>
            {order.name}
            <br />
            <span className={desk.muted}>{`Телефон оканчивается на ${order.phoneEnd}`}</span>
          </p>
          <ul className={desk.handoverLines}>
            {order.lines.map((l) => (
              <li key={l.id}>
                {`${l.name}, размер ${l.sizeName}${l.color ? `, ${l.color}` : ''} — ${l.quantity} шт.`}
              </li>
            ))}
          </ul>
          <p className={desk.toPay}>
            К оплате: <span className="price">{formatAmount(order.total)}</span>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="handover" />
            <input type="hidden" name="id" value={order.id} />
            <input type="hidden" name="code" value={result?.code} />
            <button type="submit" className={`${styles.button} ${desk.wide}`} disabled={busy}>
              Выдать заказ
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}
