import { describe, expect, it } from 'vitest';
import { isYookassaAddress, parseNetworks, parseNotification } from './yookassa-notify';

describe('isYookassaAddress', () => {
  it('admits the provider’s published IPv4 networks and single addresses, edges included', () => {
    for (const ip of ['185.71.76.0', '185.71.76.31', '185.71.77.5', '77.75.153.127', '77.75.154.200', '77.75.156.11']) {
      expect(isYookassaAddress(ip), ip).toBe(true);
    }
  });

  it('refuses addresses just outside them and anything that is not an address', () => {
    for (const ip of ['185.71.76.32', '185.71.75.255', '77.75.153.128', '77.75.154.127', '77.75.156.12', '10.0.0.1']) {
      expect(isYookassaAddress(ip), ip).toBe(false);
    }
    for (const junk of ['', 'local', '185.71.76', '185.71.76.5.1', '185.71.76.5/27', '<script>']) {
      expect(isYookassaAddress(junk), junk).toBe(false);
    }
  });

  it('matches IPv6 in 2a02:5180::/32 and IPv4-mapped IPv6 as a dual-stack socket reports it', () => {
    expect(isYookassaAddress('2a02:5180:0:1509::17')).toBe(true);
    expect(isYookassaAddress('2A02:5180:FFFF::1')).toBe(true);
    expect(isYookassaAddress('2a02:5181::1')).toBe(false);
    expect(isYookassaAddress('::1')).toBe(false);
    expect(isYookassaAddress('::ffff:185.71.76.5')).toBe(true);
    expect(isYookassaAddress('::ffff:77.75.156.35')).toBe(true);
    expect(isYookassaAddress('::ffff:185.71.76.32')).toBe(false);
    expect(isYookassaAddress('::ffff:127.0.0.1')).toBe(false);
  });

  it('uses a list given in a setting instead of the published one', () => {
    const networks = parseNetworks(' 127.0.0.1, 10.20.0.0/16 ,::1 ');
    expect(networks.entries).toEqual(['127.0.0.1', '10.20.0.0/16', '::1']);
    expect(isYookassaAddress('10.20.3.4', networks)).toBe(true);
    expect(isYookassaAddress('::ffff:127.0.0.1', networks)).toBe(true);
    expect(isYookassaAddress('::1', networks)).toBe(true);
    expect(isYookassaAddress('185.71.76.5', networks)).toBe(false);
  });

  it('refuses a malformed setting with a Russian message naming the entry', () => {
    expect(() => parseNetworks('185.71.76.0/33')).toThrow('«185.71.76.0/33»');
    expect(() => parseNetworks('185.71.76.0/27, 300.1.1.1')).toThrow(
      'Неверная запись в списке сетей ЮKassa: «300.1.1.1»',
    );
    expect(() => parseNetworks('2a02:5180::/129')).toThrow('«2a02:5180::/129»');
    expect(() => parseNetworks('yookassa.ru')).toThrow('«yookassa.ru»');
    expect(() => parseNetworks('10.0.0.0/')).toThrow('«10.0.0.0/»');
    expect(() => parseNetworks(' , ')).toThrow('Список сетей ЮKassa пуст');
  });
});

describe('parseNotification', () => {
  // The bodies as YooKassa's documentation shows them (developers/using-api/webhooks).
  const paymentSucceeded = {
    type: 'notification',
    event: 'payment.succeeded',
    object: {
      id: '22d6d597-000f-5000-9000-145f6df21d6f',
      status: 'succeeded',
      paid: true,
      amount: { value: '2.00', currency: 'RUB' },
      authorization_details: { rrn: '10000000000', auth_code: '000000', three_d_secure: { applied: true } },
      created_at: '2018-07-10T14:27:54.691Z',
      description: 'Заказ №72',
      metadata: {},
      payment_method: {
        type: 'bank_card',
        id: '22d6d597-000f-5000-9000-145f6df21d6f',
        saved: false,
        card: { first6: '555555', last4: '4444', expiry_month: '07', expiry_year: '2021', card_type: 'MasterCard' },
        title: 'Bank card *4444',
      },
      refundable: false,
      test: false,
    },
  };
  const refundSucceeded = {
    type: 'notification',
    event: 'refund.succeeded',
    object: {
      id: '216749f7-0016-50be-b000-078d43a63ae4',
      status: 'succeeded',
      amount: { value: '1.00', currency: 'RUB' },
      created_at: '2017-10-04T19:27:51.407Z',
      payment_id: '216749da-000f-50be-b000-096747fad91e',
    },
  };

  it('reads the event and object of the documented payment and refund notifications', () => {
    expect(parseNotification(paymentSucceeded)).toEqual({
      event: 'payment.succeeded',
      objectId: '22d6d597-000f-5000-9000-145f6df21d6f',
      paymentId: null,
    });
    expect(parseNotification(refundSucceeded)).toEqual({
      event: 'refund.succeeded',
      objectId: '216749f7-0016-50be-b000-078d43a63ae4',
      paymentId: '216749da-000f-50be-b000-096747fad91e',
    });
    for (const event of ['payment.waiting_for_capture', 'payment.canceled']) {
      expect(parseNotification({ ...paymentSucceeded, event })?.event).toBe(event);
    }
  });

  it('ignores events the shop does not handle', () => {
    expect(parseNotification({ ...paymentSucceeded, event: 'payout.succeeded' })).toBeNull();
    expect(parseNotification({ ...paymentSucceeded, event: 'deal.closed' })).toBeNull();
  });

  it('answers null to forged and garbage bodies', () => {
    const garbage: unknown[] = [
      null,
      undefined,
      'payment.succeeded',
      42,
      [],
      {},
      { ...paymentSucceeded, type: 'error' },
      { event: 'payment.succeeded', object: { id: '22d6d597-000f-5000-9000-145f6df21d6f' } },
      { ...paymentSucceeded, object: {} },
      { ...paymentSucceeded, object: { id: 17 } },
      { ...paymentSucceeded, object: { id: '' } },
      { ...paymentSucceeded, object: { id: '../../refunds/x' } },
      { ...paymentSucceeded, object: { id: 'x'.repeat(65) } },
      { ...paymentSucceeded, object: null },
    ];
    for (const body of garbage) expect(parseNotification(body), JSON.stringify(body)).toBeNull();
  });
});
