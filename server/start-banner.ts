import { deliveryProviderOf, isLocalSite, paymentProviderOf, type Settings } from '../config/settings';

/** What the start did about the back office's owner (server/staff-bootstrap.ts). */
export type OwnerAtStart = { kind: 'link'; link: string } | { kind: 'settings'; email: string } | { kind: 'exists' };

/**
 * The plain lines a start ends with, after the JSON log: where the shop is, how its owner gets into the back office,
 * which address the links carry and whether online payment or delivery by carrier is off. Whoever ran `npm start` reads them, not a log
 * reader.
 */
export function startBanner(
  settings: Pick<
    Settings,
    | 'SITE_URL'
    | 'PORT'
    | 'PAYMENT_PROVIDER'
    | 'YOOKASSA_SHOP_ID'
    | 'YOOKASSA_SECRET_KEY'
    | 'DELIVERY_PROVIDER'
    | 'CDEK_CLIENT_ID'
    | 'CDEK_CLIENT_SECRET'
  >,
  owner: OwnerAtStart,
  siteUrlSet: boolean,
): string[] {
  const site = new URL(settings.SITE_URL).origin;
  const office =
    owner.kind === 'link'
      ? `Вход для владельца (одноразовая ссылка, действует 24 часа): ${owner.link}`
      : `Панель управления: ${site}/admin/${owner.kind === 'settings' ? ` (владелец ${owner.email}, пароль из ADMIN_PASSWORD)` : ''}`;
  const lines = [
    `Магазин: ${site}/ · ${office}`,
    siteUrlSet
      ? `Ссылки в письмах и на страницах ведут на ${site} (SITE_URL).`
      : `Ссылки в письмах и на страницах ведут на ${site}: SITE_URL не задан и взят из PORT=${settings.PORT}.`,
  ];
  if (paymentProviderOf(settings) === 'none' && !settings.PAYMENT_PROVIDER && !isLocalSite(settings.SITE_URL))
    lines.push(
      'Онлайн-оплата выключена: ключей ЮKassa нет, а тестовый шлюз на публичном адресе включают только явно (PAYMENT_PROVIDER=test).',
    );
  if (deliveryProviderOf(settings) === 'none' && !settings.DELIVERY_PROVIDER && !isLocalSite(settings.SITE_URL))
    lines.push(
      'Доставка перевозчиком выключена: ключей СДЭК нет, а тестового перевозчика на публичном адресе включают только явно (DELIVERY_PROVIDER=test).',
    );
  return lines;
}
