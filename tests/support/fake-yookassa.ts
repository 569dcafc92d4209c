import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for YooKassa's API v3 (payments, capture, cancel, refunds) on 127.0.0.1: HTTP Basic, the
 * `Idempotence-Key` rules (the same key and body → the first answer; the same key with another body → 400), the
 * receipt's sum checked against the amount, and faults scripted per request — a 5xx, a 202 with `retry_after`, a
 * slow answer (processed, then answered too late), a 4xx.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export type Fault =
  | { status: 500 | 502 | 503 }
  | { status: 202; retryAfter?: number }
  | { status: 400 | 401 | 403 | 404 | 429; code: string; description: string; parameter?: string }
  /** The request is handled (a payment is created) but answered only after `delayMs`. */
  | { delayMs: number };

interface Amount {
  value: string;
  currency: string;
}

interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  capture: boolean;
  description?: string;
  metadata?: Record<string, string>;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  cancellation_details?: { party: string; reason: string };
  created_at: string;
  test: true;
  refundable: boolean;
}

interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: Amount;
  description?: string;
  created_at: string;
}

export interface FakeYookassa {
  url: string;
  requests: RecordedRequest[];
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /** Faults for the next requests, one each, in order. */
  fail(...faults: Fault[]): void;
  /** Drops the faults not used yet: the provider is back. */
  recover(): void;
  /** The shopper pays: `waiting_for_capture` for a two-stage payment, else `succeeded`. */
  pay(paymentId: string): void;
  /** The bank declines it. */
  decline(paymentId: string, reason?: string): void;
  close(): Promise<void>;
}

const kopecks = (value: string) => {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
};
const rubles = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;

