import { describe, expect, it } from 'vitest';
import type { OrderStatusRecord } from '../../../domain/exchange/order-status';
import { onecOrdersXml } from '../../../tests/support/onec-orders';
import { CommerceMlError } from './parse-catalogue';
import { parseOrders } from './parse-orders';

async function collect(bytes: Buffer, chunk = bytes.length): Promise<OrderStatusRecord[]> {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const records: OrderStatusRecord[] = [];
  for await (const record of parseOrders(parts)) records.push(record);
  return records;
}

const plain = {
  statusText: null,
  confirmed: false,
  paid: null,
  shipped: null,
  completed: false,
  cancelled: null,
};

/** As 1C УТ 11 sends it back: a namespace, the documents in `Контейнер`s, a contractor and goods to skip. */
const UT11 = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<cml:КоммерческаяИнформация xmlns:cml="urn:1C.ru:commerceml_2" ВерсияСхемы="2.10" ДатаФормирования="2026-11-26T10:15:00">
  <cml:Контейнер>
    <cml:Документ>
      <cml:Ид>100042</cml:Ид>
      <cml:Номер>100042</cml:Номер>
      <cml:ХозОперация>Заказ товара</cml:ХозОперация>
      <cml:Контрагенты><cml:Контрагент><cml:Ид>x</cml:Ид><cml:Наименование>Анна</cml:Наименование></cml:Контрагент></cml:Контрагенты>
      <cml:Комментарий>Покупатель передумал</cml:Комментарий>
      <cml:ЗначенияРеквизитов>
        <cml:ЗначениеРеквизита><cml:Наименование>Проведен</cml:Наименование><cml:Значение>true</cml:Значение></cml:ЗначениеРеквизита>
        <cml:ЗначениеРеквизита><cml:Наименование>Статус заказа</cml:Наименование><cml:Значение>[F] Выполнен</cml:Значение></cml:ЗначениеРеквизита>
        <cml:ЗначениеРеквизита><cml:Наименование>Дата оплаты по 1С</cml:Наименование><cml:Значение>2026-11-25T14:00:00</cml:Значение></cml:ЗначениеРеквизита>
        <cml:ЗначениеРеквизита><cml:Наименование>Дата отгрузки по 1С</cml:Наименование><cml:Значение>T</cml:Значение></cml:ЗначениеРеквизита>
        <cml:ЗначениеРеквизита><cml:Наименование>Отменен</cml:Наименование><cml:Значение>false</cml:Значение></cml:ЗначениеРеквизита>
      </cml:ЗначенияРеквизитов>
    </cml:Документ>
  </cml:Контейнер>
  <cml:Контейнер>
    <cml:Документ>
      <cml:Ид>7f3e-payment</cml:Ид>
      <cml:Номер>ЦБ-17</cml:Номер>
      <cml:ХозОперация>Выплата безналичных денег</cml:ХозОперация>
    </cml:Документ>
  </cml:Контейнер>
</cml:КоммерческаяИнформация>`;

describe('parseOrders', () => {
  it('reads each order document’s facts; a payment document of 1C’s own is not an order', async () => {
    expect(await collect(Buffer.from(UT11), 7)).toEqual([
      {
        ...plain,
        ref: '100042',
        orderId: 42,
        statusText: '[F] Выполнен',
        confirmed: true,
        paid: { date: '25.11.2026' },
      },
    ]);
  });

  it('shipped with its date and tracking number, cancelled with 1C’s reason, a deletion mark, an unknown number', async () => {
    const xml = onecOrdersXml([
      { number: '100007', shippedOn: '2026-11-26T09:00:00', tracking: 'CDEK-77', shipmentNumber: 'ЦБ-5' },
      { number: '100008', cancelled: true, cancelReason: 'Нет в наличии' },
      { number: '100009', deleted: true },
      { number: 'ЦБ-000123', id: '6a4e-guid', posted: true, final: true, status: 'Закрыт' },
    ]);
    expect(await collect(xml, 64)).toEqual([
      { ...plain, ref: '100007', orderId: 7, shipped: { date: '26.11.2026', trackingNumber: 'CDEK-77' } },
      { ...plain, ref: '100008', orderId: 8, cancelled: { reason: 'Нет в наличии' } },
      { ...plain, ref: '100009', orderId: 9, cancelled: { reason: 'помечен на удаление' } },
      { ...plain, ref: 'ЦБ-000123', orderId: null, confirmed: true, completed: true, statusText: 'Закрыт' },
    ]);
  });

  it('reads windows-1251 and UTF-8 with or without a BOM alike', async () => {
    const orders = [{ number: '100011', status: 'Отгружен', shipmentNumber: 'ЦБ-Ёж-9' }];
    const expected = await collect(onecOrdersXml(orders));
    expect(expected[0]?.statusText).toBe('Отгружен');
    // 1C's shipment document number marks it shipped but is no tracking number for the shopper.
    expect(expected[0]?.shipped).toEqual({ date: null, trackingNumber: null });
    expect(await collect(onecOrdersXml(orders, { encoding: 'utf-8' }), 3)).toEqual(expected);
    expect(await collect(onecOrdersXml(orders, { encoding: 'utf-8', bom: true }), 5)).toEqual(expected);
  });

  it('refuses malformed XML and another root with a Russian reason and where', async () => {
    const broken = onecOrdersXml([{ number: '100001', posted: true }], { encoding: 'utf-8' })
      .toString('utf8')
      .replace('</Документ>', '</Документы>');
    const error = await collect(Buffer.from(broken)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommerceMlError);
    expect((error as CommerceMlError).message).toMatch(
      /^Файл заказов CommerceML не прочитан: ошибка XML: .*\(строка \d+/,
    );
    await expect(collect(Buffer.from('<?xml version="1.0"?><Заказы/>'))).rejects.toThrow(
      /корневой элемент «Заказы» вместо «КоммерческаяИнформация»/,
    );
  });
});

describe('a hostile orders file', () => {
  it('is refused past 64 levels of nesting or 20 000 elements in one document, with a Russian reason', async () => {
    const deep = `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация><Документ>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Документ></КоммерческаяИнформация>`;
    await expect(collect(Buffer.from(deep))).rejects.toThrow(/вложенность элементов больше 64/);
    const wide = `<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация><Документ>${'<a/>'.repeat(20_001)}</Документ></КоммерческаяИнформация>`;
    await expect(collect(Buffer.from(wide))).rejects.toThrow(/больше 20000 элементов/);
  });
});
