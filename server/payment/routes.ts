import { Hono } from 'hono';
import { GatewayError, type TestGatewayPayment } from '../../domain/payment/gateway';
import { RateLimitedError, enforce } from '../../domain/limits/limits';
import type { Services } from '../../domain/services';
import { escapeHtml } from '../../domain/messages/html';
import { formatAmount } from '../../domain/pricing/price';
import { clientAddress } from '../http/client-address';
import type { AppEnv } from '../http/env';
import { messagePage } from '../http/message-page';
import { testPaymentPath } from './test-gateway';
import { isYookassaAddress, type Networks, parseNotification } from './yookassa-notify';
import { notificationBody } from '../http/notification-body';

export const YOOKASSA_NOTIFY_PATH = '/api/v2/payment/yookassa/notify/';

/**
 * YooKassa's notifications (issue 27.2). Mounted before the shop's session and write gates: the provider posts without
 * a session, origin or sessid. Only its published addresses are heard, and what it says is only a cue: `sync` asks
 * the provider for the payment's state before anything changes. 200 tells YooKassa to stop resending; a 503 (the
 * provider itself did not answer our question) makes it send again later.
 */
export function yookassaNotifyRoutes(deps: { services: Services; networks: Networks; trustProxy: boolean }) {
  const app = new Hono<AppEnv>();
  app.post(YOOKASSA_NOTIFY_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.services.payments.provider !== 'yookassa') return c.text('Уведомления ЮKassa не включены.', 404);
    const client = clientAddress(c, deps.trustProxy);
    if (!isYookassaAddress(client, deps.networks))
      return c.text('Уведомления принимаются только с адресов ЮKassa.', 403);
    const { limits, limitRules: rules } = deps.services;
    try {
      // Counted before the body is read: each heard notification costs a call to the provider. The overall count
      // takes only what the sender's own limit let through, so one flooding address does not use it up.
      await enforce(limits, [client, rules.yookassaNotifyPerClient]);
      await enforce(limits, ['all', rules.yookassaNotifyOverall]);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      c.header('Retry-After', String(error.retryAfterS));
      return c.text('Слишком много уведомлений: пришлите позже.', 429);
    }
    const read = await notificationBody(c);
    if (read instanceof Response) return read;
    const { body } = read;
    const notification = parseNotification(body);
    if (!notification) {
      const known = typeof body === 'object' && body !== null && (body as { type?: unknown }).type === 'notification';
      // An event the shop does not handle is acknowledged, so it is not resent for a day.
      return known ? c.text('ok') : c.text('Уведомление не распознано.', 400);
    }
    try {
      await deps.services.payments.sync(notification.paymentId ?? notification.objectId, 'notification');
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      c.get('log')?.warn({ err: error }, 'ЮKassa: состояние платежа не получено, ждём повтора уведомления');
      return c.text('Платёжный сервис не ответил: пришлите уведомление позже.', 503);
    }
    return c.text('ok');
  });
  return app;
}

/**
 * The embedded test gateway's page (issue 27.2): a page of the shop, marked as a test, where the shopper pays or is
 * declined with plain forms. Each ends as a provider's notification would: in `payments.sync`, then back to the
 * order's page. Mounted behind the page form guard, as every page form is.
 */
export function testGatewayRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const desk = services.testPayments;
  if (!desk) return app;

  app.get('/pay/test/:id/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const payment = await desk.payment(c.req.param('id'));
    if (!payment) return c.html(messagePage('Платёж не найден', 'Такого платежа нет в тестовом шлюзе.'), 404);
    return c.html(testPaymentPage(payment, c.get('session').sessid));
  });

  for (const action of ['pay', 'decline'] as const)
    app.post(`/pay/test/:id/${action}/`, async (c) => {
      c.header('Cache-Control', 'no-store');
      const id = c.req.param('id');
      const before = await desk.payment(id);
      if (!before) return c.html(messagePage('Платёж не найден', 'Такого платежа нет в тестовом шлюзе.'), 404);
      const after = action === 'pay' ? await desk.pay(id) : await desk.decline(id);
      if (!after)
        return c.html(
          messagePage(
            'Платёж уже завершён',
            'Этот платёж уже оплачен или отклонён.',
            `<p><a href="${escapeHtml(before.returnUrl)}">Вернуться в магазин</a></p>`,
          ),
          409,
        );
      // What a notification would cause, through the same path: the shop asks the gateway and applies the answer.
      await services.payments.sync(id, 'notification');
      return c.redirect(after.returnUrl, 303);
    });
  return app;
}

function testPaymentPage(p: TestGatewayPayment, sessid: string): string {
  const open = p.status === 'awaiting';
  const form = (action: string, label: string, primary: boolean) =>
    `<form method="post" action="${testPaymentPath(p.id)}${action}/"><input type="hidden" name="sessid" value="${escapeHtml(sessid)}"><button type="submit" class="${primary ? 'primary' : ''}">${label}</button></form>`;
  const body = open
    ? `<div class="actions">${form('pay', 'Оплатить', true)}${form('decline', 'Отклонить', false)}</div>`
    : `<p>Платёж уже ${p.status === 'cancelled' ? 'отклонён' : 'оплачен'}.</p><p><a href="${escapeHtml(p.returnUrl)}">Вернуться в магазин</a></p>`;
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Тестовая оплата — ${escapeHtml(p.description)}</title><style>
body{font:16px/1.5 system-ui,sans-serif;color:#161616;background:#f4f4f2;margin:0}
main{max-width:480px;margin:10vh auto;background:#fff;padding:32px 28px;border:1px solid #e2e2de}
.test{display:inline-block;background:#ffe8a3;color:#5a4300;font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;padding:4px 10px;margin:0 0 16px}
h1{font-size:24px;font-weight:600;margin:0 0 8px}.sum{font-size:32px;font-weight:600;margin:16px 0}
p{margin:0 0 12px;color:#3b3b3b}.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
button{font:inherit;min-height:48px;padding:0 28px;border:1px solid #161616;background:#fff;color:#161616;cursor:pointer}
button.primary{background:#161616;color:#fff}button:focus-visible,a:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}
a{color:#161616}</style></head><body><main>
<p class="test" role="note">Тестовый платёж — деньги не списываются</p>
<h1>${escapeHtml(p.description)}</h1>
<p class="sum">${formatAmount(p.amount)}</p>
<p>Это тестовый платёжный шлюз магазина: он работает, пока не подключена ЮKassa. «Оплатить» — как успешная оплата картой или через СБП, «Отклонить» — как отказ банка.${p.capture ? '' : ' Деньги будут заблокированы и списаны, когда заказ передадут вам.'}</p>
${body}
</main></body></html>`;
}
