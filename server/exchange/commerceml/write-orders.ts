import type { ExportOrder } from '../../../domain/exchange/ports';
import {
  DELIVERY_NAMES,
  type DeliveryType,
  type OrderStatus,
  orderNumber,
  STATUS_NAMES,
} from '../../../domain/order/process';
import { encodeWindows1251, escapeXml } from './write-package';

/**
 * The answer to `type=sale&mode=query` (issue 26): the orders as CommerceML 2.09/2.10 `Документ`s, the shape of the
 * 1C-Bitrix sale component's answer, in windows-1251 with its declaration (pitfall P5: 1C misreads UTF-8 without a
 * BOM). A line names the offer by 1C's `Ид` (`product#characteristic`) when the offer came from 1C, else by the shop's
 * own `shop-offer-<offerId>`: stable, and recognisable in 1C's log.
 */
export function ordersXml(orders: ExportOrder[], options: { now: Date; timeZone: string }): Buffer {
  const { date, time } = local(options.now, options.timeZone);
  const docs = orders.map((o) => documentOf(o, options.timeZone)).join('');
  return encodeWindows1251(
    '<?xml version="1.0" encoding="windows-1251"?>\n' +
      `<КоммерческаяИнформация ВерсияСхемы="2.09" ДатаФормирования="${date}T${time}">\n${docs}</КоммерческаяИнформация>\n`,
  );
}

/** Kopecks as 1C reads a sum: roubles with a point and two digits, «1234.50». */
export const roubles = (kopecks: number) =>
  `${kopecks < 0 ? '-' : ''}${Math.floor(Math.abs(kopecks) / 100)}.${String(Math.abs(kopecks) % 100).padStart(2, '0')}`;

/** An element: its name, its text or children (null: left out) and its attributes. */
type Node = [name: string, content: string | number | Node[] | null, attrs?: Record<string, string>];

function render(nodes: Node[], depth: number): string {
  const tabs = '\t'.repeat(depth);
  return nodes
    .map(([name, content, attrs = {}]) => {
      if (content === null) return '';
      const open = `<${name}${Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
        .join('')}>`;
      if (Array.isArray(content)) return `${tabs}${open}\n${render(content, depth + 1)}${tabs}</${name}>\n`;
      return `${tabs}${open}${escapeXml(String(content))}</${name}>\n`;
    })
    .join('');
}

