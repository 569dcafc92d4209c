import { z } from 'zod';
import { DEMO_COMPANY } from '../domain/content/company';
import { SHOP } from '../domain/messages/layout';
import { PRICE_ROUNDINGS } from '../domain/pricing/price-rounding';

/** An optional setting: unset or empty is none, anything else must pass `schema` (and its Russian message shows). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A whole number from `min` to `max`; anything else stops the start, naming the setting and the range. */
const bounded = (min: number, max: number, unit: string) => {
  const error = `ожидается целое число ${unit} от ${min} до ${max}`;
  return z.coerce.number({ error }).int(error).min(min, error).max(max, error);
};

/** A third party's script, by its host's name and over https only: a page served over https may not load http. */
const widgetScript = z.url({
  protocol: /^https$/,
  hostname: z.regexes.domain,
  error: 'ожидается адрес скрипта по https, например https://code.jivo.ru/widget/КЛЮЧ',
});

/** A host source of a content-security policy: https or wss, a domain or all its subdomains (`*.`), a port. */
const HOST_SOURCE = /^(https|wss):\/\/(\*\.)?([a-z0-9-]+\.)+[a-z]{2,}(:\d{1,5})?$/i;

/** A comma-separated list of host sources, read as its items. */
const hostSources = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  )
  .refine(
    (hosts) => hosts.every((h) => HOST_SOURCE.test(h)),
    'ожидаются хосты через запятую, например https://*.jivosite.com,wss://*.jivosite.com',
  );

const S3_URL_FORMAT = 'ожидается адрес вида https://ключ:секрет@storage.yandexcloud.net/корзина?region=ru-central1';

