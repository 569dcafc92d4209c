import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';

/**
 * YooKassa's HTTP notifications carry no signature: the shop accepts one only from the provider's published
 * addresses, and even then acts on the payment as `GET /payments/{id}` returns it, never on the body (issue 27).
 */

/** A set of networks to match a sender against; `entries` as they were given, for the log. */
export interface Networks {
  readonly entries: readonly string[];
  contains(ip: string): boolean;
}

const ENTRY = /^([0-9a-fA-F:.]+)(?:\/(\d{1,3}))?$/;

/**
 * A comma-separated list of addresses and CIDR networks, IPv4 or IPv6 (a setting). A malformed entry is refused with
 * a message naming it: a typo must not silently shut the notifications out, or let everyone in.
 */
export function parseNetworks(text: string): Networks {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('Список сетей ЮKassa пуст: укажите адреса или сети через запятую.');
  const list = new BlockList();
  for (const entry of entries) {
    const [, address = '', prefixText] = ENTRY.exec(entry) ?? [];
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    const prefix = prefixText === undefined ? null : Number(prefixText);
    if (!family || (prefix !== null && prefix > (family === 'ipv4' ? 32 : 128))) {
      throw new Error(
        `Неверная запись в списке сетей ЮKassa: «${entry}». Ожидается адрес или сеть вида 185.71.76.0/27 или 2a02:5180::/32.`,
      );
    }
    if (prefix === null) list.addAddress(address, family);
    else list.addSubnet(address, prefix, family);
  }
  return {
    entries,
    // BlockList matches an IPv4-mapped IPv6 address (`::ffff:185.71.76.5`, how a dual-stack socket reports an IPv4
    // peer) against the IPv4 networks.
    contains: (ip) => {
      const address = ip.trim();
      if (isIPv4(address)) return list.check(address, 'ipv4');
      if (isIPv6(address)) return list.check(address, 'ipv6');
      return false;
    },
  };
}

/** The addresses YooKassa sends notifications from, as its documentation lists them (checked November 2026). */
export const YOOKASSA_NETWORKS = parseNetworks(
  '185.71.76.0/27, 185.71.77.0/27, 77.75.153.0/25, 77.75.156.11, 77.75.156.35, 77.75.154.128/25, 2a02:5180::/32',
);

export function isYookassaAddress(ip: string, networks: Networks = YOOKASSA_NETWORKS): boolean {
  return networks.contains(ip);
}

export const YOOKASSA_EVENTS = [
  'payment.succeeded',
  'payment.waiting_for_capture',
  'payment.canceled',
  'refund.succeeded',
] as const;
export type YookassaEvent = (typeof YOOKASSA_EVENTS)[number];

export interface YookassaNotification {
  event: YookassaEvent;
  /** The payment's id, or the refund's for `refund.succeeded`. */
  objectId: string;
  /** A refund's payment (`object.payment_id`); null for payment events. */
  paymentId: string | null;
}

/** YooKassa's ids are UUID-like; anything else in a path is refused before it reaches a request. */
const objectId = z.string().regex(/^[0-9A-Za-z_-]{1,64}$/);

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.enum(YOOKASSA_EVENTS),
  object: z.object({ id: objectId, payment_id: objectId.optional() }),
});

/**
 * The event and object a notification names, or null for anything else: an event the shop does not handle
 * (`payout.succeeded`, `deal.closed`…) is ignored, not an error, so the provider gets its 200 and stops resending.
 */
export function parseNotification(body: unknown): YookassaNotification | null {
  const parsed = notificationSchema.safeParse(body);
  if (!parsed.success) return null;
  const { event, object } = parsed.data;
  return { event, objectId: object.id, paymentId: event.startsWith('refund.') ? (object.payment_id ?? null) : null };
}
