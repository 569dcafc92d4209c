import { z } from 'zod';
import {
  type CreatePaymentInput,
  type GatewayPayment,
  type GatewayRefund,
  GatewayError,
  type PaymentGateway,
  type Receipt,
  type RefundInput,
} from '../../domain/payment/gateway';
import {
  declineReasonOf,
  PAYMENT_MODE_OF,
  PAYMENT_STATUS_OF,
  PAYMENT_SUBJECT_OF,
  REFUND_STATUS_OF,
  vatCodeOf,
  YOOKASSA_PAYMENT_STATUSES,
  YOOKASSA_REFUND_STATUSES,
} from './yookassa-words';

/**
 * The YooKassa adapter (API v3, https://yookassa.ru/developers/api). Every write carries the caller's
 * `Idempotence-Key`, the same on each retry, so YooKassa answers a repeat with the first result instead of charging
 * twice. Retried here: a network failure or time-out, a 5xx (the outcome is unknown) and a 202 («still processing»,
 * with `retry_after` in ms). A 4xx is final: the request itself was wrong or refused.
 */
export interface YookassaOptions {
  shopId: string;
  secretKey: string;
  apiUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Per attempt, the answer's body included. */
  timeoutMs?: number;
  /** Attempts after the first. */
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The pause before retry n (0-based) when YooKassa names none: 0.5 s, 1 s, 2 s… */
const BACKOFF_MS = 500;
/** A `retry_after` above this is cut: a shopper is waiting on the other end. */
const MAX_RETRY_AFTER_MS = 10_000;
/** YooKassa's length limits: a payment's description 128 characters, a refund's 250, a receipt item's 128. */
const PAYMENT_DESCRIPTION = 128;
const REFUND_DESCRIPTION = 250;
const ITEM_DESCRIPTION = 128;
/** The error codes by which YooKassa refuses a request for good; anything else may pass on a later try. */
const FINAL_CODES: ReadonlySet<string> = new Set(['invalid_request', 'not_supported']);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function yookassaGateway(options: YookassaOptions): PaymentGateway {
  const {
    shopId,
    secretKey,
    apiUrl = 'https://api.yookassa.ru/v3',
    fetch = globalThis.fetch,
    timeoutMs = 10_000,
    retries = 2,
    sleep = wait,
  } = options;
  const authorization = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const base = apiUrl.replace(/\/+$/, '');
  /** Whatever the provider says goes into messages and logs: never with the key in it. */
  const scrub = (text: string) => (secretKey ? text.split(secretKey).join('***') : text);

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string) {
    const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json' };
    if (method === 'POST') {
      if (!idempotenceKey) throw new GatewayError('Запрос к ЮKassa без ключа идемпотентности не отправлен.', false);
      headers['Content-Type'] = 'application/json';
      headers['Idempotence-Key'] = idempotenceKey;
    }
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let failure = '';
    for (let attempt = 0; ; attempt++) {
      let pause = BACKOFF_MS * 2 ** attempt;
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers,
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        const json = parseJson(text);
        if (response.status === 200) {
          if (json === undefined) throw new GatewayError('ЮKassa прислала ответ, который не удалось разобрать.', false);
          return json;
        }
        if (response.status === 202 || response.status >= 500) {
          failure =
            response.status === 202
              ? 'ЮKassa ещё обрабатывает запрос'
              : `ЮKassa ответила ошибкой ${response.status} (результат неизвестен)`;
          const retryAfter = (json as { retry_after?: unknown } | undefined)?.retry_after;
          if (response.status === 202 && typeof retryAfter === 'number' && retryAfter >= 0) {
            pause = Math.min(retryAfter, MAX_RETRY_AFTER_MS);
          }
        } else {
          throw refusal(response.status, json);
        }
      } catch (error) {
        if (error instanceof GatewayError) throw error;
        failure =
          error instanceof Error && error.name === 'TimeoutError'
            ? `ЮKassa не ответила за ${Math.round(timeoutMs / 100) / 10} с`
            : 'Нет связи с ЮKassa';
      }
      if (attempt >= retries) {
        throw new GatewayError(
          `${failure}; попыток: ${attempt + 1}. Повторите с тем же ключом идемпотентности.`,
          true,
          null,
        );
      }
      await sleep(pause);
    }
  }

  /** A 4xx: final, except 429 (too many requests), which may be sent again later with the same key. */
  function refusal(status: number, json: unknown): GatewayError {
    const error = errorSchema.safeParse(json);
    const code = error.success ? (error.data.code ?? null) : null;
    const said =
      error.success && error.data.description ? scrub(error.data.description).replace(/\.$/, '') : `HTTP ${status}`;
    const parameter = error.success && error.data.parameter ? ` (параметр ${scrub(error.data.parameter)})` : '';
    const what =
      status === 401
        ? 'ЮKassa не приняла идентификатор магазина и секретный ключ — проверьте YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY'
        : status === 403
          ? 'ЮKassa не разрешает магазину эту операцию'
          : status === 404
            ? 'ЮKassa не нашла этот объект'
            : status === 429
              ? 'ЮKassa просит реже отправлять запросы'
              : 'ЮKassa отклонила запрос';
    return new GatewayError(
      `${what}: ${said}${parameter}.`,
      status === 429,
      code ?? `http_${status}`,
      code !== null && FINAL_CODES.has(code),
    );
  }

  return {
    name: 'yookassa',

    async create(input: CreatePaymentInput): Promise<GatewayPayment> {
      const body = {
        amount: money(input.amountKopecks),
        capture: input.capture,
        confirmation: { type: 'redirect', return_url: input.returnUrl },
        description: clip(input.description, PAYMENT_DESCRIPTION),
        metadata: input.metadata,
        receipt: receiptBody(input.receipt),
      };
      return toPayment(await call('POST', '/payments', body, input.idempotenceKey));
    },

    async get(paymentId: string): Promise<GatewayPayment> {
      return toPayment(await call('GET', `/payments/${encodeURIComponent(paymentId)}`));
    },

    async capture(
      paymentId: string,
      amountKopecks: number,
      idempotenceKey: string,
      receipt?: Receipt,
    ): Promise<GatewayPayment> {
      const path = `/payments/${encodeURIComponent(paymentId)}/capture`;
      const body = receipt
        ? { amount: money(amountKopecks), receipt: receiptBody(receipt) }
        : { amount: money(amountKopecks) };
      return toPayment(await call('POST', path, body, idempotenceKey));
    },

    async cancel(paymentId: string, idempotenceKey: string): Promise<GatewayPayment> {
      return toPayment(await call('POST', `/payments/${encodeURIComponent(paymentId)}/cancel`, {}, idempotenceKey));
    },

    async refund(input: RefundInput): Promise<GatewayRefund> {
      const body = {
        payment_id: input.paymentId,
        amount: money(input.amountKopecks),
        description: clip(input.description, REFUND_DESCRIPTION),
        receipt: receiptBody(input.receipt),
      };
      return toRefund(await call('POST', '/refunds', body, input.idempotenceKey));
    },

    async getRefund(refundId: string): Promise<GatewayRefund> {
      return toRefund(await call('GET', `/refunds/${encodeURIComponent(refundId)}`));
    },
  };
}