/** Settings come from the environment only; a bad value stops the boot with a readable message. */
const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://user@host:5432/db')),
  /**
   * Photos in S3-compatible object storage (`https://KEY_ID:SECRET@host/bucket?region=…`) instead of PostgreSQL's
   * table or the data folder.
   */
  S3_URL: optional(
    z
      .string()
      .regex(/^https?:\/\/[^:@/\s?#]+:[^@/\s?#]+@[^/\s?#]+\/[^/?#\s]+\S*$/, { error: S3_URL_FORMAT, abort: true })
      .refine((value) => URL.canParse(value) && Boolean(new URL(value).searchParams.get('region')), S3_URL_FORMAT),
  ),
  /** The shop's public address every link carries; by default http://localhost:PORT. */
  SITE_URL: optional(z.url()),
  TZ: z
    .string()
    .default('Europe/Moscow')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('ru', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'неизвестный часовой пояс'),
  SITE_ID: z.string().default('s1'),
  IMG_VERSION: z
    .string()
    .regex(/^[\w.-]+$/)
    .default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.coerce.number().int().min(0).default(20261121),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(200000).default(900),
  MAPS_API_KEY: z.string().optional(),
  /** Yandex Metrica's counter number: unset, no counter loads and the pages allow no Metrica host. */
  METRICA_ID: optional(z.string().regex(/^\d{1,12}$/, 'METRICA_ID: ожидается номер счётчика Метрики, только цифры')),
  /**
   * The chat widget's and the popup marketing widget's script addresses (spec §7 «Also loaded»: JivoSite, Carrot quest
   * and the like), loaded once the page is idle; the security policy allows only their hosts, and only when set.
   */
  CHAT_WIDGET_URL: optional(widgetScript),
  MARKETING_WIDGET_URL: optional(widgetScript),
  /**
   * The chat provider's other hosts its script then calls (JivoSite: `https://*.jivosite.com,wss://*.jivosite.com`),
   * allowed by the policy with the chat only: https ones as the script's host is, wss ones for calls.
   */
  CHAT_WIDGET_HOSTS: optional(hostSources),
  /** Where the shop reads shoppers' questions (a copy of each); the default is help@ the host of SITE_URL. */
  FEEDBACK_EMAIL: z.string().trim().email('FEEDBACK_EMAIL: ожидается адрес электронной почты').optional(),
  /** The operator's token for `/api/v2/admin/*` (the reload command); without it those calls are refused. */
  ADMIN_TOKEN: z.string().min(16, 'ADMIN_TOKEN: не короче 16 символов').optional(),
  /**
   * The owner of the back office, created or given this password at each start when both are set; without them and
   * without staff, the start prints a one-use link that creates the owner.
   */
  ADMIN_EMAIL: optional(z.string().trim().email('ADMIN_EMAIL: ожидается адрес электронной почты')),
  ADMIN_PASSWORD: optional(z.string().min(8, 'ADMIN_PASSWORD: не короче 8 символов')),
  /**
   * The account 1C's «Обмен с сайтом» logs in with (issue 26), created with the `exchange` role or given this password
   * at each start when both are set. The login is any word without spaces or a colon (HTTP Basic), not an owner's.
   */
  EXCHANGE_LOGIN: optional(
    z
      .string()
      .trim()
      .regex(/^[^\s:]{1,100}$/, 'EXCHANGE_LOGIN: слово без пробелов и двоеточия'),
  ),
  EXCHANGE_PASSWORD: optional(z.string().min(8, 'EXCHANGE_PASSWORD: не короче 8 символов')),
  /** The 1C price type (its name or `Ид`) that is the shop's price, and the one shown crossed out (issue 26). */
  EXCHANGE_RETAIL_PRICE_TYPE: z.string().trim().min(1).default('Розничная'),
  EXCHANGE_OLD_PRICE_TYPE: z.string().trim().min(1).default('Старая цена'),
  /** The pricing rule a price gets when it is set by 1C or the back office (decision 0030); shown as stored. */
  PRICE_ROUNDING: z.enum(PRICE_ROUNDINGS, { error: 'ожидается none, roubles-down или tens-down' }).default('none'),
  /**
   * Seconds one 1C import request may write before it answers `progress` and goes on at the next one; 0 writes one
   * batch per request.
   */
  EXCHANGE_STEP_SECONDS: z.coerce.number().min(0).max(600).default(20),
  /** Megabytes one uploaded photo (and one photo upload request) of the back office may have (issue 28). */
  PHOTO_MAX_MB: z.coerce.number().int().min(1).max(100).default(15),
  /** Days the audit log of staff writes is kept. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Minutes a new order may wait for the shop's confirmation before the desk flags it. */
  ORDER_CONFIRM_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * The staff's notifications (issue 47.1): more than `STAFF_NOTIFY_FLOOD_MAX` messages of one kind to one member
   * within `STAFF_NOTIFY_FLOOD_MINUTES` wait and go out as one summary.
   */
  STAFF_NOTIFY_FLOOD_MAX: bounded(1, 1000, 'сообщений').default(5),
  STAFF_NOTIFY_FLOOD_MINUTES: bounded(1, 1440, 'минут').default(5),
  /** A size is «running out» (a notification) at this many units or fewer left everywhere, once it sold that day. */
  STAFF_NOTIFY_LOW_STOCK: bounded(0, 1000, 'штук').default(2),
  /** Minutes a new order waits before the staff hear it is overdue; by default `ORDER_CONFIRM_MINUTES`. */
  STAFF_NOTIFY_OVERDUE_MINUTES: optional(bounded(1, 10080, 'минут')),
  /** Days a read staff notification is kept, and days any is kept (the hourly prune). */
  STAFF_NOTIFICATIONS_READ_DAYS: bounded(1, 3650, 'дней').default(90),
  STAFF_NOTIFICATIONS_KEEP_DAYS: bounded(1, 3650, 'дней').default(365),
  ADDRESS_API_KEY: z.string().optional(),
  /** DaData's suggestions API (tests point it at a local fake). */
  ADDRESS_API_URL: z.url({ protocol: /^https?$/ }).default('https://suggestions.dadata.ru/suggestions/api/4_1/rs'),
  /** `1` behind the shop's own proxy or load balancer: the client address is the last X-Forwarded-For hop. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Processes serving the port (node:cluster). Default: one per core on PostgreSQL, one on the embedded database,
   * which serves one process only.
   */
  WORKERS: optional(z.coerce.number().int().min(1).max(64)),
  /** The token Prometheus sends (`Authorization: Bearer …`) for `GET /metrics` on the shop's port (issue 45.2). */
  METRICS_TOKEN: optional(z.string().min(16, 'METRICS_TOKEN: не короче 16 символов')),
  /** A port of its own for `/metrics` (without a token), on `METRICS_HOST`; the shop's port then refuses it. */
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Seconds a stopping process waits for its requests in flight before it exits anyway (issue 45.3). */
  SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** Where the owner's alerts go (comma-separated); by default to every owner of the back office (issue 45.6). */
  ALERT_EMAIL: optional(
    z
      .string()
      .trim()
      .refine(
        (v) => v.split(',').every((a) => z.email().safeParse(a.trim()).success),
        'ALERT_EMAIL: ожидаются адреса через запятую',
      ),
  ),
  /** Hours without a 1C exchange after which the owner is alerted (once 1C has exchanged at all). */
  EXCHANGE_ALERT_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** Minutes letters or SMS may keep failing before the owner is alerted. */
  OUTBOX_ALERT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Failed payment or carrier calls in the last 15 minutes (with none succeeding) that make an alert. */
  FAILURE_ALERT_COUNT: z.coerce.number().int().min(1).default(5),
  /** Percent of the data folder's disk in use above which the owner is alerted. */
  DISK_ALERT_PERCENT: z.coerce.number().min(1).max(100).default(90),
  /** Hours since the last `npm run shop -- backup` after which the owner is alerted. */
  BACKUP_ALERT_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** `off` renders every page for every request (the bench's cold figures); `on` keeps public pages in memory. */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * Photo sizes made in the background when photos arrive and for the catalogue's photos still missing some at start
   * (issue 46.2); `off` leaves them to the first request (a test shop whose photos are never all looked at).
   */
  PHOTO_SIZES_AHEAD: z.enum(['on', 'off']).default('on'),
  /** Memory the page cache may hold per process, compressed copies included. */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** State-changing API calls a minute per session and per client address (429 above); far above any shopper's pace. */
  WRITE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(120),
  WRITE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(600),
  /**
   * New sessions a minute whose visits one client address may have noted. A browser keeps its cookie and starts one;
   * a script that drops it to pass for many visitors (and move a product up the popularity sort) gets sessions whose
   * views do not count. Behind a NAT many shoppers share an address, hence the room.
   */
  NEW_SESSIONS_PER_CLIENT: z.coerce.number().int().min(1).default(30),
  /** SMS codes one client address may ask for an hour, whatever the phones (429 above). */
  PHONE_CODES_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  /** Password login tries one client address may make in 15 minutes, whatever the logins (429 above). */
  LOGIN_TRIES_PER_CLIENT: z.coerce.number().int().min(1).default(50),
  /** Promo codes one client address may try an hour, right or wrong, whatever its sessions (429 above). */
  PROMO_TRIES_PER_CLIENT: z.coerce.number().int().min(1).default(30),
  /** Registrations and email changes (each mails a confirmation link) one client address may make an hour (429 above). */
  ACCOUNT_LETTERS_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  /** Review posts one client address may make an hour (issue 44.2); above it 429. */
  REVIEWS_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  /** Days after an order is completed before the letter asking for reviews goes out (issue 44.2). */
  REVIEW_INVITE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /**
   * YooKassa notifications heard a minute from one sender address, and from all of them: each costs a call to the
   * provider, and an address can be spoofed behind a proxy that does not overwrite X-Forwarded-For (429 above).
   */
  YOOKASSA_NOTIFY_PER_CLIENT: z.coerce.number().int().min(1).default(60),
  YOOKASSA_NOTIFY_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** «Сообщить о поступлении» messages (letters and SMS) a shop day at most; the rest wait for the next day (issue 44.1). */
  STOCK_ALERTS_PER_DAY: z.coerce.number().int().min(0).default(2000),
  /** Days the confirm and unsubscribe links of a «Сообщить о поступлении» letter work after it was sent. */
  STOCK_ALERT_LINK_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Orders one phone may place a Moscow day (sale.order.save answers ERROR_ORDER_LIMIT above). */
  ORDERS_PER_PHONE_DAY: z.coerce.number().int().min(1).default(5),
  /** The company the footer, the contacts page and the offer name; the defaults are a demo company's. */
  COMPANY_NAME: z.string().trim().min(1).default(DEMO_COMPANY.name),
  COMPANY_INN: z
    .string()
    .regex(/^(\d{10}|\d{12})$/, 'COMPANY_INN: ожидается ИНН из 10 или 12 цифр')
    .default(DEMO_COMPANY.inn),
  COMPANY_OGRN: z
    .string()
    .regex(/^(\d{13}|\d{15})$/, 'COMPANY_OGRN: ожидается ОГРН из 13 или 15 цифр')
    .default(DEMO_COMPANY.ogrn),
  COMPANY_ADDRESS: z.string().trim().min(1).default(DEMO_COMPANY.address),
  /** The hot line in the footer and on the offer: its 11 digits, written any way (`8 800 555-35-35`). */
  HOTLINE_PHONE: z
    .string()
    .default(DEMO_COMPANY.hotline)
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => /^[78]\d{10}$/.test(v), 'HOTLINE_PHONE: ожидается номер из 11 цифр, например 8 800 555-35-35'),
  GIVE_OUT_DISCOUNT_CARD_ON_REGISTER: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Online payment: `yookassa` (needs the two keys below), `test` (the embedded test gateway, a page of the shop) or
   * `none` (online payment off). By default YooKassa when its keys are set; else the test gateway on a local
   * `SITE_URL` only: on a public address, where anyone could mark an order paid on it, it must be set explicitly.
   */
  PAYMENT_PROVIDER: optional(z.enum(['yookassa', 'test', 'none'], { error: 'ожидается yookassa, test или none' })),
  YOOKASSA_SHOP_ID: optional(
    z.string().regex(/^\d+$/, 'YOOKASSA_SHOP_ID: ожидается номер магазина из личного кабинета'),
  ),
  YOOKASSA_SECRET_KEY: optional(
    z.string().min(10, 'YOOKASSA_SECRET_KEY: ожидается секретный ключ из личного кабинета'),
  ),
  YOOKASSA_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.yookassa.ru/v3'),
  /** Issue 47.1: the bot that sends the staff's Telegram messages; without it they are recorded as files. */
  TELEGRAM_BOT_TOKEN: optional(
    z.string().regex(/^\d+:[\w-]{20,}$/, 'TELEGRAM_BOT_TOKEN: ожидается токен бота от @BotFather'),
  ),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  /** Addresses notifications are accepted from (CIDR, comma-separated); by default YooKassa's published ranges. */
  YOOKASSA_NOTIFY_NETWORKS: optional(z.string()),
  /** `one-stage`: charged when paid; `two-stage`: held, and charged when the order is handed over. */
  PAYMENT_CAPTURE: z.enum(['one-stage', 'two-stage']).default('one-stage'),
  /** Minutes an online order waits for its payment before it is cancelled and its stock is back on sale. */
  PAYMENT_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** YooKassa's VAT code for the receipt's lines: 1 without VAT, 11 for 22 % (from 2026), 4 for 20 %. */
  PAYMENT_VAT_CODE: z.coerce.number().int().min(1).max(12).default(11),
  /**
   * Delivery by carrier (issue 42): `cdek` (needs the two keys below), `test` (the embedded test carrier, a page of the
   * shop) or `none` (only the shop's own courier table and pickup from the shops). By default CDEK when its keys are
   * set; else the test carrier on a local `SITE_URL` only: on a public one anyone could hand a parcel over on its page.
   */
  DELIVERY_PROVIDER: optional(z.enum(['cdek', 'test', 'none'], { error: 'ожидается cdek, test или none' })),
  CDEK_CLIENT_ID: optional(z.string().min(8, 'CDEK_CLIENT_ID: ожидается идентификатор клиента из кабинета СДЭК')),
  CDEK_CLIENT_SECRET: optional(z.string().min(8, 'CDEK_CLIENT_SECRET: ожидается секретный ключ из кабинета СДЭК')),
  /** CDEK's API; its test address is https://api.edu.cdek.ru/v2 (with the public test account). */
  CDEK_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.cdek.ru/v2'),
  /** Where the shop hands parcels to CDEK: its drop-off point's code (`MSK123`); a sender's town code after a colon
   * (`MSK123:44`) names the town the quotes start from (44 is Moscow). */
  CDEK_FROM: z
    .string()
    .regex(/^[A-Z0-9]+:\d+$/, 'CDEK_FROM: ожидается код пункта приёма и код города, например MSK123:44')
    .default('MSK5:44'),
  /** The CDEK tariffs of the shop's contract, comma-separated: the quotes use only these. */
  CDEK_TARIFFS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'CDEK_TARIFFS: ожидаются коды тарифов через запятую, например 136,137,368')
    .default('136,137,368')
    .transform((v) => v.split(',').map(Number)),
  /** The post index parcels leave from, for Russian Post prices. */
  POCHTA_FROM_INDEX: z
    .string()
    .regex(/^\d{6}$/, 'POCHTA_FROM_INDEX: ожидается индекс из 6 цифр')
    .default('101000'),
  /** Russian Post's open tariff calculator; `off` uses the shop's own table price for «Почта России». */
  POCHTA_TARIFF_URL: z
    .union([z.literal('off'), z.url({ protocol: /^https?$/ })])
    .default('https://tariff.pochta.ru/v2'),
  /** Letters go through this SMTP server; without it they are written as files under DATA_DIR/outbox/. */
  SMTP_URL: optional(
    z.string().regex(/^smtps?:\/\/\S+$/, 'ожидается адрес вида smtps://user:password@smtp.example.com:465'),
  ),
  /** SMS go to this HTTP gateway as POST {phone, text}; without it they are written as files under DATA_DIR/outbox/. */
  SMS_URL: optional(z.url({ protocol: /^https?$/, error: 'ожидается адрес вида https://sms.example.com/send' })),
  /** The sender of letters; by default the shop's name at noreply@ the host of SITE_URL. */
  MAIL_FROM: optional(
    z
      .string()
      .trim()
      .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'ожидается адрес вида «ВЬЮГА <shop@example.com>»'),
  ),
});

