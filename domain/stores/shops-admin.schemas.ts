import { z } from 'zod';
import { line } from '../input';
import { WEEKDAYS, type Weekday } from './hours';
import { SERVICE_NAMES } from './shops.service';

/** «HH:MM» of a day: 00:00–23:59, and 24:00 as a closing time only. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSE = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DAY_NAMES: Record<Weekday, string> = {
  mon: 'понедельник',
  tue: 'вторник',
  wed: 'среда',
  thu: 'четверг',
  fri: 'пятница',
  sat: 'суббота',
  sun: 'воскресенье',
};
export const MAX_HOLIDAYS = 30;
/** A span may pass midnight (10:00–01:00, as the shops' Friday nights): closing the next night by this time. */
const NIGHT_CLOSE = '06:00';

/** One day's hours: null is closed, else opening before closing, both «ЧЧ:ММ». */
function spanOf(what: string) {
  return z
    .tuple(
      [
        z.string({ error: `${what}: укажите время открытия.` }).regex(TIME, `${what}: время открытия — в виде ЧЧ:ММ.`),
        z.string({ error: `${what}: укажите время закрытия.` }).regex(CLOSE, `${what}: время закрытия — в виде ЧЧ:ММ.`),
      ],
      { error: `${what}: часы — пара [«с», «до»] в виде ЧЧ:ММ или null, если закрыто.` },
    )
    .nullable()
    .refine(
      (s) => s === null || s[1] > s[0] || (s[1] !== s[0] && s[1] <= NIGHT_CLOSE),
      `${what}: закрытие должно быть позже открытия (после полуночи — не позже ${NIGHT_CLOSE}).`,
    );
}

const weekHoursInput = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, spanOf(`${DAY_NAMES[d][0]?.toUpperCase()}${DAY_NAMES[d].slice(1)}`)])) as {
    [K in Weekday]: ReturnType<typeof spanOf>;
  },
  { error: 'Часы работы — на каждый день недели: пара времени или null.' },
);

const dateInput = z
  .string({ error: 'Укажите дату особого дня.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата особого дня — в виде ГГГГ-ММ-ДД.')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'Нет такой даты.',
  );

const holidayInput = z.object({
  date: dateInput,
  hours: spanOf('Особый день'),
  note: line().max(100, 'Пояснение к особому дню — до 100 символов.').optional(),
});

const SERVICE_CODES = Object.keys(SERVICE_NAMES) as [string, ...string[]];

/** `POST /api/v2/admin/shops/{id}/` and the shop's page form: only the fields given change. */
export const shopUpdateInput = z.object({
  name: line({ error: 'Укажите название магазина.' })
    .min(1, 'Укажите название магазина.')
    .max(100, 'Название — до 100 символов.')
    .optional(),
  address: line({ error: 'Укажите адрес.' }).min(1, 'Укажите адрес.').max(200, 'Адрес — до 200 символов.').optional(),
  phone: line({ error: 'Укажите телефон.' })
    .regex(/^\+?[\d\s()-]{6,24}$/, 'Телефон — цифры, пробелы, скобки и дефисы, например +7 (495) 120-45-67.')
    .optional(),
  metro: line()
    .max(100, 'Метро — до 100 символов.')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  weekHours: weekHoursInput.optional(),
  holidays: z
    .array(holidayInput, { error: 'Особые дни — список.' })
    .max(MAX_HOLIDAYS, `Особых дней — не больше ${MAX_HOLIDAYS}.`)
    .refine((list) => new Set(list.map((h) => h.date)).size === list.length, 'Каждая дата — в особых днях один раз.')
    .transform((list) =>
      [...list]
        .sort((a, b) => a.date.localeCompare(b.date))
        .map((h) => (h.note ? h : { date: h.date, hours: h.hours })),
    )
    .optional(),
  services: z
    .array(z.enum(SERVICE_CODES, { error: 'Нет такой услуги магазина.' }), { error: 'Услуги — список кодов.' })
    .transform((list) => SERVICE_CODES.filter((c) => list.includes(c)))
    .optional(),
  reservable: z.boolean({ error: 'Бронирование — да или нет.' }).optional(),
});
export type ShopUpdate = z.infer<typeof shopUpdateInput>;

/** Empty holiday rows the page form offers under the shop's own (a form works without JavaScript). */
export const EMPTY_HOLIDAY_ROWS = 3;

/**
 * The page form's fields as the API's input: per weekday `<day>.closed` or `<day>.from`/`<day>.to`; holiday rows
 * `h<N>.date`, `h<N>.closed`, `h<N>.from`, `h<N>.to`, `h<N>.note`, `h<N>.remove` (a row without a date is skipped);
 * `services` checked boxes; a week left all empty is not changed; `reservable` a checkbox (sent only where the shop may take reservations).
 */
export function shopFormInput(form: FormData): unknown {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const span = (prefix: string) =>
    form.has(`${prefix}.closed`) ? null : [text(`${prefix}.from`), text(`${prefix}.to`)];
  const holidays: unknown[] = [];
  for (let i = 0; form.has(`h${i}.date`); i++) {
    const date = text(`h${i}.date`);
    if (!date || form.has(`h${i}.remove`)) continue;
    holidays.push({ date, hours: span(`h${i}`), note: text(`h${i}.note`) || undefined });
  }
  return {
    name: text('name'),
    address: text('address'),
    phone: text('phone'),
    metro: text('metro'),
    // A store whose hours were never set (a warehouse) keeps them unset while its week is left empty.
    ...(WEEKDAYS.every((d) => !form.has(`${d}.closed`) && !text(`${d}.from`) && !text(`${d}.to`))
      ? {}
      : { weekHours: Object.fromEntries(WEEKDAYS.map((d) => [d, span(d)])) }),
    holidays,
    services: form.getAll('services').filter((v) => typeof v === 'string'),
    ...(form.has('reservableShown') ? { reservable: form.has('reservable') } : {}),
  };
}

/** The shop's id from a path: a number, else the same «not found» as a shop that does not exist. */
export const shopIdInput = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