export async function startFakeYookassa(shopId = '100500', secretKey = 'test_secret_key'): Promise<FakeYookassa> {
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const faults: Fault[] = [];
  const answered = new Map<string, { body: string; status: number; json: unknown }>();
  const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  let url = '';

  const error = (status: number, code: string, description: string, parameter?: string) => ({
    status,
    json: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
  });

  /** The receipt's items add up to the amount, each with a whole-kopeck price, as YooKassa requires. */
  const receiptError = (receipt: unknown, amount: Amount) => {
    const items = (receipt as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items) || items.length === 0)
      return error(400, 'invalid_request', 'Receipt is missing', 'receipt');
    let sum = 0;
    for (const item of items as { quantity?: unknown; amount?: Amount; description?: unknown }[]) {
      const price = item.amount ? kopecks(item.amount.value) : null;
      if (typeof item.quantity !== 'number' || price === null || typeof item.description !== 'string') {
        return error(400, 'invalid_request', 'Receipt item is invalid', 'receipt.items');
      }
      sum += price * item.quantity;
    }
    if (sum !== kopecks(amount.value)) {
      return error(400, 'invalid_request', 'Sum of receipt items is not equal to the amount', 'receipt');
    }
    return null;
  };

  function handle(method: string, path: string, body: Record<string, unknown>): { status: number; json: unknown } {
    const now = new Date().toISOString();
    if (method === 'POST' && path === '/payments') {
      const amount = body.amount as Amount | undefined;
      if (!amount || kopecks(amount.value) === null || amount.currency !== 'RUB') {
        return error(400, 'invalid_request', 'Invalid amount value', 'amount.value');
      }
      const bad = receiptError(body.receipt, amount);
      if (bad) return bad;
      const id = randomUUID();
      const confirmation = body.confirmation as { return_url: string };
      const payment: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        amount,
        capture: body.capture !== false,
        description: body.description as string | undefined,
        metadata: body.metadata as Record<string, string> | undefined,
        confirmation: {
          type: 'redirect',
          confirmation_url: `${url}/checkout/payments/v2/contract?orderId=${id}`,
          return_url: confirmation.return_url,
        },
        created_at: now,
        test: true,
        refundable: false,
      };
      payments.set(id, payment);
      return { status: 200, json: payment };
    }
    const match = /^\/payments\/([^/]+)(\/capture|\/cancel)?$/.exec(path);
    if (match) {
      const payment = payments.get(decodeURIComponent(match[1]));
      if (!payment) return error(404, 'not_found', 'Payment not found', 'payment_id');
      if (method === 'GET' && !match[2]) return { status: 200, json: payment };
      if (method === 'POST' && match[2] === '/capture') {
        if (payment.status !== 'waiting_for_capture') {
          return error(400, 'invalid_request', `Payment is in ${payment.status} status`, 'payment_id');
        }
        const amount = (body.amount as Amount | undefined) ?? payment.amount;
        Object.assign(payment, { status: 'succeeded', amount, refundable: true });
        return { status: 200, json: payment };
      }
      if (method === 'POST' && match[2] === '/cancel') {
        if (payment.status === 'succeeded' || payment.status === 'canceled') {
          return error(400, 'invalid_request', `Payment is in ${payment.status} status`, 'payment_id');
        }
        Object.assign(payment, {
          status: 'canceled',
          paid: false,
          cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' },
        });
        return { status: 200, json: payment };
      }
    }
    if (method === 'POST' && path === '/refunds') {
      const payment = payments.get(String(body.payment_id));
      const amount = body.amount as Amount | undefined;
      if (!payment) return error(404, 'not_found', 'Payment not found', 'payment_id');
      if (!amount || kopecks(amount.value) === null) return error(400, 'invalid_request', 'Invalid amount', 'amount');
      if (payment.status !== 'succeeded') {
        return error(400, 'invalid_request', `Payment is in ${payment.status} status`, 'payment_id');
      }
      const refunded = [...refunds.values()]
        .filter((refund) => refund.payment_id === payment.id)
        .reduce((sum, refund) => sum + (kopecks(refund.amount.value) ?? 0), 0);
      if (refunded + (kopecks(amount.value) ?? 0) > (kopecks(payment.amount.value) ?? 0)) {
        return error(400, 'invalid_request', 'Refund amount exceeds the payment amount', 'amount.value');
      }
      const bad = receiptError(body.receipt, amount);
      if (bad) return bad;
      const refund: FakeRefund = {
        id: randomUUID(),
        payment_id: payment.id,
        status: 'succeeded',
        amount: { value: rubles(kopecks(amount.value) ?? 0), currency: 'RUB' },
        description: body.description as string | undefined,
        created_at: now,
      };
      refunds.set(refund.id, refund);
      return { status: 200, json: refund };
    }
    return error(404, 'not_found', `No such method: ${method} ${path}`);
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').replace(/^\/v3/, '');
    let body: Record<string, unknown> = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    requests.push({ method, path, headers: { ...req.headers } as Record<string, string | undefined>, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };

    const fault = faults.shift();
    if (fault && 'status' in fault) {
      if (fault.status === 202) return send(202, { type: 'processing', retry_after: fault.retryAfter ?? 1800 });
      if (!('code' in fault)) return send(fault.status, { type: 'error', code: 'internal_server_error' });
      const { status, code, description, parameter } = fault;
      return send(status, error(status, code, description, parameter).json);
    }

    if (req.headers.authorization !== expected) {
      const bad = error(401, 'invalid_credentials', 'Login or password is incorrect. Check your shopId and secret key');
      return send(bad.status, bad.json);
    }
    let answer: { status: number; json: unknown };
    const key = req.headers['idempotence-key'];
    if (method === 'POST') {
      if (typeof key !== 'string' || key.length === 0 || key.length > 64) {
        answer = error(400, 'invalid_request', 'Idempotence key is missing or too long', 'Idempotence-Key');
      } else {
        const seen = answered.get(key);
        if (seen && seen.body !== `${path} ${text}`) {
          answer = error(400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
        } else if (seen) {
          answer = seen;
        } else {
          answer = handle(method, path, body);
          answered.set(key, { body: `${path} ${text}`, ...answer });
        }
      }
    } else {
      answer = handle(method, path, body);
    }
    if (fault && 'delayMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    send(answer.status, answer.json);
  }

  const server = createServer((req, res) => {
    serve(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;

  return {
    url,
    requests,
    payments,
    refunds,
    fail: (...more) => faults.push(...more),
    recover: () => faults.splice(0),
    pay(paymentId) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      Object.assign(payment, {
        status: payment.capture ? 'succeeded' : 'waiting_for_capture',
        paid: true,
        refundable: payment.capture,
      });
    },
    decline(paymentId, reason = 'insufficient_funds') {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      Object.assign(payment, { status: 'canceled', cancellation_details: { party: 'payment_network', reason } });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
