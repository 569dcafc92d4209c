import { describe, expect, it } from 'vitest';
import { createOrderProcess, type DeliveryType, type OrderStatus } from '../order/process';
import { dateOf1C, type OrderStatusRecord, orderIdOfNumber, statusOfText } from './order-status';
import { planMoves, targetOf } from './order-status-import';

const process = createOrderProcess();
const next = (o: Parameters<typeof process.next>[0]) => process.next(o, 'system');
const plan = (state: OrderStatus, target: OrderStatus, deliveryType: DeliveryType = 'COURIER') =>
  planMoves({ id: 1, status: state, deliveryType }, target, next);

const record = (facts: Partial<OrderStatusRecord>): OrderStatusRecord => ({
  ref: '100001',
  orderId: 1,
  statusText: null,
  confirmed: false,
  paid: null,
  shipped: null,
  completed: false,
  cancelled: null,
  ...facts,
});

describe('the moves 1C asks for', () => {
  it('walks the table the shortest allowed way, by the delivery’s rules', () => {
    expect(plan('new', 'shipped')).toEqual({ kind: 'moves', path: ['confirmed', 'assembling', 'shipped'] });
    expect(plan('new', 'completed')).toEqual({
      kind: 'moves',
      path: ['confirmed', 'assembling', 'shipped', 'completed'],
    });
    // A shop order is never shipped: it waits for the shopper with a pickup code, which 1C does not send on the way
    // to «completed» — that is the desk's.
    expect(plan('confirmed', 'completed', 'SHOP')).toEqual({
      kind: 'refused',
      reason:
        'Заказ идёт к «Получен» только через «Ждёт получения» (код получения покупателю): отметьте это на столе заказов.',
    });
    expect(plan('assembling', 'ready', 'SHOP')).toEqual({ kind: 'moves', path: ['ready'] });
    expect(plan('new', 'cancelled')).toEqual({ kind: 'moves', path: ['cancelled'] });
  });

  it('does nothing when the order is there or further on', () => {
    expect(plan('confirmed', 'confirmed')).toEqual({ kind: 'none' });
    expect(plan('shipped', 'confirmed')).toEqual({ kind: 'none' });
    expect(plan('cancelled', 'cancelled')).toEqual({ kind: 'none' });
  });

  it('refuses what the table or a guard refuses, in its words', () => {
    expect(plan('completed', 'cancelled')).toEqual({
      kind: 'refused',
      reason: 'Заказ нельзя перевести из состояния «Получен» в «Отменён».',
    });
    expect(plan('cancelled', 'confirmed')).toMatchObject({ kind: 'refused' });
    expect(plan('assembling', 'shipped', 'SHOP')).toEqual({
      kind: 'refused',
      reason: 'Заказ с получением в магазине не отправляют.',
    });
    expect(plan('shipped', 'ready', 'COURIER')).toEqual({
      kind: 'refused',
      reason: 'Курьерский заказ не ждёт в пункте выдачи.',
    });
  });

  it('takes the furthest of 1C’s facts; a cancel wins over the rest', () => {
    expect(targetOf(record({ confirmed: true }))).toBe('confirmed');
    expect(targetOf(record({ confirmed: true, shipped: { date: null, trackingNumber: 'X' } }))).toBe('shipped');
    expect(targetOf(record({ confirmed: true, statusText: '[F] Выполнен' }))).toBe('completed');
    expect(targetOf(record({ confirmed: true, cancelled: { reason: null } }))).toBe('cancelled');
    expect(targetOf(record({ statusText: 'Новый' }))).toBeNull();
    expect(targetOf(record({ paid: { date: '26.11.2026' } }))).toBeNull();
  });
});

describe('1C’s words', () => {
  it('reads the shop’s numbers, status names and 1C’s dates', () => {
    expect(orderIdOfNumber('100042')).toBe(42);
    expect(orderIdOfNumber('ЦБ-000042')).toBeNull();
    expect(orderIdOfNumber('100000')).toBeNull();
    // 1C's own zero-padded numbers and numbers past the ids' range are not the shop's.
    expect(orderIdOfNumber('000100345')).toBeNull();
    expect(orderIdOfNumber('99999999999')).toBeNull();
    expect(statusOfText('Передан в доставку')).toBe('shipped');
    expect(statusOfText('  ОТМЕНЁН ')).toBe('cancelled');
    // 1C-Bitrix's first status «[N] Принят» is a new order, not a confirmed one.
    expect(statusOfText('[N] Принят')).toBeNull();
    expect(statusOfText('Что-то своё')).toBeNull();
    expect(dateOf1C('2026-11-25T14:00:00')).toBe('25.11.2026');
    expect(dateOf1C('T')).toBeNull();
    expect(dateOf1C('0001-01-01T00:00:00')).toBeNull();
  });
});
