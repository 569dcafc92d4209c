/**
 * A shop's opening hours as data: one span a weekday (or closed), holidays as exceptions by date, all in the shop's
 * own time zone. A span may pass midnight (10:00–02:00 closes at two the next night). Pure functions over the time
 * they are given.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** «HH:MM» opening and closing; closing at or before opening passes midnight; 00:00–24:00 is round the clock. */
export type Span = readonly [open: string, close: string];
export type WeekHours = Readonly<Record<Weekday, Span | null>>;
/** A date («YYYY-MM-DD», the shop's calendar) with other hours, or closed (`null`). */
export interface Holiday {
  date: string;
  hours: Span | null;
  /** Why the day is different («Новый год»), shown next to it. */
  note?: string;
}

export interface ShopHours {
  week: WeekHours;
  holidays: readonly Holiday[];
  timeZone: string;
}

const SHORT: Record<Weekday, string> = { mon: 'пн', tue: 'вт', wed: 'ср', thu: 'чт', fri: 'пт', sat: 'сб', sun: 'вс' };
const DAY_NAMES: Record<Weekday, string> = {
  mon: 'в понедельник',
  tue: 'во вторник',
  wed: 'в среду',
  thu: 'в четверг',
  fri: 'в пятницу',
  sat: 'в субботу',
  sun: 'в воскресенье',
};

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const span = (s: Span) => `${s[0]}–${s[1]}`;

/**
 * One formatter per time zone, made once: building an `Intl.DateTimeFormat` costs far more than formatting with it, and
 * an order's delivery schedule asks the local time a dozen times.
 */
const localClocks = new Map<string, Intl.DateTimeFormat>();
function localClock(timeZone: string): Intl.DateTimeFormat {
  let clock = localClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    localClocks.set(timeZone, clock);
  }
  return clock;
}

/** The shop's local calendar date («YYYY-MM-DD»), weekday and minutes since midnight at `at`. */
export function localTime(at: Date, timeZone: string): { date: string; weekday: Weekday; minutes: number } {
  const parts = Object.fromEntries(
    localClock(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = (parts.weekday as string).toLowerCase().slice(0, 3) as Weekday;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The calendar date `days` after `date` («YYYY-MM-DD»), and its weekday. */
export function dayAfter(date: string, days: number): { date: string; weekday: Weekday } {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return { date: d.toISOString().slice(0, 10), weekday: WEEKDAYS[(d.getUTCDay() + 6) % 7] as Weekday };
}

/** The hours of one calendar day: its holiday if there is one, else its weekday's. */
export function hoursOn(hours: ShopHours, date: string, weekday: Weekday): Span | null {
  const holiday = hours.holidays.find((h) => h.date === date);
  return holiday ? holiday.hours : hours.week[weekday];
}

const roundTheClock = (s: Span) => s[0] === '00:00' && s[1] === '24:00';
/** Minutes after the day's midnight the span closes: past 1440 when it runs into the next day. */
const closesAfter = (s: Span) => (minutes(s[1]) <= minutes(s[0]) ? minutes(s[1]) + 1440 : minutes(s[1]));

export type OpenState =
  | { open: true; closesAt: string | null }
  | { open: false; opensAt: { time: string; day: 'today' | 'tomorrow' | Weekday } | null };

/** Whether the shop is open at `at`, and until when; or when it opens next (within a week). */
export function openState(hours: ShopHours, at: Date): OpenState {
  const now = localTime(at, hours.timeZone);
  const today = hoursOn(hours, now.date, now.weekday);
  if (today && roundTheClock(today)) return { open: true, closesAt: null };
  // Last night's span may still run.
  const yesterday = dayAfter(now.date, -1);
  const last = hoursOn(hours, yesterday.date, yesterday.weekday);
  if (last && closesAfter(last) > 1440 && now.minutes < closesAfter(last) - 1440)
    return { open: true, closesAt: last[1] };
  if (today && now.minutes >= minutes(today[0]) && now.minutes < closesAfter(today))
    return { open: true, closesAt: today[1] };
  if (today && now.minutes < minutes(today[0])) return { open: false, opensAt: { time: today[0], day: 'today' } };
  for (let d = 1; d <= 7; d++) {
    const day = dayAfter(now.date, d);
    const next = hoursOn(hours, day.date, day.weekday);
    if (next) return { open: false, opensAt: { time: next[0], day: d === 1 ? 'tomorrow' : day.weekday } };
  }
  return { open: false, opensAt: null };
}

/** «открыто до 21:00», «круглосуточно», «закрыто, откроется в 10:00», «…завтра в 10:00», «…в субботу в 11:00». */
export function openStateText(state: OpenState): string {
  if (state.open) return state.closesAt ? `открыто до ${state.closesAt}` : 'открыто круглосуточно';
  if (!state.opensAt) return 'временно закрыто';
  const { time, day } = state.opensAt;
  const when = day === 'today' ? '' : day === 'tomorrow' ? 'завтра ' : `${DAY_NAMES[day]} `;
  return `закрыто, откроется ${when}в ${time}`;
}

/** The week in a line: «ежедневно 10:00–22:00», «пн–пт 10:00–21:00, сб–вс 11:00–20:00», «…, вс выходной». */
export function weekSummary(week: WeekHours): string {
  const text = (s: Span | null) => (s ? (roundTheClock(s) ? 'круглосуточно' : span(s)) : 'выходной');
  const groups: { from: Weekday; to: Weekday; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const last = groups.at(-1);
    if (last && last.text === text(week[day])) last.to = day;
    else groups.push({ from: day, to: day, text: text(week[day]) });
  }
  if (groups.length === 1) return `ежедневно ${groups[0]?.text}`;
  return groups
    .map((g) => `${g.from === g.to ? SHORT[g.from] : `${SHORT[g.from]}–${SHORT[g.to]}`} ${g.text}`)
    .join(', ');
}

/** The close of the shop's day `date` («YYYY-MM-DD»), for «сегодня до 21:00»; null when it is closed that day. */
export function closingOn(hours: ShopHours, date: string): string | null {
  const d = new Date(`${date}T12:00:00Z`);
  const day = hoursOn(hours, date, WEEKDAYS[(d.getUTCDay() + 6) % 7] as Weekday);
  return day ? (roundTheClock(day) ? '24:00' : day[1]) : null;
}

/** Schema.org `openingHoursSpecification` of the week (for the shop page's JSON-LD). */
export function openingHoursSpecification(week: WeekHours) {
  const names: Record<Weekday, string> = {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  };
  return WEEKDAYS.flatMap((day) => {
    const s = week[day];
    return s ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: names[day], opens: s[0], closes: s[1] }] : [];
  });
}