/** Kopecks as YooKassa's amount: a string with two decimals, «1234.50». */
export function money(kopecks: number): { value: string; currency: 'RUB' } {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) {
    throw new GatewayError(`Сумма для ЮKassa должна быть в целых копейках: ${kopecks}.`, false);
  }
  return { value: `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`, currency: 'RUB' };
}

/** «1234.5» → 123450, by the digits (no float rounding); null for anything that is not such a decimal. */
export function kopecksOf(value: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function receiptBody(receipt: Receipt) {
  const customer: { email?: string; phone?: string } = {};
  if (receipt.customer.email) customer.email = receipt.customer.email;
  if (receipt.customer.phone) customer.phone = receipt.customer.phone;
  return {
    customer,
    items: receipt.items.map((item) => ({
      description: clip(item.description, ITEM_DESCRIPTION),
      quantity: item.quantity,
      amount: money(item.unitKopecks),
      vat_code: vatCodeOf(item.vat),
      payment_subject: PAYMENT_SUBJECT_OF[item.kind],
      payment_mode: PAYMENT_MODE_OF[item.settlement],
      // FFD 1.2 asks for the unit of measure; a kassa on 1.05 ignores it.
      measure: 'piece',
    })),
  };
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const amountSchema = z.object({ value: z.string(), currency: z.string() });

const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(YOOKASSA_PAYMENT_STATUSES),
  amount: amountSchema,
  confirmation: z.object({ confirmation_url: z.string().optional() }).nullish(),
  cancellation_details: z.object({ reason: z.string() }).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const refundSchema = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(YOOKASSA_REFUND_STATUSES),
  amount: amountSchema,
});

const errorSchema = z.object({
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

function toPayment(json: unknown): GatewayPayment {
  const parsed = paymentSchema.safeParse(json);
  const amountKopecks = parsed.success ? kopecksOf(parsed.data.amount.value) : null;
  if (!parsed.success || amountKopecks === null) throw unreadable('платёж');
  const { id, status, confirmation, cancellation_details, metadata } = parsed.data;
  const orderId = metadata?.orderId;
  return {
    id,
    status: PAYMENT_STATUS_OF[status],
    amountKopecks,
    confirmationUrl: status === 'pending' ? (confirmation?.confirmation_url ?? null) : null,
    cancellationReason: declineReasonOf(cancellation_details?.reason),
    orderId: typeof orderId === 'string' ? orderId : null,
  };
}

function toRefund(json: unknown): GatewayRefund {
  const parsed = refundSchema.safeParse(json);
  const amountKopecks = parsed.success ? kopecksOf(parsed.data.amount.value) : null;
  if (!parsed.success || amountKopecks === null) throw unreadable('возврат');
  const { id, payment_id, status } = parsed.data;
  return { id, paymentId: payment_id, status: REFUND_STATUS_OF[status], amountKopecks };
}

function unreadable(what: string): GatewayError {
  return new GatewayError(`ЮKassa прислала ${what} в непонятном виде.`, false, 'bad_response');
}
