import { formatDate, MOSCOW } from '../text/dates';
/** The owner's alerts (issue 45.6): what each watches, and the words a letter and the dashboard's banner use. */
export type AlertCode =
  | 'exchange-silent'
  | 'outbox-failing'
  | 'payments-failing'
  | 'carriers-failing'
  | 'disk-full'
  | 'backup-missing';

export const ALERT_TITLES: { readonly [C in AlertCode]: string } = {
  'exchange-silent': '1С давно не обменивалась с сайтом',
  'outbox-failing': 'Письма или SMS не уходят',
  'payments-failing': 'Платёжная система отвечает ошибками',
  'carriers-failing': 'Службы доставки отвечают ошибками',
  'disk-full': 'Диск с данными магазина почти заполнен',
  'backup-missing': 'Резервная копия давно не делалась',
};

/** Calls to one outside service within the alert's window. */
export interface CallCounts {
  ok: number;
  failed: number;
}

/** What the checks read, from the database and the machine. */
export interface AlertFacts {
  /** When 1C last spoke to the shop; null when it never has (a shop without 1C is not alerted). */
  lastExchange: Date | null;
  /** Since when the oldest letter or SMS still unsent has been failing; null when none is. */
  outboxFailingSince: Date | null;
  payments: CallCounts;
  carriers: CallCounts;
  /** Percent of the data folder's disk in use; null when unknown. */
  diskUsedPercent: number | null;
  /** When the last backup finished; null when none has. */
  lastBackup: Date | null;
}

export interface AlertRules {
  exchangeHours: number;
  outboxMinutes: number;
  failureCount: number;
  diskPercent: number;
  backupHours: number;
  /** Since when backups are expected: a shop that never made one is alerted this long after it started watching. */
  watchingSince: Date;
}

const HOUR = 3_600_000;
/** A moment in Moscow time, marked once: the templates below must not add «(МСК)» again. */
const moscow = (d: Date) => `${formatDate(d, 'longDateTime', MOSCOW)} (МСК)`;
const hoursSince = (d: Date, now: Date) => Math.floor((now.getTime() - d.getTime()) / HOUR);

/** The alerts that hold now, each with what the owner should read about it. */
export function alertsNow(facts: AlertFacts, rules: AlertRules, now: Date): Map<AlertCode, string> {
  const raised = new Map<AlertCode, string>();
  const ago = (d: Date | null) => (d ? now.getTime() - d.getTime() : 0);
  if (facts.lastExchange && ago(facts.lastExchange) > rules.exchangeHours * HOUR)
    raised.set(
      'exchange-silent',
      `Последний обмен с 1С — ${moscow(facts.lastExchange)}, ${hoursSince(facts.lastExchange, now)} ч назад. Проверьте узел «Обмен с сайтом» в 1С и журнал на странице /admin/exchange/.`,
    );
  if (facts.outboxFailingSince && ago(facts.outboxFailingSince) > rules.outboxMinutes * 60_000)
    raised.set(
      'outbox-failing',
      `Сообщения не отправляются с ${moscow(facts.outboxFailingSince)}. Проверьте SMTP_URL и SMS_URL и ошибки в журнале магазина.`,
    );
  const failing = (c: CallCounts) => c.failed >= rules.failureCount && c.ok === 0;
  if (failing(facts.payments))
    raised.set(
      'payments-failing',
      `За 15 минут ${facts.payments.failed} вызовов платёжной системы закончились ошибкой, ни одного успешного. Проверьте ключи ЮKassa и её статус.`,
    );
  if (failing(facts.carriers))
    raised.set(
      'carriers-failing',
      `За 15 минут ${facts.carriers.failed} вызовов служб доставки закончились ошибкой, ни одного успешного.`,
    );
  if (facts.diskUsedPercent !== null && facts.diskUsedPercent >= rules.diskPercent)
    raised.set(
      'disk-full',
      `Диск папки данных занят на ${Math.round(facts.diskUsedPercent)} %. Освободите место: когда он заполнится, магазин не сможет принимать заказы.`,
    );
  const lastBackup = facts.lastBackup ?? rules.watchingSince;
  if (ago(lastBackup) > rules.backupHours * HOUR)
    raised.set(
      'backup-missing',
      facts.lastBackup
        ? `Последняя копия — ${moscow(facts.lastBackup)}, ${hoursSince(facts.lastBackup, now)} ч назад. Проверьте задание cron «npm run shop -- backup».`
        : 'Резервных копий ещё не было. Настройте ежедневное «npm run shop -- backup» (README, «Резервные копии»).',
    );
  return raised;
}
