import { describe, expect, it } from 'vitest';
import { readHeading } from './catalog-io';

const stores = [{ id: 1, code: 'W1', name: 'Склад' }] as Parameters<typeof readHeading>[1];

describe('the import table’s heading', () => {
  it('refuses a second stock column of one store, under whatever title', () => {
    const { problems } = readHeading([['ID предложения', 'Остаток: Склад [W1]', 'Остаток: Другой [W1]']], stores);
    expect(problems).toEqual([
      expect.objectContaining({ row: 1, column: 'Остаток: Другой [W1]', message: expect.stringContaining('W1') }),
    ]);
  });
});
