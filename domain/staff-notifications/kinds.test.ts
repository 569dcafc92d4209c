import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../staff/staff-member';
import { defaultOn, hears, summaryMessage } from './kinds';

const member = (role: StaffMember['role'], shopId: number | null = null): StaffMember => ({
  staffId: 1,
  email: 'a@vyuga.test',
  role,
  shopId,
});
const company = { name: 'ООО «Вьюга»', inn: '1', ogrn: '1', address: 'Москва', hotline: '88005553535' };

describe('who hears of what', () => {
  it('a shop’s staff hear of their own shop’s orders only, never of a courier order or a question', () => {
    const event = { kind: 'order.new' as const, shopId: 7 };
    expect(hears(member('shop', 7), event)).toBe(true);
    expect(hears(member('shop', 8), event)).toBe(false);
    expect(hears(member('shop', 7), { kind: 'order.new', shopId: null })).toBe(false);
    expect(hears(member('shop', 7), { kind: 'question.new', shopId: null })).toBe(false);
    expect(hears(member('manager'), event)).toBe(true);
    expect(hears(member('content'), event)).toBe(false);
    expect(hears(member('content'), { kind: 'question.new', shopId: null })).toBe(true);
    expect(hears(member('merchandiser'), { kind: 'stock.low', shopId: null })).toBe(true);
    expect(hears(member('shop', 7), { kind: 'stock.low', shopId: null })).toBe(false);
  });

  it('new orders’ messages are on by default for owners, managers and a shop’s staff; the rest are badge only', () => {
    expect(defaultOn('owner', 'order.new')).toBe(true);
    expect(defaultOn('manager', 'order.new')).toBe(true);
    expect(defaultOn('shop', 'order.new')).toBe(true);
    expect(defaultOn('content', 'question.new')).toBe(false);
    expect(defaultOn('owner', 'order.paid')).toBe(false);
  });

  it('a summary names how many and lists at most ten, by letter or by Telegram', () => {
    const titles = Array.from({ length: 12 }, (_, i) => `Новый заказ № ${i}`);
    const letter = summaryMessage(
      company,
      'https://shop.test',
      { email: 'a@vyuga.test', telegramChatId: null },
      'order.new',
      titles,
    );
    expect(letter).toMatchObject({ channel: 'email', kind: 'staff-summary', subject: 'Ещё 12 новых заказов — ВЬЮГА' });
    expect(letter.text).toContain('…и ещё 2');
    const chat = summaryMessage(
      company,
      'https://shop.test',
      { email: 'a@vyuga.test', telegramChatId: '42' },
      'order.new',
      titles,
    );
    expect(chat).toMatchObject({ channel: 'telegram', to: '42' });
    expect(chat.text.split('\n')).toHaveLength(1 + 10 + 1 + 1);
  });
});
