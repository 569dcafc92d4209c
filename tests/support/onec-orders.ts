import { encodeWindows1251, escapeXml } from '../../server/exchange/commerceml/write-package';

/** What 1C says of one order in the orders file it sends back (the sale exchange's `mode=file`). */
export interface OnecOrder {
  /** `Номер`: the shop's number as 1C got it at `query`. */
  number: string;
  /** `Ид`; the number when left out. */
  id?: string;
  operation?: string;
  status?: string;
  posted?: boolean;
  cancelled?: boolean;
  deleted?: boolean;
  cancelReason?: string;
  comment?: string;
  paidOn?: string;
  shippedOn?: string;
  tracking?: string;
  shipmentNumber?: string;
  final?: boolean;
}

/** An element: its name, its text or children (null: left out). */
type Node = [name: string, content: string | Node[] | null];

function render(nodes: Node[], depth: number): string {
  const tabs = '\t'.repeat(depth);
  return nodes
    .map(([name, content]) => {
      if (content === null) return '';
      if (Array.isArray(content)) return `${tabs}<${name}>\n${render(content, depth + 1)}${tabs}</${name}>\n`;
      return `${tabs}<${name}>${escapeXml(content)}</${name}>\n`;
    })
    .join('');
}

const requisite = (name: string, value: string | boolean | undefined): Node => [
  'ЗначениеРеквизита',
  value === undefined
    ? null
    : [
        ['Наименование', name],
        ['Значение', String(value)],
      ],
];

function documentOf(o: OnecOrder): Node {
  return [
    'Документ',
    [
      ['Ид', o.id ?? o.number],
      ['Номер', o.number],
      ['Дата', '2026-11-26'],
      ['ХозОперация', o.operation ?? 'Заказ товара'],
      ['Роль', 'Продавец'],
      ['Комментарий', o.comment ?? null],
      [
        'Товары',
        [
          [
            'Товар',
            [
              ['Ид', 'shop-offer-1'],
              ['Количество', '1'],
            ],
          ],
        ],
      ],
      [
        'ЗначенияРеквизитов',
        [
          requisite('Номер по 1С', `ЦБ-${o.number}`),
          requisite('Проведен', o.posted),
          requisite('ПометкаУдаления', o.deleted),
          requisite('Статус заказа', o.status),
          requisite('Отменен', o.cancelled),
          requisite('Причина отмены', o.cancelReason),
          requisite('Дата оплаты по 1С', o.paidOn),
          requisite('Дата отгрузки по 1С', o.shippedOn),
          requisite('Номер отгрузки по 1С', o.shipmentNumber),
          requisite('Трек-номер', o.tracking),
          requisite('Финальный статус', o.final),
        ],
      ],
    ],
  ];
}

/** 1C's orders file, as 1C 8.3 writes it: CommerceML 2.08, in windows-1251 (the default) or UTF-8, a BOM optional. */
export function onecOrdersXml(
  orders: OnecOrder[],
  options: { encoding?: 'windows-1251' | 'utf-8'; bom?: boolean } = {},
): Buffer {
  const encoding = options.encoding ?? 'windows-1251';
  const xml =
    `<?xml version="1.0" encoding="${encoding}"?>\n` +
    `<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T12:00:00">\n${render(orders.map(documentOf), 1)}</КоммерческаяИнформация>\n`;
  if (encoding === 'windows-1251') return encodeWindows1251(xml);
  return Buffer.concat([Buffer.from(options.bom ? [0xef, 0xbb, 0xbf] : []), Buffer.from(xml, 'utf8')]);
}
