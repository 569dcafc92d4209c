import type { StaffAction } from './permissions';
import type { StaffMember } from './staff-member';

/**
 * Who may make a staff write: a member holding the permission; `credentials` — whoever proves who they are inside the
 * write (a login, an invitation's link), who is then its actor; `system` — the shop itself (its console, its start),
 * never a request.
 */
export type WriteGate = StaffAction | 'credentials' | 'system';

export interface StaffWriteRule {
  gate: WriteGate;
  /** What the write is about; the audit log links it (`AUDIT_LINKS`). */
  entity: string;
  /** What was done, as the audit log reads it. */
  title: string;
}

/**
 * Every write of the staff side, by the action its audit entry names: the permission it needs, what it is about and
 * how the log says it. `staffWrite` takes nothing else, so a write that is not here cannot be made.
 */
export const STAFF_WRITES = {
  'staff.login': { gate: 'credentials', entity: 'staff', title: 'Вход в панель управления' },
  'staff.logout': { gate: 'account.manage', entity: 'staff', title: 'Выход из панели управления' },
  'staff.password': { gate: 'account.manage', entity: 'staff', title: 'Смена пароля' },
  'staff.totp-setup-start': { gate: 'account.manage', entity: 'staff', title: 'Начата настройка второго фактора' },
  'staff.totp': { gate: 'account.manage', entity: 'staff', title: 'Второй фактор входа' },
  'staff.invite': { gate: 'staff.manage', entity: 'staff-invite', title: 'Приглашение сотрудника' },
  'staff.invite-revoke': { gate: 'staff.manage', entity: 'staff-invite', title: 'Приглашение отозвано' },
  'staff.invite-console': { gate: 'system', entity: 'staff-invite', title: 'Приглашение сотрудника из консоли' },
  'staff.create': { gate: 'credentials', entity: 'staff', title: 'Сотрудник принял приглашение' },
  'staff.role': { gate: 'staff.manage', entity: 'staff', title: 'Смена роли сотрудника' },
  'staff.remove': { gate: 'staff.manage', entity: 'staff', title: 'Сотрудник удалён' },
  'staff.exchange-create': { gate: 'staff.manage', entity: 'staff', title: 'Создана учётная запись обмена с 1С' },
  'staff.exchange-console': { gate: 'system', entity: 'staff', title: 'Учётная запись обмена с 1С из консоли' },
  'staff.owner-from-settings': { gate: 'system', entity: 'staff', title: 'Владелец из настроек' },
  'staff.exchange-from-settings': { gate: 'system', entity: 'staff', title: 'Учётная запись обмена из настроек' },
  'staff.owner-link': { gate: 'system', entity: 'staff-invite', title: 'Ссылка для первого владельца' },
  'staff.notification-prefs': { gate: 'account.manage', entity: 'staff', title: 'Настройки уведомлений' },
  'staff.notifications-read': { gate: 'account.manage', entity: 'staff', title: 'Уведомления прочитаны' },
  'order.move': { gate: 'orders.move', entity: 'order', title: 'Смена статуса заказа' },
  'order.note': { gate: 'orders.move', entity: 'order', title: 'Заметка к заказу' },
  'order.handover': { gate: 'orders.move', entity: 'order', title: 'Заказ выдан по коду' },
  'order.handover-without-code': {
    gate: 'orders.handover_without_code',
    entity: 'order',
    title: 'Заказ выдан без кода',
  },
  'order.buyout': { gate: 'orders.move', entity: 'order', title: 'Примерка: выкуп части заказа' },
  'order.refund': { gate: 'orders.refund', entity: 'order', title: 'Возврат денег' },
  'order-view.save': { gate: 'orders.read', entity: 'order-view', title: 'Сохранён вид списка заказов' },
  'order-view.delete': { gate: 'orders.read', entity: 'order-view', title: 'Удалён вид списка заказов' },
  'order.edit': { gate: 'orders.move', entity: 'order', title: 'Изменён заказ' },
  'shipment.register': { gate: 'orders.move', entity: 'order', title: 'Отправка зарегистрирована у перевозчика' },
  'shipment.label': { gate: 'orders.move', entity: 'order', title: 'Этикетка отправки' },
  'shipment.cancel': { gate: 'orders.move', entity: 'order', title: 'Отправка отменена у перевозчика' },
  'shipment.received': { gate: 'orders.move', entity: 'order', title: 'Посылка получена магазином' },
  'product.update': { gate: 'catalog.edit', entity: 'product', title: 'Изменён товар' },
  'product.publish': { gate: 'catalog.edit', entity: 'product', title: 'Публикация товара' },
  'product.photos': { gate: 'catalog.edit', entity: 'product', title: 'Фотографии товара' },
  'offer.price': { gate: 'catalog.edit', entity: 'offer', title: 'Цена размера' },
  'catalog.bulk_price': { gate: 'catalog.edit', entity: 'catalog', title: 'Массовое изменение цен' },
  'catalog.bulk_parcel': { gate: 'catalog.edit', entity: 'catalog', title: 'Массовое изменение веса и размеров' },
  'product.create': { gate: 'catalog.edit', entity: 'product', title: 'Новый товар' },
  'product.copy': { gate: 'catalog.edit', entity: 'product', title: 'Копия товара' },
  'catalog.bulk_edit': { gate: 'catalog.edit', entity: 'product', title: 'Товар изменён в массовой правке' },
  'catalog.import': { gate: 'catalog.edit', entity: 'catalog', title: 'Импорт каталога из файла' },
  'catalog.import_product': { gate: 'catalog.edit', entity: 'product', title: 'Товар изменён импортом из файла' },
  'section.update': { gate: 'catalog.edit', entity: 'section', title: 'Изменён раздел' },
  'brand.create': { gate: 'catalog.edit', entity: 'brand', title: 'Новый бренд' },
  'brand.update': { gate: 'catalog.edit', entity: 'brand', title: 'Изменён бренд' },
  'stock.document': { gate: 'stock.adjust', entity: 'stock_document', title: 'Документ остатков' },
  'stock.draft-create': { gate: 'stock.adjust', entity: 'stock_document', title: 'Черновик документа остатков' },
  'stock.draft-update': { gate: 'stock.adjust', entity: 'stock_document', title: 'Изменён черновик остатков' },
  'stock.draft-delete': { gate: 'stock.adjust', entity: 'stock_document', title: 'Удалён черновик остатков' },
  'stock.draft-post': { gate: 'stock.adjust', entity: 'stock_document', title: 'Проведён документ остатков' },
  'promo.create': { gate: 'promo.edit', entity: 'promo_code', title: 'Новый промокод' },
  'promo.update': { gate: 'promo.edit', entity: 'promo_code', title: 'Изменён промокод' },
  'promo.stop': { gate: 'promo.edit', entity: 'promo_code', title: 'Промокод остановлен' },
  'promo.batch': { gate: 'promo.edit', entity: 'promo_code', title: 'Партия одноразовых кодов' },
  'content.page': { gate: 'content.edit', entity: 'content_page', title: 'Информационная страница' },
  'content.faq': { gate: 'content.edit', entity: 'faq_item', title: 'Вопрос FAQ' },
  'content.landing': { gate: 'content.edit', entity: 'landing_page', title: 'Лендинг' },
  'pages.reload': { gate: 'content.edit', entity: 'pages', title: 'Открытые страницы обновлены' },
  'shop.update': { gate: 'content.edit', entity: 'shop', title: 'Изменён магазин' },
  'shop.photos': { gate: 'content.edit', entity: 'shop', title: 'Фотографии магазина' },
  'question.answer': { gate: 'content.edit', entity: 'question', title: 'Ответ на вопрос' },
  'review.publish': { gate: 'reviews.moderate', entity: 'review', title: 'Отзыв опубликован' },
  'review.hide': { gate: 'reviews.moderate', entity: 'review', title: 'Отзыв скрыт' },
  'review.answer': { gate: 'reviews.moderate', entity: 'review', title: 'Ответ магазина на отзыв' },
  'customer.block': { gate: 'customers.edit', entity: 'customer', title: 'Покупатель заблокирован' },
  'customer.unblock': { gate: 'customers.edit', entity: 'customer', title: 'Покупатель разблокирован' },
  'customer.bonus': { gate: 'customers.edit', entity: 'customer', title: 'Коррекция бонусов' },
  'customer.export': { gate: 'customers.edit', entity: 'customer', title: 'Выгрузка данных покупателя по заявлению' },
  'customer.erase': { gate: 'customers.edit', entity: 'customer', title: 'Учётная запись удалена по заявлению' },
  'exchange.price_type': { gate: 'exchange.run', entity: 'exchange', title: 'Роли типов цен 1С' },
  'exchange.warehouse': { gate: 'exchange.run', entity: 'exchange', title: 'Склады 1С и магазины' },
  'exchange.section': { gate: 'exchange.run', entity: 'exchange', title: 'Группы 1С и разделы' },
  'exchange.hide_others': { gate: 'exchange.run', entity: 'exchange', title: 'Сняты с продажи товары не из 1С' },
  'exchange.rerun': { gate: 'exchange.run', entity: 'exchange', title: 'Повторная загрузка пакета 1С' },
  'exchange.order': { gate: 'exchange.run', entity: 'order', title: 'Статус заказа из 1С' },
} as const satisfies Record<string, StaffWriteRule>;

export type StaffWriteAction = keyof typeof STAFF_WRITES;

export const isStaffWriteAction = (action: string): action is StaffWriteAction => Object.hasOwn(STAFF_WRITES, action);

/** Who the work of `action` writes as: a member, or nobody yet (the shop itself, or a `credentials` write). */
export type WriterOf<A extends StaffWriteAction> = (typeof STAFF_WRITES)[A]['gate'] extends 'system' | 'credentials'
  ? null
  : StaffMember;
