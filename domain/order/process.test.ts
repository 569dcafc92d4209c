import { describe, expect, it, vi } from 'vitest';
import { createOrderProcess, type OrderForProcess, OrderTransitionError, type OrderStatus } from './process';

const order = (state: OrderStatus, deliveryType: OrderForProcess['deliveryType'] = 'COURIER'): OrderForProcess => ({
  id: 7,
  status: state,
  deliveryType,
});

describe('the order process', () => {
  const process = createOrderProcess();

  it('moves along the table and records each move with the state it left', async () => {
    const record = vi.fn(async () => {});
    await process.transition({ order: order('new'), to: 'confirmed', actor: 'staff' }, record);
    expect(record).toHaveBeenCalledWith('new', 'confirmed');
  });

  it('refuses a move the table does not hold, and records nothing', async () => {
    const record = vi.fn(async () => {});
    const move = process.transition({ order: order('new'), to: 'completed', actor: 'staff' }, record);
    await expect(move).rejects.toThrow(OrderTransitionError);
    await expect(move).rejects.toThrow('Заказ нельзя перевести из состояния «Новый» в «Получен».');
    expect(record).not.toHaveBeenCalled();
    await expect(process.transition({ order: order('cancelled'), to: 'new', actor: 'staff' }, record)).rejects.toThrow(
      OrderTransitionError,
    );
  });

  it('keeps a courier order out of the pickup state and a shop order off the road', () => {
    expect(process.next(order('assembling', 'COURIER'), 'staff')).toEqual(['shipped', 'cancelled']);
    expect(process.next(order('assembling', 'SHOP'), 'staff')).toEqual(['ready', 'cancelled']);
    expect(process.next(order('assembling', 'PICKUP'), 'staff')).toEqual(['shipped', 'ready', 'cancelled']);
  });

  it('lets the shopper cancel only while the order is new, and do nothing else', async () => {
    expect(process.next(order('new'), 'shopper')).toEqual(['cancelled']);
    expect(process.next(order('confirmed'), 'shopper')).toEqual([]);
    expect(process.next(order('confirmed'), 'staff')).toEqual(['assembling', 'cancelled']);
    await expect(
      process.transition({ order: order('assembling'), to: 'cancelled', actor: 'shopper' }, async () => {}),
    ).rejects.toThrow('Заказ уже принят магазином: отменить его можно по телефону магазина.');
  });

  it('runs the hooks of the new state after the move is recorded, not when it is refused', async () => {
    const calls: string[] = [];
    const withHooks = createOrderProcess({
      hooks: { cancelled: [async ({ from, order }) => void calls.push(`release stock of ${order.id} from ${from}`)] },
    });
    await withHooks.transition({ order: order('confirmed'), to: 'cancelled', actor: 'staff' }, async () => {
      calls.push('recorded');
    });
    expect(calls).toEqual(['recorded', 'release stock of 7 from confirmed']);
    await expect(
      withHooks.transition({ order: order('shipped'), to: 'cancelled', actor: 'staff' }, async () => {}),
    ).rejects.toThrow(OrderTransitionError);
    expect(calls).toHaveLength(2);
  });

  it('hands each move its own work (its transaction) to hooks given once, with the process', async () => {
    const released: string[] = [];
    const withHooks = createOrderProcess<{ tx: string }>({
      hooks: { cancelled: [async ({ order }, { tx }) => void released.push(`order ${order.id} in ${tx}`)] },
    });
    await withHooks.transition({ order: order('new'), to: 'cancelled', actor: 'shopper' }, async () => {}, {
      tx: 'T1',
    });
    await withHooks.transition({ order: order('ready'), to: 'cancelled', actor: 'system' }, async () => {}, {
      tx: 'T2',
    });
    expect(released).toEqual(['order 7 in T1', 'order 7 in T2']);
  });
});
