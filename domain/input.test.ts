import { describe, expect, it } from 'vitest';
import { addressInput, profileInput } from './cabinet/cabinet.schemas';
import { registerInput } from './auth/credentials.schemas';
import { feedbackInput } from './feedback/feedback';
import { manyLines, oneLine } from './input';
import { saveInput, setAddressInput } from './order/order.schemas';

/** What a hostile client types to add a line of its own to a plain-text letter. */
const forged = 'Анна\r\nОт: Директор\u2028\u0000\t\u001b[31m\u0085';

describe('oneLine and manyLines', () => {
  it('turn every run of control characters of a one-line field into one space', () => {
    expect(oneLine(forged)).toBe('Анна От: Директор [31m');
    expect(oneLine(' Анна ')).toBe('Анна');
  });

  it('keep the line breaks of a text of several lines as LF, and nothing else of control', () => {
    expect(manyLines('Первая\r\nвторая\rтретья\u2028четвёртая\u0000\t')).toBe('Первая\nвторая\nтретья\nчетвёртая');
  });
});

describe('every schema with one-line fields', () => {
  const noControls = (value: unknown) => expect(String(value)).not.toMatch(/\p{Cc}|\u2028|\u2029/u);

  it('strips control characters from names, phones, emails and address lines', () => {
    const register = registerInput.parse({
      name: forged,
      lastName: forged,
      email: 'a@b.ru',
      password: 'x',
      agree: 'Y',
    });
    for (const v of [register.name, register.lastName]) noControls(v);
    const profile = profileInput.parse({ name: forged, lastName: forged, secondName: forged, phone: `7900\n1234567` });
    for (const v of Object.values(profile)) noControls(v);
    const address = addressInput.parse({
      type: 'COURIER',
      city: forged,
      street: forged,
      house: '7\r\n',
      comment: forged,
    });
    for (const v of Object.values(address)) noControls(v);
    const order = setAddressInput.parse({ type: 'COURIER', city: forged, street: forged, house: '1', comment: forged });
    for (const v of [order.city, order.street, order.comment]) noControls(v);
    const save = saveInput.parse({
      idempotencyKey: 'key-12345678',
      deliveryType: 'SHOP',
      name: forged,
      phone: '79001234567\r\n',
      comment: 'Позвоните\r\nзаранее\u0000',
    });
    for (const v of [save.name, save.phone]) noControls(v);
    // The order's comment keeps its lines.
    expect(save.comment).toBe('Позвоните\nзаранее');
    const feedback = feedbackInput.parse({
      name: forged,
      email: 'a@b.ru',
      topic: 'size',
      message: 'Какой размер взять?\r\nРост 170.',
      agree: 'Y',
    });
    noControls(feedback.name);
    expect(feedback.message).toBe('Какой размер взять?\nРост 170.');
  });

  it('counts a name of control characters only as no name', () => {
    expect(
      registerInput.safeParse({ name: '\r\n\t', email: 'a@b.ru', password: 'x', agree: 'Y' }).error?.issues[0]?.message,
    ).toBe('Укажите имя.');
  });
});
