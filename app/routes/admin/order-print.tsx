import { OrderFacts, PackingList } from '~/components/admin/PackingList';
import { PrintButton } from '~/components/admin/PrintButton';
import { data } from 'react-router';
import type { DeskLine, OrderCard } from '../../../domain/order/desk';
import { formatAmount } from '../../../domain/pricing/price';
import { staffPage } from '~/lib/admin';
import { loaderRefusal } from '~/lib/admin-action';
import { orderId } from '~/lib/admin-orders';
import { useStaffClock } from '~/lib/staff-clock';
import { type Column, errorText } from '~/components/admin/kit';
import { cachePolicy } from '../../../contract/cache-policy';
import print from './print.module.css';
import type { Route } from './+types/order-print';

/** The print forms of an order (issue 25.4): print-ready pages outside the back office's layout. */
const FORMS = { packing: 'Упаковочный лист', receipt: 'Товарный чек', courier: 'Лист курьера' } as const;
type PrintForm = keyof typeof FORMS;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  staffPage(request, context, 'orders.read');
  const form = params.form as PrintForm;
  if (!Object.hasOwn(FORMS, form)) throw data('Такой печатной формы нет.', { status: 404 });
  const card = await context.services.orderDesk.card(context.ctx, orderId(params.id)).catch(loaderRefusal);
  if (form === 'courier' && card.deliveryType !== 'COURIER')
    throw data('Лист курьера печатают только для курьерской доставки.', { status: 404 });
  return { form, card, company: context.services.content.company };
}

export const headers = cachePolicy('private');

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `${FORMS[data.form]} — заказ № ${data.card.number}` : 'Печать — ВЬЮГА' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OrderPrint({ loaderData }: Route.ComponentProps) {
  const { when } = useStaffClock();
  const { form, card, company } = loaderData;
  const title =
    form === 'receipt' ? `Товарный чек № ${card.number} от ${when(card.createdAt).split(',')[0]}` : FORMS[form];
  return (
    <main className={print.sheet}>
      <div className={print.tools}>
        <a href={`/admin/orders/${card.id}/`}>← К заказу</a>
        <PrintButton />
      </div>
      <h1>{title}</h1>
      {form === 'receipt' ? (
        <p>
          {`Продавец: ${company.name}, ИНН ${company.inn}, ОГРН ${company.ogrn}`}
          <br />
          {`Адрес: ${company.address}`}
        </p>
      ) : (
        <OrderFacts card={card} />
      )}
      {form === 'packing' && <PackingList lines={card.lines} />}
      {form === 'receipt' && <Receipt card={card} />}
      {form === 'courier' && <Courier card={card} />}
    </main>
  );
}

const lineName = (l: DeskLine) => `${l.name}${l.returned ? ' (возвращён при примерке)' : ''}`;

/** A form's lines in its print table (not the desk's `DataTable`): numbered, a cell a column (its class on the cell). */
function Lines({ lines, columns }: { lines: DeskLine[]; columns: Column<DeskLine>[] }) {
  return (
    <table className={print.table}>
      <thead>
        <tr>
          <th scope="col">№</th>
          {columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a form's columns are fixed
            <th key={i} scope="col">
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((l, n) => (
          <tr key={l.id}>
            <td>{n + 1}</td>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <td key={i} className={c.className}>
                {c.cell(l)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const NAME: Column<DeskLine> = { title: 'Товар', cell: lineName };
const SIZE: Column<DeskLine> = { title: 'Размер', cell: (l) => l.sizeName };
const COLOR: Column<DeskLine> = { title: 'Цвет', cell: (l) => l.color ?? '—' };
const QUANTITY: Column<DeskLine> = { title: 'Кол-во', cell: (l) => l.quantity };
const TOTAL: Column<DeskLine> = { title: 'Сумма', className: 'price', cell: (l) => formatAmount(l.total) };
/** A column left empty for a pen. */
const blank = (title: string): Column<DeskLine> => ({ title, className: print.blank, cell: () => null });

function Receipt({ card }: { card: OrderCard }) {
  return (
    <>
      <Lines
        lines={card.lines.filter((l) => !l.returned)}
        columns={[
          { title: 'Наименование', cell: (l) => (l.color ? `${l.name}, ${l.color}` : l.name) },
          SIZE,
          QUANTITY,
          { title: 'Цена', className: 'price', cell: (l) => formatAmount(l.unitPrice) },
          TOTAL,
        ]}
      />
      <Totals card={card} label="Итого" />
      <p className={print.sign}>Продавец: ____________________ / ____________________</p>
    </>
  );
}

function Courier({ card }: { card: OrderCard }) {
  return (
    <>
      <Lines lines={card.lines} columns={[NAME, SIZE, COLOR, QUANTITY, TOTAL, blank('Оставил / вернул')]} />
      <Totals card={card} label="Получить с покупателя" />
      <p>Вернул часть товаров — отметьте их в колонке «Оставил / вернул» и получите сумму за оставленные и доставку.</p>
      <p className={print.sign}>Подпись покупателя: ____________________</p>
      <p className={print.sign}>Курьер: ____________________ / ____________________</p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className={print.sheet}>
      <h1>Форма не напечатана</h1>
      <p>{errorText(error)}</p>
      <p>
        <a href="/admin/orders/">К заказам</a>
      </p>
    </main>
  );
}

/** The sums under a form's lines: bonuses and delivery where there are any, then what is paid. */
function Totals({ card, label }: { card: OrderCard; label: string }) {
  return (
    <dl className={print.totals}>
      {card.bonusesUsed > 0 && (
        <>
          <dt>Оплачено бонусами</dt>
          <dd className="price">{formatAmount(-card.bonusesUsed)}</dd>
        </>
      )}
      {card.deliveryPrice > 0 && (
        <>
          <dt>Доставка</dt>
          <dd className="price">{formatAmount(card.deliveryPrice)}</dd>
        </>
      )}
      <dt>{label}</dt>
      <dd className="price">{formatAmount(card.total)}</dd>
    </dl>
  );
}