const UNIT: Node = [
  'БазоваяЕдиница',
  'шт',
  { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' },
];

const requisite = (name: string, value: string): Node => [
  'ЗначениеРеквизита',
  [
    ['Наименование', name],
    ['Значение', value],
  ],
];

const kindOf = (kind: 'Товар' | 'Услуга'): Node => [
  'ЗначенияРеквизитов',
  [requisite('ВидНоменклатуры', kind), requisite('ТипНоменклатуры', kind)],
];

function documentOf(o: ExportOrder, timeZone: string): string {
  const { date, time } = local(o.createdAt, timeZone);
  const number = orderNumber(o.id);
  const fullName = [o.lastName, o.name, o.secondName].filter(Boolean).join(' ');
  const deliveryName = DELIVERY_NAMES[o.deliveryType as DeliveryType] ?? o.deliveryType;
  const where = typeof o.delivery.address === 'string' ? o.delivery.address : String(o.delivery.shop ?? '');
  const status = STATUS_NAMES[o.status as OrderStatus] ?? o.status;
  // A cancelled or returned order's money went back (a late payment is refunded): 1C does not see it paid.
  const refunded = o.status === 'cancelled' || o.status === 'returned';
  const paid = !refunded && (o.paidAt !== null || o.status === 'completed');
  const paidAt = paid && o.paidAt ? dateTime(o.paidAt, timeZone) : null;
  const lines: Node[] = o.lines.map((l) => [
    'Товар',
    [
      ['Ид', l.onecId ?? `shop-offer-${l.offerId}`],
      ['Наименование', l.name],
      UNIT,
      l.sizeName
        ? [
            'ХарактеристикиТовара',
            [
              [
                'ХарактеристикаТовара',
                [
                  ['Наименование', 'Размер'],
                  ['Значение', l.sizeName],
                ],
              ],
            ],
          ]
        : ['ХарактеристикиТовара', null],
      ['ЦенаЗаЕдиницу', roubles(l.price)],
      ['Количество', l.quantity],
      ['Сумма', roubles(l.total)],
      l.oldPrice !== null && l.oldPrice > l.price
        ? [
            'Скидки',
            [
              [
                'Скидка',
                [
                  ['Наименование', 'Скидка от старой цены'],
                  ['Сумма', roubles((l.oldPrice - l.price) * l.quantity)],
                  ['УчтеноВСумме', 'true'],
                ],
              ],
            ],
          ]
        : ['Скидки', null],
      kindOf('Товар'),
    ],
  ]);
  if (o.deliveryPrice > 0)
    lines.push([
      'Товар',
      [
        ['Ид', 'ORDER_DELIVERY'],
        ['Наименование', 'Доставка'],
        UNIT,
        ['ЦенаЗаЕдиницу', roubles(o.deliveryPrice)],
        ['Количество', 1],
        ['Сумма', roubles(o.deliveryPrice)],
        kindOf('Услуга'),
      ],
    ]);
  // The order's own discounts (promo codes, the discount card) and the bonuses spent: taken off the whole sum.
  const discounts: Node[] = [];
  if (o.discount > 0)
    discounts.push([
      'Скидка',
      [
        ['Наименование', 'Скидка на заказ'],
        ['Сумма', roubles(o.discount)],
        ['УчтеноВСумме', 'true'],
      ],
    ]);
  if (o.bonusesUsed > 0)
    discounts.push([
      'Скидка',
      [
        ['Наименование', 'Оплата бонусами'],
        ['Сумма', roubles(o.bonusesUsed)],
        ['УчтеноВСумме', 'true'],
      ],
    ]);
  const contacts: Node[] = [
    [
      'Контакт',
      [
        ['Тип', 'Телефон мобильный'],
        ['Значение', `+${o.phone}`],
      ],
    ],
  ];
  if (o.email)
    contacts.push([
      'Контакт',
      [
        ['Тип', 'Почта'],
        ['Значение', o.email],
      ],
    ]);
  const doc: Node[] = [
    ['Ид', number],
    ['Номер', number],
    ['Дата', date],
    ['Время', time],
    ['ХозОперация', 'Заказ товара'],
    ['Роль', 'Продавец'],
    ['Валюта', 'RUB'],
    ['Курс', 1],
    ['Сумма', roubles(o.total)],
    [
      'Контрагенты',
      [
        [
          'Контрагент',
          [
            ['Ид', `shop-customer-${o.phone}`],
            ['Наименование', fullName || o.phone],
            ['ПолноеНаименование', fullName || o.phone],
            ['Роль', 'Покупатель'],
            ['Фамилия', o.lastName || null],
            ['Имя', o.name || null],
            ['Отчество', o.secondName || null],
            ['Контакты', contacts],
          ],
        ],
      ],
    ],
    ['Комментарий', o.comment || null],
    ['Скидки', discounts.length > 0 ? discounts : null],
    ['Товары', lines],
    [
      'ЗначенияРеквизитов',
      [
        requisite('Статус заказа', status),
        requisite('Отменен', String(o.status === 'cancelled')),
        requisite('Способ доставки', deliveryName),
        requisite('Метод оплаты', o.paymentMethod === 'ONLINE' ? 'Онлайн (ЮKassa)' : 'Наличные при получении'),
        requisite('Заказ оплачен', String(paid)),
        // Both names: 1C's «Обмен с сайтом» reads «Дата оплаты по 1С», the Bitrix-shaped answer has «Дата оплаты».
        ...(paidAt ? [requisite('Дата оплаты по 1С', paidAt), requisite('Дата оплаты', paidAt)] : []),
        requisite('Адрес доставки', where),
      ],
    ],
  ];
  return render([['Документ', doc]], 1);
}

/** A moment as 1C writes a date requisite: «2026-11-26T14:05:09», in the shop's time zone. */
function dateTime(at: Date, timeZone: string): string {
  const { date, time } = local(at, timeZone);
  return `${date}T${time}`;
}

/** The date and time in the shop's time zone, as 1C writes them: «2026-11-26» and «14:05:09». */
function local(at: Date, timeZone: string): { date: string; time: string } {
  const [date = '', time = ''] = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(' ');
  return { date, time };
}
