/**
 * Every date a person reads, in one place: formatted in Russian in a given zone, never the server's `TZ`. A shopper's
 * date is in their shop's or city's zone; a staff page's in the member's shop's zone, or Moscow's. A date shown in a
 * zone other than the reader's own carries the zone's name («МСК+2»).
 */

/** The zone of the shop's own clock when nothing else names one: its head office's. */
export const MOSCOW = 'Europe/Moscow';

const STYLES = {
  /** 31.12.2026, 18:05 */
  dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 31.12.2026, 18:05:07 */
  dateTimeSeconds: {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  /** 31.12.2026 */
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  /** 31 декабря */
  dayMonth: { day: 'numeric', month: 'long' },
  /** 31 декабря 2026 г. */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** 31 дек., 18:05 */
  shortDayTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  /** 31 декабря 2026 г. в 18:05 */
  longDateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 18:05 */
  time: { hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/** One formatter per style and zone, made once: building an `Intl.DateTimeFormat` costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(style: DateStyle | 'offset', timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format =
      style === 'offset'
        ? new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        : new Intl.DateTimeFormat('ru-RU', { ...STYLES[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** `at` as a Russian reader reads it on a clock of `timeZone`. */
export function formatDate(at: Date | string, style: DateStyle, timeZone: string): string {
  return formatOf(style, timeZone).format(toDate(at));
}

/** Minutes the zone is ahead of UTC at `at`. */
function offsetMinutes(timeZone: string, at: Date): number {
  const name =
    formatOf('offset', timeZone)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The zone as Russia names it, by its distance from Moscow's clock: «МСК», «МСК+2», «МСК−1». */
export function zoneName(timeZone: string, at: Date | string = new Date()): string {
  const when = toDate(at);
  const hours = (offsetMinutes(timeZone, when) - offsetMinutes(MOSCOW, when)) / 60;
  if (hours === 0) return 'МСК';
  const abs = Number.isInteger(hours) ? String(Math.abs(hours)) : Math.abs(hours).toFixed(1).replace('.', ',');
  return `МСК${hours > 0 ? '+' : '−'}${abs}`;
}

/**
 * `at` on the clock of `timeZone` for a reader whose own clock is `readerZone`: the zone's name follows when the two
 * clocks differ (a Moscow manager reading when a Yekaterinburg shop keeps an order until).
 */
export function formatFor(at: Date | string, style: DateStyle, timeZone: string, readerZone: string): string {
  const text = formatDate(at, style, timeZone);
  const when = toDate(at);
  return offsetMinutes(timeZone, when) === offsetMinutes(readerZone, when)
    ? text
    : `${text} (${zoneName(timeZone, when)})`;
}

/** The last day of a period that ends at a midnight (a shop keeps an order until the midnight after its last day). */
export const lastDayBefore = (end: Date | string): Date => new Date(toDate(end).getTime() - 1);

const CLOCK_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A form's `datetime-local` value read on the clock of `timeZone`, as an ISO moment; anything else is passed on for
 * the form's schema to judge.
 */
export function fromClockInput(value: string, timeZone: string): string {
  const text = value.trim();
  const m = CLOCK_INPUT.exec(text);
  if (!m) return text;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // The zone's offset at the moment itself, found from a first guess (right but for the hour a clock is moved).
  const guess = new Date(wall - offsetMinutes(timeZone, new Date(wall)) * 60_000);
  return new Date(wall - offsetMinutes(timeZone, guess) * 60_000).toISOString();
}

/** A moment as a form's `datetime-local` value on the clock of `timeZone`. */
export function toClockInput(at: Date | string | null, timeZone: string): string {
  if (at === null) return '';
  const when = toDate(at);
  return new Date(when.getTime() + offsetMinutes(timeZone, when) * 60_000).toISOString().slice(0, 16);
}
