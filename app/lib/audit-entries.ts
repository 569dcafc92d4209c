import type { AuditView } from '../../domain/staff/audit';
import { isStaffWriteAction, STAFF_WRITES } from '../../domain/staff/writes';
import { orderNumber, STATUS_NAMES } from '../../domain/order/process';
import { ROLE_TITLES } from '../../domain/staff/permissions';
import type { StaffRole } from '../../domain/staff/staff-member';

/** What an audit entry was about, as the log names it, and where it is in the back office. */
export interface AuditTarget {
  label: string;
  href: string | null;
}

/** Each kind of thing the staff write, as the log names it and links to it. */
const TARGETS: Record<string, (id: string, entry: AuditView) => AuditTarget> = {
  order: (id) => ({ label: `заказ № ${orderNumber(Number(id))}`, href: `/admin/orders/${id}/` }),
  product: (id) => ({ label: `товар № ${id}`, href: `/admin/products/${id}/` }),
  offer: (id, e) => {
    const productId = e.changes.productId?.after ?? e.changes.productId?.before;
    return { label: `размер № ${id}`, href: productId ? `/admin/products/${productId}/` : null };
  },
  catalog: (_id, e) =>
    e.action === 'catalog.import'
      ? { label: 'импорт каталога из файла', href: '/admin/catalog-io/' }
      : { label: 'цены каталога', href: '/admin/products/' },
  section: (id) => ({ label: `раздел № ${id}`, href: '/admin/sections/' }),
  brand: (id) => ({ label: `бренд № ${id}`, href: '/admin/brands/' }),
  stock_document: (id) => ({ label: `документ остатков № ${id}`, href: `/admin/stock/documents/${id}/` }),
  'order-view': (id) => ({ label: `вид списка заказов № ${id}`, href: '/admin/orders/' }),
  review: (id) => ({ label: `отзыв № ${id}`, href: '/admin/reviews/' }),
  promo_code: (id) => ({ label: `промокод ${id}`, href: `/admin/promocodes/${encodeURIComponent(id)}/` }),
  content_page: (id) => ({ label: `страница № ${id}`, href: `/admin/content/?tab=pages&id=${id}` }),
  faq_item: (id) => ({ label: `вопрос FAQ № ${id}`, href: '/admin/content/?tab=faq' }),
  landing_page: (id) => ({ label: `лендинг № ${id}`, href: `/admin/content/?tab=landings&id=${id}` }),
  pages: () => ({ label: 'открытые страницы магазина', href: null }),
  shop: (id) => ({ label: `магазин № ${id}`, href: `/admin/shops/${id}/` }),
  question: (id) => ({ label: `вопрос покупателя № ${id}`, href: `/admin/questions/${id}/` }),
  customer: (id) => ({ label: `покупатель № ${id}`, href: `/admin/customers/${id}/` }),
  staff: (id) => ({ label: `сотрудник № ${id}`, href: '/admin/staff/' }),
  'staff-invite': (id) => ({ label: id === 'owner' ? 'первый владелец' : `приглашение ${id}`, href: '/admin/staff/' }),
  exchange: () => ({ label: 'обмен с 1С', href: '/admin/exchange/' }),
};

/** The kinds of things the log can be filtered by, with their names. */
export const AUDIT_ENTITIES: Record<string, string> = {
  order: 'Заказы',
  product: 'Товары',
  offer: 'Цены размеров',
  catalog: 'Массовые изменения каталога',
  section: 'Разделы',
  brand: 'Бренды',
  stock_document: 'Документы остатков',
  'order-view': 'Виды списка заказов',
  review: 'Отзывы',
  promo_code: 'Промокоды',
  content_page: 'Страницы',
  faq_item: 'FAQ',
  landing_page: 'Лендинги',
  shop: 'Магазины',
  question: 'Вопросы покупателей',
  customer: 'Покупатели',
  staff: 'Сотрудники',
  'staff-invite': 'Приглашения',
  exchange: 'Обмен с 1С',
};

/** The fields of the changes, as people call them. */
const FIELDS: Record<string, string> = {
  status: 'статус',
  reason: 'причина',
  trackingNumber: 'трек-номер',
  note: 'заметка',
  price: 'цена',
  oldPrice: 'старая цена',
  productId: 'товар',
  published: 'на сайте',
  name: 'название',
  description: 'описание',
  sectionId: 'раздел',
  brandId: 'бренд',
  role: 'роль',
  shopId: 'магазин',
  email: 'email',
  removed: 'удалён',
  password: 'пароль',
  totp: 'второй фактор',
  blocked: 'заблокирован',
  bonusBalance: 'бонусы',
  amount: 'сумма',
  answer: 'ответ',
  photos: 'фото',
  url: 'адрес',
  title: 'заголовок',
  sort: 'порядок',
  stoppedAt: 'остановлен',
  path: 'путь',
  total: 'сумма заказа',
};

/** What was done, as a sentence's start: the registry's title, or the stored code for an action it no longer has. */
export const auditTitle = (action: string) => (isStaffWriteAction(action) ? STAFF_WRITES[action].title : action);

export function auditTarget(entry: AuditView): AuditTarget {
  const make = TARGETS[entry.entity];
  return make ? make(entry.entityId, entry) : { label: `${entry.entity} ${entry.entityId}`, href: null };
}

/** A changed value as people read it: a status by its name, a role by its title, yes and no, a list joined. */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (field === 'status' && typeof value === 'string') return STATUS_NAMES[value as keyof typeof STATUS_NAMES] ?? value;
  if (field === 'role' && typeof value === 'string') return ROLE_TITLES[value as StaffRole] ?? value;
  if (field === 'path' && Array.isArray(value))
    return value.map((s) => STATUS_NAMES[s as keyof typeof STATUS_NAMES] ?? String(s)).join(' → ');
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.join(', ') : `${value.length} шт.`;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The entry's changes as lines «поле: было → стало» (a new thing: «поле: значение»). */
export function auditChanges(entry: AuditView): string[] {
  return Object.entries(entry.changes).map(([field, change]) => {
    const name = FIELDS[field] ?? field;
    const after = valueText(field, change.after);
    return change.before === null || change.before === undefined
      ? `${name}: ${after}`
      : `${name}: ${valueText(field, change.before)} → ${after}`;
  });
}
