import { type Context, Hono } from 'hono';
import type { TrackEvent, TrackEventKind } from '../../domain/delivery/carrier';
import { type TestDeliveryParcel, TRACK_EVENT_NAMES } from '../../domain/delivery/shipments';
import { escapeHtml } from '../../domain/messages/html';
import type { Services } from '../../domain/services';
import type { AppEnv } from '../http/env';
import { messagePage } from '../http/message-page';
import { parseCdekNotification } from './cdek';
import { testDeliveryPath } from './test-carrier/parcels';
import { notificationBody } from '../http/notification-body';

export const CDEK_NOTIFY_PATH = '/api/v2/delivery/cdek/notify/';

/**
 * CDEK's notifications (issue 42.8), mounted before the shop's session and write gates: CDEK posts without a session
 * or sessid. The answer is 200 at once (CDEK resends what is not answered quickly); the shop then reads the shipment
 * back from CDEK and applies what is new, so a forged or repeated notification changes nothing.
 */
export function cdekNotifyRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post(CDEK_NOTIFY_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (services.shipments.carrier !== 'cdek') return c.text('Уведомления СДЭК не включены.', 404);
    const read = await notificationBody(c);
    if (read instanceof Response) return read;
    const { body } = read;
    const note = parseCdekNotification(body);
    // An event the shop does not follow is acknowledged, so it is not resent.
    if (!note) return c.text('ok');
    const id = note.carrierId;
    const log = c.get('log');
    void services.shipments.notified(id).catch((err) => log?.warn({ err, id }, 'СДЭК: события отправки не прочитаны'));
    return c.text('ok');
  });
  return app;
}

/** The buttons of the test carrier's page, in the order a parcel goes. */
const BUTTONS: readonly { kind: TrackEventKind; label: string }[] = [
  { kind: 'accepted', label: 'Принят' },
  { kind: 'in_transit', label: 'В пути' },
  { kind: 'arrived', label: 'Прибыл в пункт' },
  { kind: 'handed_over', label: 'Вручён' },
  { kind: 'partly_handed_over', label: 'Вручён частично' },
  { kind: 'refused', label: 'Отказ' },
  { kind: 'returned', label: 'Возвращён в магазин' },
];
const KINDS = new Set<string>(BUTTONS.map((b) => b.kind));

/**
 * The embedded test carrier's page (issue 42.4), a page of the shop marked «Тестовая доставка»: each button appends
 * the event to the parcel on the carrier's books and ends in `shipments.notified`, the path a real carrier's webhook
 * ends in. Mounted behind the page form guard, and only while the test carrier is the carrier in force.
 */
export function testDeliveryRoutes(services: Services, clock: () => Date = () => new Date()) {
  const app = new Hono<AppEnv>();
  const desk = services.testDelivery;
  if (!desk) return app;
  const missing = (c: Context<AppEnv>) =>
    c.html(messagePage('Отправление не найдено', 'Такого отправления нет у тестового перевозчика.'), 404);

  app.get('/delivery/test/:number/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const parcel = await desk.parcel(c.req.param('number'));
    if (!parcel) return missing(c);
    return c.html(testDeliveryPage(parcel, c.get('session').sessid));
  });

  app.post('/delivery/test/:number/:kind/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const number = c.req.param('number');
    const kind = c.req.param('kind');
    const parcel = await desk.parcel(number);
    if (!parcel || !KINDS.has(kind)) return missing(c);
    const event: TrackEvent = { kind: kind as TrackEventKind, at: clock(), place: 'Тестовый город' };
    if (kind === 'partly_handed_over') {
      const form = await c.req.parseBody({ all: true });
      const chosen = new Set([form.kept].flat().map(String));
      event.kept = parcel.lines
        .filter((l) => chosen.has(l.article))
        .map((l) => ({ article: l.article, quantity: l.quantity }));
    }
    if (!(await desk.append(number, event)))
      return c.html(messagePage('Отправление отменено', 'Магазин отменил это отправление.'), 409);
    // What a carrier's notification would cause, through the same path: the shop reads the parcel back and applies it.
    await services.shipments.notified(parcel.carrierId);
    return c.redirect(testDeliveryPath(parcel.number), 303);
  });
  return app;
}

const when = (at: Date) =>
  at.toLocaleString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });

function testDeliveryPage(p: TestDeliveryParcel, sessid: string): string {
  const hidden = `<input type="hidden" name="sessid" value="${escapeHtml(sessid)}">`;
  const action = (kind: string) => `${testDeliveryPath(p.number)}${kind}/`;
  const simple = BUTTONS.filter((b) => b.kind !== 'partly_handed_over')
    .map(
      (b) =>
        `<form method="post" action="${action(b.kind)}">${hidden}<button type="submit">${escapeHtml(b.label)}</button></form>`,
    )
    .join('');
  const lines = p.lines
    .map(
      (l) =>
        `<li><label><input type="checkbox" name="kept" value="${escapeHtml(l.article)}"> ${escapeHtml(l.name)} × ${l.quantity}</label></li>`,
    )
    .join('');
  const partial = `<form method="post" action="${action('partly_handed_over')}" class="partial">${hidden}<fieldset><legend>Вручён частично: что покупатель оставил</legend><ul>${lines}</ul><button type="submit">Вручён частично</button></fieldset></form>`;
  const events = p.events.length
    ? `<ol class="events">${p.events.map((e) => `<li>${escapeHtml(TRACK_EVENT_NAMES[e.kind])} — ${escapeHtml(when(e.at))}</li>`).join('')}</ol>`
    : '<p>Событий пока нет: посылка ждёт передачи перевозчику.</p>';
  const body = p.cancelled
    ? '<p>Магазин отменил это отправление.</p>'
    : `<div class="actions">${simple}</div>${partial}`;
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Тестовая доставка — ${escapeHtml(p.number)}</title><style>
body{font:16px/1.5 system-ui,sans-serif;color:#161616;background:#f4f4f2;margin:0}
main{max-width:560px;margin:6vh auto;background:#fff;padding:32px 28px;border:1px solid #e2e2de}
.test{display:inline-block;background:#ffe8a3;color:#5a4300;font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;padding:4px 10px;margin:0 0 16px}
h1{font-size:24px;font-weight:600;margin:0 0 8px}h2{font-size:18px;margin:24px 0 8px}
p{margin:0 0 12px;color:#3b3b3b}.actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}
button{font:inherit;min-height:44px;padding:0 18px;border:1px solid #161616;background:#fff;color:#161616;cursor:pointer}
fieldset{border:1px solid #e2e2de;margin:16px 0 0;padding:12px 16px}ul{list-style:none;padding:0}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}</style></head><body><main>
<p class="test" role="note">Тестовая доставка — посылка никуда не едет</p>
<h1>Отправление ${escapeHtml(p.number)}</h1>
<p>Заказ ${escapeHtml(p.orderNumber)}. Получатель: ${escapeHtml(p.recipient)}. ${escapeHtml(p.destination)}.</p>
<p>Это тестовый перевозчик магазина: он работает, пока не подключён СДЭК. Каждая кнопка — событие перевозчика; магазин узнаёт о нём так же, как из уведомления СДЭК.</p>
<h2>События</h2>${events}
${body}
</main></body></html>`;
}
