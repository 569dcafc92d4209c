import { describe, expect, it } from 'vitest';
import { can, roleMay } from './permissions';
import type { StaffMember } from './staff-member';

const member = (role: StaffMember['role'], shopId: number | null = null): StaffMember => ({
  staffId: 1,
  email: 'x@shop.test',
  role,
  shopId,
});

describe('can', () => {
  it('lets a shop member act on their own shop only, and refuses a check that names no shop', () => {
    const shop = member('shop', 7);
    expect(can(shop, 'orders.move', { shopId: 7 })).toBe(true);
    expect(can(shop, 'orders.move', { shopId: 8 })).toBe(false);
    expect(can(shop, 'orders.move')).toBe(false);
    expect(roleMay(shop, 'orders.move')).toBe(true);
  });

  it('gives other roles their actions whatever the shop, and nothing else', () => {
    expect(can(member('manager'), 'orders.move')).toBe(true);
    expect(can(member('manager'), 'orders.move', { shopId: 8 })).toBe(true);
    expect(can(member('content'), 'orders.read')).toBe(false);
  });
});
