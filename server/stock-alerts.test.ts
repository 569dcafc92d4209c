import { describe, expect, it, vi } from 'vitest';
import type { Services } from '../domain/services';
import { stockAlertSweeper, withStockAlertKicks } from './stock-alerts';

describe('the stock alerts’ sweeper', () => {
  it('runs one sweep at a time: kicks while one runs ask for one more after it, not one each', async () => {
    let release = () => {};
    const sweep = vi.fn(() => new Promise<void>((r) => (release = r)));
    const kick = stockAlertSweeper(sweep);
    const first = kick();
    for (let i = 0; i < 10; i++) void kick();
    expect(sweep).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() => expect(sweep).toHaveBeenCalledTimes(2));
    release();
    await first;
    expect(sweep).toHaveBeenCalledTimes(2);
  });

  it('logs a failed sweep and keeps working', async () => {
    const warn = vi.fn();
    const sweep = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(undefined);
    const kick = stockAlertSweeper(sweep, { warn });
    await kick();
    expect(warn).toHaveBeenCalledTimes(1);
    await kick();
    expect(sweep).toHaveBeenCalledTimes(2);
  });

  it('kicks after a stock write has resolved, not before and not after a failed one', async () => {
    const order: string[] = [];
    const stockAdmin = {
      document: async () => {
        order.push('document');
        return { id: 1 };
      },
      table: async () => 'table',
    };
    const orders = { cancel: async () => Promise.reject(new Error('нельзя')) };
    const services = withStockAlertKicks({ stockAdmin, orders } as unknown as Services, () => order.push('kick'));
    await (services.stockAdmin as unknown as typeof stockAdmin).document();
    await (services.stockAdmin as unknown as typeof stockAdmin).table();
    await expect((services.orders as unknown as typeof orders).cancel()).rejects.toThrow('нельзя');
    expect(order).toEqual(['document', 'kick']);
    expect(Object.keys({ ...services.stockAdmin })).toEqual(['document', 'table']);
  });
});
