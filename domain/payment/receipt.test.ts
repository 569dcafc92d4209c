import { describe, expect, it } from 'vitest';
import type { Receipt } from './gateway';
import { orderReceipt, type ReceiptLine, refundReceipt } from './receipt';

const total = (receipt: Receipt) => receipt.items.reduce((sum, item) => sum + item.unitKopecks * item.quantity, 0);
const goods = (receipt: Receipt) => receipt.items.filter((item) => item.kind === 'goods');

const parka: ReceiptLine = { name: 'Пуховик «Тайга»', sizeName: '48', quantity: 1, unitKopecks: 1_299_000 };
const tee: ReceiptLine = { name: 'Футболка базовая', sizeName: 'M', quantity: 3, unitKopecks: 99_000 };
const base = {
  deliveryKopecks: 0,
  customer: { email: 'anna@example.ru', phone: '+7 916 123-45-67' },
  vat: 22 as const,
  settlement: 'advance' as const,
};

describe('orderReceipt', () => {
  it('lists the goods at their prices and the delivery as a service when nothing is discounted', () => {
    const receipt = orderReceipt({ ...base, lines: [parka, tee], deliveryKopecks: 50_000, chargedKopecks: 1_646_000 });
    expect(receipt).toEqual({
      customer: { email: 'anna@example.ru' },
      items: [
        {
          description: 'Пуховик «Тайга», размер 48',
          quantity: 1,
          unitKopecks: 1_299_000,
          vat: 22,
          kind: 'goods',
          settlement: 'advance',
        },
        {
          description: 'Футболка базовая, размер M',
          quantity: 3,
          unitKopecks: 99_000,
          vat: 22,
          kind: 'goods',
          settlement: 'advance',
        },
        {
          description: 'Доставка',
          quantity: 1,
          unitKopecks: 50_000,
          vat: 22,
          kind: 'service',
          settlement: 'advance',
        },
      ],
    });
  });

  it('splits a line whose 3 units share a 100-kopeck discount: price × quantity = amount on every item', () => {
    const receipt = orderReceipt({ ...base, lines: [{ ...tee, unitKopecks: 1000 }], chargedKopecks: 2900 });
    expect(goods(receipt).map(({ quantity, unitKopecks }) => ({ quantity, unitKopecks }))).toEqual([
      { quantity: 1, unitKopecks: 966 },
      { quantity: 2, unitKopecks: 967 },
    ]);
    expect(total(receipt)).toBe(2900);
  });

  it('adds up to the charge when the discount leaves one kopeck the shares cannot place evenly', () => {
    const lines = [
      { name: 'Шапка', sizeName: null, quantity: 1, unitKopecks: 100 },
      { name: 'Шарф', sizeName: null, quantity: 1, unitKopecks: 100 },
      { name: 'Варежки', sizeName: null, quantity: 1, unitKopecks: 100 },
    ];
    const receipt = orderReceipt({ ...base, lines, chargedKopecks: 299 });
    expect(total(receipt)).toBe(299);
    expect(receipt.items.map((item) => item.unitKopecks)).toEqual([100, 100, 99]);
  });

  it('spreads a bonus as large as one line over every line in proportion, none of them free', () => {
    const lines = [
      { name: 'Куртка', sizeName: '50', quantity: 1, unitKopecks: 100_000 },
      { name: 'Ремень', sizeName: null, quantity: 2, unitKopecks: 25_000 },
    ];
    const receipt = orderReceipt({ ...base, lines, deliveryKopecks: 30_000, chargedKopecks: 130_000 });
    expect(total(receipt)).toBe(130_000);
    expect(goods(receipt).map(({ quantity, unitKopecks }) => ({ quantity, unitKopecks }))).toEqual([
      { quantity: 1, unitKopecks: 66_667 },
      { quantity: 1, unitKopecks: 16_666 },
      { quantity: 1, unitKopecks: 16_667 },
    ]);
    expect(receipt.items.at(-1)).toMatchObject({ description: 'Доставка', unitKopecks: 30_000 });
  });

  it('holds the sum rule over many awkward discounts', () => {
    const lines = [
      { name: 'A', sizeName: '42', quantity: 7, unitKopecks: 123_457 },
      { name: 'B', sizeName: '44', quantity: 3, unitKopecks: 99_999 },
      { name: 'C', sizeName: null, quantity: 11, unitKopecks: 1_001 },
      { name: 'D', sizeName: '46', quantity: 1, unitKopecks: 7 },
    ];
    const listed = lines.reduce((sum, line) => sum + line.quantity * line.unitKopecks, 0);
    for (const discount of [0, 1, 2, 3, 99, 100, 101, 12_345, 333_333, listed - 1]) {
      const charged = listed - discount + 29_900;
      const receipt = orderReceipt({ ...base, lines, deliveryKopecks: 29_900, chargedKopecks: charged });
      expect(total(receipt), `discount ${discount}`).toBe(charged);
      for (const item of receipt.items) {
        expect(Number.isInteger(item.unitKopecks) && item.unitKopecks > 0).toBe(true);
        expect(Number.isInteger(item.quantity) && item.quantity > 0).toBe(true);
      }
    }
  });

  it('refuses a zero-priced line, a charge above the prices and a charge below the delivery', () => {
    const free = { name: 'Пакет', sizeName: null, quantity: 1, unitKopecks: 0 };
    expect(() => orderReceipt({ ...base, lines: [parka, free], chargedKopecks: 1_299_000 })).toThrow(
      /Цена «Пакет» в чеке должна быть больше нуля/,
    );
    expect(() => orderReceipt({ ...base, lines: [parka], chargedKopecks: 1_299_001 })).toThrow(/больше их цены/);
    expect(() => orderReceipt({ ...base, lines: [parka], deliveryKopecks: 500, chargedKopecks: 400 })).toThrow(
      /меньше стоимости доставки/,
    );
    expect(() => orderReceipt({ ...base, lines: [parka], chargedKopecks: 0 })).toThrow(/больше нуля/);
    expect(() => orderReceipt({ ...base, lines: [parka], chargedKopecks: 1000, vat: 13 as never })).toThrow(/НДС/);
  });

  it('sends the receipt to the phone, as digits with 7, when there is no email', () => {
    const to = (phone: string) =>
      orderReceipt({ ...base, customer: { email: '', phone }, lines: [parka], chargedKopecks: 1000 }).customer;
    expect(to('+7 (916) 123-45-67')).toEqual({ phone: '79161234567' });
    expect(to('8 916 123 45 67')).toEqual({ phone: '79161234567' });
    expect(to('9161234567')).toEqual({ phone: '79161234567' });
    expect(() => to('12345')).toThrow(/электронной почты или российский номер/);
  });

  it('keeps a description within 128 characters, shortening the name and keeping the size', () => {
    const long = { ...parka, name: `Пуховик ${'очень '.repeat(40)}тёплый` };
    const [item] = orderReceipt({ ...base, lines: [long], chargedKopecks: 1000 }).items;
    expect(item.description.length).toBeLessThanOrEqual(128);
    expect(item.description.length).toBeGreaterThan(120);
    expect(item.description.endsWith('…, размер 48')).toBe(true);
  });

  it('lists only the delivery when bonuses paid for all the goods', () => {
    const receipt = orderReceipt({ ...base, lines: [parka], deliveryKopecks: 40_000, chargedKopecks: 40_000 });
    expect(receipt.items).toEqual([expect.objectContaining({ description: 'Доставка', unitKopecks: 40_000 })]);
  });
});

describe('refundReceipt', () => {
  it('spreads a partial refund over the returned lines with the same rule', () => {
    const receipt = refundReceipt({ ...base, lines: [{ ...tee, quantity: 2 }], refundKopecks: 197_999 });
    expect(total(receipt)).toBe(197_999);
    expect(receipt.items.map(({ quantity, unitKopecks }) => ({ quantity, unitKopecks }))).toEqual([
      { quantity: 1, unitKopecks: 98_999 },
      { quantity: 1, unitKopecks: 99_000 },
    ]);
  });

  it('includes the returned delivery and refuses a refund above what the lines cost', () => {
    const receipt = refundReceipt({ ...base, lines: [parka], deliveryKopecks: 50_000, refundKopecks: 1_349_000 });
    expect(total(receipt)).toBe(1_349_000);
    expect(() => refundReceipt({ ...base, lines: [parka], refundKopecks: 1_300_000 })).toThrow(/больше их цены/);
  });
});
