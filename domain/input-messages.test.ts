import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { inputIssueMessage } from './input-messages';

z.config({ customError: inputIssueMessage });
const first = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('input messages without a schema’s own', () => {
  const order = z.object({
    comment: z.string().max(10),
    items: z.array(z.number()).max(2),
    date: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
    kind: z.enum(['SHOP', 'COURIER']),
    address: z.object({ house: z.string().min(1), floor: z.number().max(200) }),
  });
  const good = { comment: '', items: [], date: '01.12.2026', kind: 'SHOP', address: { house: '7', floor: 3 } };

  it.each([
    [{ ...good, comment: 5 }, 'Неверный тип значения поля «comment».'],
    [{ ...good, comment: undefined }, 'Не заполнено поле «comment».'],
    [{ ...good, comment: 'x'.repeat(11) }, 'Слишком длинное значение поля «comment»: не больше 10 символов.'],
    [{ ...good, items: [1, 2, 3] }, 'Слишком много значений поля «items»: не больше 2.'],
    [{ ...good, date: '2026-12-01' }, 'Неверный формат поля «date».'],
    [{ ...good, kind: 'BOAT' }, 'Неверное значение поля «kind».'],
    [{ ...good, address: { house: '', floor: 3 } }, 'Не заполнено поле «address.house».'],
    [{ ...good, address: { house: '7', floor: 300 } }, 'Слишком большое значение поля «address.floor»: не больше 200.'],
    [{ ...good, kind: undefined }, 'Не заполнено поле «kind».'],
    [null, 'Не заполнено значение.'],
  ])('%j: %s', (input, message) => {
    expect(first(order, input)).toBe(message);
  });

  it('says «меньше» of a bound that is not allowed itself, and names a few extra fields', () => {
    expect(first(z.number().lt(5), 5)).toBe('Слишком большое значение: меньше 5.');
    expect(first(z.number().gt(0), 0)).toBe('Слишком маленькое значение: больше 0.');
    const extra = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`${'x'.repeat(60)}${i}`, 1]));
    expect(first(z.strictObject({}), extra)).toBe(
      `Лишние поля в запросе: ${Array(5).fill('x'.repeat(40)).join(', ')}.`,
    );
  });

  it('leaves a schema’s own message as it is', () => {
    expect(first(z.string('Укажите имя.'), 5)).toBe('Укажите имя.');
  });
});