/** Every setting the shop reads; the README's settings table lists each (a test holds them together). */
export const SETTING_NAMES = Object.keys(settingsSchema.shape);

export type Settings = Omit<z.infer<typeof settingsSchema>, 'MAIL_FROM' | 'FEEDBACK_EMAIL' | 'SITE_URL'> & {
  SITE_URL: string;
  MAIL_FROM: string;
  FEEDBACK_EMAIL: string;
};

export class SettingsError extends Error {}

/** A `SITE_URL` only this machine opens: the shop of a developer or a test, not one the public reaches. */
export const isLocalSite = (siteUrl: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(siteUrl).hostname);

/**
 * The payment provider in force: the one set, else YooKassa when its keys are set, else the test gateway on a local
 * address and none on a public one.
 */
export const paymentProviderOf = (
  s: Pick<Settings, 'PAYMENT_PROVIDER' | 'YOOKASSA_SHOP_ID' | 'YOOKASSA_SECRET_KEY' | 'SITE_URL'>,
) => {
  if (s.PAYMENT_PROVIDER) return s.PAYMENT_PROVIDER;
  if (s.YOOKASSA_SHOP_ID && s.YOOKASSA_SECRET_KEY) return 'yookassa';
  return isLocalSite(s.SITE_URL) ? 'test' : 'none';
};

