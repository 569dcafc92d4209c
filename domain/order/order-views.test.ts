import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../staff/staff-member';
import { viewQuery } from './order-views';

const manager: StaffMember = { staffId: 1, email: 'm@shop.test', role: 'manager', shopId: null };
const shop: StaffMember = { staffId: 2, email: 's@shop.test', role: 'shop', shopId: 3 };

describe('a saved view’s filter', () => {
  it('keeps only the list’s filters, in one order, without the page', () => {
    expect(viewQuery('?sort=old&page=4&status=new&utm=x&q=%20Анна%20', manager)).toBe(
      'status=new&q=%D0%90%D0%BD%D0%BD%D0%B0&sort=old',
    );
    expect(viewQuery('shopId=5&queue=handover', manager)).toBe('queue=handover&shopId=5');
    expect(viewQuery('', manager)).toBe('');
  });

  it('drops the shop of a shop’s staff, whose list is their shop’s anyway', () => {
    expect(viewQuery('shopId=5&queue=handover', shop)).toBe('queue=handover');
  });

  it('refuses a filter the list does not know, in Russian', () => {
    expect(() => viewQuery('status=lost', manager)).toThrow('Нет такого статуса заказа.');
    expect(() => viewQuery('from=2026-13-45x', manager)).toThrow('Дата — в виде ГГГГ-ММ-ДД.');
  });
});
