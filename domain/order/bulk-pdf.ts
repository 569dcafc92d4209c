import type { RequestContext } from '../context';
import type { ShipmentOrderFacts } from '../delivery/shipments';
import { carrierOfOrder, type ShipmentsService } from '../delivery/shipments.service';
import { DomainError, isDomainError } from '../errors';
import { requirePermission } from '../staff/permissions';
import type { OrderBulkService } from './bulk.service';
import type { OrderCard } from './desk';
import { orderNumber } from './process';

/**
 * The chosen orders' print forms as one PDF file (issue 47.7): each order's packing list, then its label — the
 * carrier's own PDF label for a carrier's order (fetched through the carrier's adapter, as the card's «Этикетка (PDF)»
 * does, audited the same), the shop's label for the rest. A label that cannot be had leaves a page saying so; the
 * file is made all the same, and the orders without a label are listed.
 */

/** An order's label in the file. */
export type SheetLabel =
  | { kind: 'shop' }
  | { kind: 'carrier'; pdf: Uint8Array }
  /** No label: why, in Russian. */
  | { kind: 'missing'; reason: string };

export interface PrintSheet {
  card: OrderCard;
  label: SheetLabel;
}

/** An order whose label is not in the file, and why. */
export interface LabelMissing {
  number: string;
  reason: string;
}

/** What the file is made of; the maker answers the file and the labels it could not put in (a carrier's bad PDF). */
export interface OrdersPdfInput {
  sheets: PrintSheet[];
  /** The asked orders that are not found or not the member's shop's (their numbers). */
  missing: string[];
  /** Orders whose label could not be fetched. */
  noLabel: LabelMissing[];
  company: string;
  timeZone: string;
}
export type OrdersPdfMaker = (input: OrdersPdfInput) => Promise<{ pdf: Uint8Array; noLabel: LabelMissing[] }>;

export interface OrdersPdf {
  pdf: Uint8Array;
  /** How many orders are in the file. */
  count: number;
  missing: string[];
  noLabel: LabelMissing[];
}

export interface OrdersPdfService {
  /** The chosen orders the member may see, as one PDF; none of them seen is «not found». */
  print(ctx: RequestContext, ids: readonly number[]): Promise<OrdersPdf>;
}

/** A label the carrier's adapter failed on with no refusal of its own (a bug, a broken answer). */
const CARRIER_FAILED = 'Перевозчик не ответил. Попробуйте ещё раз из карточки заказа.';

export function createOrdersPdfService(deps: {
  bulk: Pick<OrderBulkService, 'cards'>;
  shipments: Pick<ShipmentsService, 'carrier' | 'label'>;
  /** The order as the shipments read it: whether it goes by a carrier. */
  orderFacts(orderId: number): Promise<Pick<ShipmentOrderFacts, 'deliveryType' | 'delivery'> | null>;
  make: OrdersPdfMaker;
  company: string;
  timeZone(ctx: RequestContext): Promise<string>;
  /** A carrier's failure that is no refusal, for the logs. */
  onCarrierError?(orderId: number, error: unknown): void;
}): OrdersPdfService {
  async function labelOf(ctx: RequestContext, card: OrderCard): Promise<SheetLabel> {
    const facts = await deps.orderFacts(card.id);
    const inForce = deps.shipments.carrier;
    const carrier = facts ? carrierOfOrder(facts, inForce) : null;
    if (carrier === null) return { kind: 'shop' };
    if (carrier !== inForce)
      return {
        kind: 'missing',
        reason: `Заказ оформлен на перевозчика «${carrier}», а он сейчас не подключён: этикетку не получить.`,
      };
    try {
      // The card's own call: its permission (`orders.move`), its shop scope and its audit entry.
      return { kind: 'carrier', pdf: (await deps.shipments.label(ctx, card.id)).pdf };
    } catch (error) {
      if (isDomainError(error)) return { kind: 'missing', reason: error.message };
      deps.onCarrierError?.(card.id, error);
      return { kind: 'missing', reason: CARRIER_FAILED };
    }
  }

  return {
    async print(ctx, ids) {
      requirePermission(ctx, 'orders.read');
      const { cards, missing } = await deps.bulk.cards(ctx, ids);
      if (cards.length === 0)
        throw new DomainError('not_found', 'Выбранные заказы не найдены или не вашего магазина.', 'ORDER_NOT_FOUND');
      const sheets: PrintSheet[] = [];
      for (const card of cards) sheets.push({ card, label: await labelOf(ctx, card) });
      const noLabel = sheets.flatMap(({ card, label }) =>
        label.kind === 'missing' ? [{ number: card.number, reason: label.reason }] : [],
      );
      const made = await deps.make({
        sheets,
        missing: missing.map(orderNumber),
        noLabel,
        company: deps.company,
        timeZone: await deps.timeZone(ctx),
      });
      return { pdf: made.pdf, count: cards.length, missing: missing.map(orderNumber), noLabel: made.noLabel };
    },
  };
}
