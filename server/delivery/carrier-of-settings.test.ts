import { describe, expect, it } from 'vitest';
import { readSettings } from '../../config/settings';
import type { Carrier } from '../../domain/delivery/carrier';
import { carrierOfSettings, deliveryStartLine } from './carrier-of-settings';
import { noParcels } from '../../tests/support/no-parcels';

const cdek = { name: 'cdek' } as Carrier;
const makers = { testParcels: () => noParcels, cdek: () => cdek };

describe('the carrier the settings choose', () => {
  it('is the test carrier on a local address, none on a public one unless chosen', () => {
    const local = readSettings({ PORT: '4123' });
    expect(carrierOfSettings(local, makers)?.carrier.name).toBe('test');
    expect(carrierOfSettings(local, makers)?.from.name).toBe('Москва');
    expect(deliveryStartLine(local).level).toBe('warn');
    const shop = readSettings({ SITE_URL: 'https://shop.example.ru' });
    expect(carrierOfSettings(shop, makers)).toBeNull();
    expect(deliveryStartLine(shop).text).toContain('перевозчик выключен');
    const chosen = readSettings({ SITE_URL: 'https://shop.example.ru', DELIVERY_PROVIDER: 'test' });
    expect(carrierOfSettings(chosen, makers)?.carrier.name).toBe('test');
  });

  it('is CDEK through the factory it is given, from the sender town of CDEK_FROM', () => {
    const settings = readSettings({
      SITE_URL: 'https://shop.example.ru',
      CDEK_CLIENT_ID: 'client-id-1',
      CDEK_CLIENT_SECRET: 'secret-key-1',
      CDEK_FROM: 'EKB12:250',
    });
    const made = carrierOfSettings(settings, makers);
    expect(made?.carrier).toBe(cdek);
    expect(made?.from.code).toBe('250');
    expect(deliveryStartLine(settings)).toEqual({ level: 'info', text: 'доставка: СДЭК' });
  });
});
