import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import type { ExportOrder } from '../../../domain/exchange/ports';
import { ordersXml, roubles } from './write-orders';

const order: ExportOrder = {
  id: 7,
  createdAt: new Date('2026-11-26T09:05:09Z'),
  status: 'confirmed',
  deliveryType: 'COURIER',
  delivery: { address: 'Москва, ул. Тверская, д. 1, кв. 2' },
  name: 'Анна',
  lastName: 'Иванова',
  secondName: '',
  email: 'anna@example.ru',
  phone: '79110000000',
  comment: 'Позвонить за час & не раньше <10>',
  items: 2,
  discount: 10_000,
  deliveryPrice: 35_000,
  bonusesUsed: 5_050,
  total: 1_018_850,
  paymentMethod: 'CASH',
  paidAt: null,
  lines: [
    {
      offerId: 42,
      onecId: null,
      productId: 4,
      name: 'Пуховик «Север»',
      sizeName: '46',
      price: 499_000,
      oldPrice: 599_000,
      quantity: 2,
      total: 998_000,
    },
  ],
};

describe('ordersXml', () => {
  const bytes = ordersXml([order], { now: new Date('2026-11-26T10:00:00Z'), timeZone: 'Europe/Moscow' });
  const xml = new TextDecoder('windows-1251').decode(bytes);

  it('is windows-1251 with its declaration, well-formed', () => {
    const head = '<?xml version="1.0" encoding="windows-1251"?>';
    expect(bytes.subarray(0, head.length).toString('latin1')).toBe(head);
    expect(bytes.includes(Buffer.from('Документ', 'utf8'))).toBe(false);
    const parser = new SaxesParser();
    parser.on('error', (e) => {
      throw e;
    });
    parser.write(xml).close();
  });

  it('names the order, its date in the shop time zone, sums in roubles, the customer and the requisites', () => {
    for (const part of [
      '<Ид>100007</Ид>',
      '<Номер>100007</Номер>',
      '<Дата>2026-11-26</Дата>',
      '<Время>12:05:09</Время>',
      '<Сумма>10188.50</Сумма>',
      '<Наименование>Иванова Анна</Наименование>',
      '<Значение>+79110000000</Значение>',
      '<Значение>anna@example.ru</Значение>',
      '<Комментарий>Позвонить за час &amp; не раньше &lt;10&gt;</Комментарий>',
      '<Значение>Подтверждён</Значение>',
      '<Значение>Курьерская доставка</Значение>',
      '<Значение>Москва, ул. Тверская, д. 1, кв. 2</Значение>',
    ])
      expect(xml).toContain(part);
  });

  it('names an offer that came from 1C by 1C’s own Ид', () => {
    const line = { ...(order.lines[0] as ExportOrder['lines'][number]), onecId: 'a1b2#c3d4' };
    const from1C = ordersXml([{ ...order, lines: [line] }], { now: new Date(), timeZone: 'Europe/Moscow' });
    const text = new TextDecoder('windows-1251').decode(from1C);
    expect(text).toContain('<Ид>a1b2#c3d4</Ид>');
    expect(text).not.toContain('shop-offer-42');
  });

  it('has the line with its size and the discount from the old price, and delivery as a service line', () => {
    expect(xml).toContain('<Ид>shop-offer-42</Ид>');
    expect(xml).toMatch(/<Наименование>Размер<\/Наименование>\s*<Значение>46<\/Значение>/);
    expect(xml).toMatch(
      /<ЦенаЗаЕдиницу>4990.00<\/ЦенаЗаЕдиницу>\s*<Количество>2<\/Количество>\s*<Сумма>9980.00<\/Сумма>/,
    );
    expect(xml).toContain('<Сумма>2000.00</Сумма>'); // (5990 − 4990) × 2
    expect(xml).toMatch(/<Ид>ORDER_DELIVERY<\/Ид>\s*<Наименование>Доставка<\/Наименование>/);
    expect(xml).toMatch(/<ЦенаЗаЕдиницу>350.00<\/ЦенаЗаЕдиницу>/);
    expect(xml).toMatch(/<Значение>Услуга<\/Значение>/);
    expect(xml).toContain('<Наименование>Оплата бонусами</Наименование>');
  });

  it('says how the order is paid: cash unpaid, online paid with the payment’s time in the shop time zone', () => {
    const requisites = (text: string) =>
      [...text.matchAll(/<Наименование>([^<]*)<\/Наименование>\s*<Значение>([^<]*)<\/Значение>/g)].map(
        ([, name, value]) => `${name}=${value}`,
      );
    expect(requisites(xml)).toEqual(
      expect.arrayContaining(['Метод оплаты=Наличные при получении', 'Заказ оплачен=false']),
    );
    expect(xml).not.toContain('Дата оплаты');
    const online = { ...order, status: 'paid', paymentMethod: 'ONLINE', paidAt: new Date('2026-11-26T09:07:00Z') };
    const paid = new TextDecoder('windows-1251').decode(
      ordersXml([online], { now: new Date('2026-11-26T10:00:00Z'), timeZone: 'Europe/Moscow' }),
    );
    expect(requisites(paid)).toEqual(
      expect.arrayContaining([
        'Статус заказа=Оплачен',
        'Метод оплаты=Онлайн (ЮKassa)',
        'Заказ оплачен=true',
        'Дата оплаты по 1С=2026-11-26T12:07:00',
        'Дата оплаты=2026-11-26T12:07:00',
      ]),
    );
  });

  it('writes kopecks as roubles with two digits', () => {
    expect([0, 5, 29, 100, 123_450, -150].map(roubles)).toEqual(['0.00', '0.05', '0.29', '1.00', '1234.50', '-1.50']);
  });
});