/**
 * The carrier in force: the one set, else CDEK when its keys are set, else the test carrier on a local address and
 * none on a public one.
 */
export const deliveryProviderOf = (
  s: Pick<Settings, 'DELIVERY_PROVIDER' | 'CDEK_CLIENT_ID' | 'CDEK_CLIENT_SECRET' | 'SITE_URL'>,
) => {
  if (s.DELIVERY_PROVIDER) return s.DELIVERY_PROVIDER;
  if (s.CDEK_CLIENT_ID && s.CDEK_CLIENT_SECRET) return 'cdek';
  return isLocalSite(s.SITE_URL) ? 'test' : 'none';
};

export function readSettings(env: Record<string, string | undefined> = process.env): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new SettingsError(`Неверные настройки окружения:\n${lines.join('\n')}`);
  }
  const settings = { ...parsed.data, SITE_URL: parsed.data.SITE_URL ?? `http://localhost:${parsed.data.PORT}` };
  if (settings.PAYMENT_PROVIDER === 'yookassa' && !(settings.YOOKASSA_SHOP_ID && settings.YOOKASSA_SECRET_KEY))
    throw new SettingsError(
      'Неверные настройки окружения:\n  PAYMENT_PROVIDER=yookassa: задайте YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY',
    );
  if (settings.DELIVERY_PROVIDER === 'cdek' && !(settings.CDEK_CLIENT_ID && settings.CDEK_CLIENT_SECRET))
    throw new SettingsError(
      'Неверные настройки окружения:\n  DELIVERY_PROVIDER=cdek: задайте CDEK_CLIENT_ID и CDEK_CLIENT_SECRET',
    );
  if (settings.STAFF_NOTIFICATIONS_READ_DAYS > settings.STAFF_NOTIFICATIONS_KEEP_DAYS)
    throw new SettingsError(
      'Неверные настройки окружения:\n  STAFF_NOTIFICATIONS_READ_DAYS: не больше STAFF_NOTIFICATIONS_KEEP_DAYS',
    );
  if (settings.CHAT_WIDGET_HOSTS?.length && !settings.CHAT_WIDGET_URL)
    throw new SettingsError(
      'Неверные настройки окружения:\n  CHAT_WIDGET_HOSTS: задан без CHAT_WIDGET_URL, чату нечего разрешать',
    );
  return {
    ...settings,
    MAIL_FROM: settings.MAIL_FROM ?? `"${SHOP.name}" <noreply@${new URL(settings.SITE_URL).hostname}>`,
    FEEDBACK_EMAIL: settings.FEEDBACK_EMAIL ?? `help@${new URL(settings.SITE_URL).hostname}`,
  };
}
