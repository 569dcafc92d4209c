import type { Company } from '../content/company';
import type { RequestContext } from '../context';
import { DomainError } from '../errors';
import type { PaymentsService } from '../payment/payments.service';
import { formatAmount } from '../pricing/price';
import { normalizePromo, type PromoCode, promoAdjustment, promoDiscount } from '../pricing/promo';
import { type Adjustment, computeTotals } from '../pricing/totals';
import { can, requirePermission } from '../staff/permissions';
import type { StaffMember } from '../staff/staff-member';
import type { StaffWrite } from '../staff/staff-write';
import type { TransactionRepositories } from '../uow';
import type { OrderCard } from './desk';
import {
  changedOffers,
  type EditLine,
  type EditSize,
  isEditable,
  type OrderEditReads,
  type DeliveryEdit,
  type LineEdit,
  type OrderChange,
  type PromoEdit,
  lineText,
  unitsByOffer,
} from './order-edit';
import { deliveryText, orderChangedLetter, orderDeliveryChangedLetter } from './order-edit-letter';
import { type OnlineSettlement, settleOnline } from './order-edit-top-up';
import {
  changePlace,
  deliveryPriceFor,
  goodsOf,
  isPlaceChange,
  type KeptDelivery,
  placeOptions,
  quoteAhead,
} from './order-edit-delivery';
import type { Quotes } from '../delivery/quotes';
import { courierIntervals, intervalStillValid } from '../delivery/schedule';
import { MOSCOW } from '../text/dates';
import type { LockedOrder } from './ports';
import { orderNumber, STATUS_NAMES } from './process';

/** Staff change a placed order before it is assembled (issue 47.6). */
export interface OrderEditService {
  /**
   * One change of the order: a line's quantity or size, a line removed or added, the delivery's address, day and
   * time. Answers the order's card.
   */
  change(ctx: RequestContext, id: number, change: OrderChange): Promise<OrderCard>;
  /**
   * What the card's edit controls offer for an order read through the desk (so in the member's reach): the sizes of
   * its lines' products and the products found by `q`; null when the order cannot be changed, or not by this member.
   */
  options(ctx: RequestContext, card: OrderCard, q?: string): Promise<EditOptions | null>;
}

export interface EditOptions {
  sizes: EditSize[];
  /** The search's sizes; null without a search. */
  found: EditSize[] | null;
  q: string;
  /** A courier order's days and their times to choose from; null for another delivery. */
  slots: Record<string, string[]> | null;
  /** A pickup order's shops within the member's reach; null for another delivery. */
  shops?: { id: number; name: string; address: string }[] | null;
  /** A carrier pickup order's points of its carrier in its town; null for another delivery. */
  points?: { id: number; name: string; address: string; kind: 'point' | 'locker' }[] | null;
}

/** Products a search on the card shows at most. */
const FOUND_PRODUCTS = 8;

const notFound = () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');
const noLine = () => new DomainError('validation', 'В заказе нет такой строки.', 'LINE_UNKNOWN');
const noOffer = () => new DomainError('validation', 'Такого размера нет в продаже.', 'OFFER_UNKNOWN');

const isPromo = (change: LineEdit | PromoEdit): change is PromoEdit =>
  change.action === 'promo-add' || change.action === 'promo-remove';

const shopOf = (order: LockedOrder) => order.delivery.shopId ?? null;

/** The lines after one change; the size and the added line are read as sold now. */
async function applyEdit(repos: TransactionRepositories, lines: EditLine[], edit: LineEdit): Promise<EditLine[]> {
  if (edit.action === 'add') {
    const offer = await repos.orderEdits.offer(edit.offerId);
    if (!offer) throw noOffer();
    const same = lines.find((l) => l.offerId === edit.offerId);
    if (same) return lines.map((l) => (l === same ? { ...l, quantity: l.quantity + edit.quantity } : l));
    return [...lines, { ...offer, id: null, quantity: edit.quantity }];
  }
  const line = lines.find((l) => l.id === edit.lineId);
  if (!line) throw noLine();
  if (edit.action === 'remove') {
    if (lines.length === 1)
      throw new DomainError(
        'validation',
        'Это последняя строка заказа: чтобы убрать всё, отмените заказ с причиной.',
        'LAST_LINE',
      );
    return lines.filter((l) => l !== line);
  }
  if (edit.action === 'quantity') return lines.map((l) => (l === line ? { ...l, quantity: edit.quantity } : l));
  if (edit.offerId === line.offerId) return lines;
  const offer = await repos.orderEdits.offer(edit.offerId);
  if (!offer) throw noOffer();
  if (offer.productId !== line.productId)
    throw new DomainError('validation', 'Размер можно сменить только на размер того же товара.', 'OFFER_OTHER_PRODUCT');
  if (lines.some((l) => l !== line && l.offerId === edit.offerId))
    throw new DomainError(
      'validation',
      `Размер ${offer.sizeName} уже есть в заказе отдельной строкой: измените её количество.`,
      'OFFER_TWICE',
    );
  return lines.map((l) => (l === line ? { ...offer, id: l.id, quantity: l.quantity } : l));
}

export function createOrderEditService(deps: {
  write: StaffWrite;
  reads: OrderEditReads;
  /** The order's card as the desk shows it, read after the change. */
  card(ctx: RequestContext, id: number): Promise<OrderCard>;
  payments: Pick<PaymentsService, 'refundAcross' | 'push' | 'openTopUp' | 'provider'>;
  company: Company;
  orderLink(orderId: number): string;
  /** The idempotence key of a top-up's payment. */
  paymentKey(): string;
  /** The carrier's quotes: a carrier's point or courier address changed is quoted again (issue 47.6). */
  quotes?: Quotes;
}): OrderEditService {
  /** Takes the order's units of the changed offers back and takes what the new lines need, offer by offer. */
  async function moveStock(
    repos: TransactionRepositories,
    order: LockedOrder,
    before: EditLine[],
    after: EditLine[],
    member: StaffMember,
  ) {
    const offers = changedOffers(before, after);
    await repos.orderEdits.lockStock(offers);
    const units = unitsByOffer(after);
    const move = { orderId: order.id, staffId: member.staffId, reason: `Изменение заказа № ${orderNumber(order.id)}` };
    for (const offerId of offers) {
      await repos.stock.release(await repos.orders.takenStock(order.id, [offerId]), { kind: 'cancel', ...move });
      const want = units.get(offerId) ?? 0;
      if (want === 0) continue;
      const taken = await repos.stock.take(
        offerId,
        want,
        order.deliveryType === 'SHOP' ? (shopOf(order) ?? undefined) : undefined,
        { kind: 'order', ...move },
      );
      if (!taken) {
        const line = after.find((l) => l.offerId === offerId);
        throw new DomainError(
          'conflict',
          `Столько нет в наличии: ${line ? `${line.name}, ${line.sizeName}` : 'этот размер'} — уменьшите количество.`,
          'NOT_ENOUGH_STOCK',
        );
      }
      await repos.orderEdits.addTaken(order.id, taken);
    }
  }

  /**
   * The new sums, by the same rules as checkout: the order's promo codes, the card it was placed with, the delivery's
   * price (its free threshold crossed or not, or `delivery` after a change of the delivery), bonuses capped.
   */
  async function priced(repos: TransactionRepositories, order: LockedOrder, lines: EditLine[], delivery?: number) {
    const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const adjustments: Adjustment[] = [];
    for (const promo of await repos.orderEdits.promos(order.id)) {
      if (goods < promo.minBasket)
        throw new DomainError(
          'conflict',
          `Промокод ${promo.code} действует на заказ от ${formatAmount(promo.minBasket)}: после изменения заказ меньше.`,
          'PROMO_MIN_BASKET',
        );
      adjustments.push(promoDiscount(promo));
    }
    const card = await repos.orderEdits.orderCard(order.id, order.userId);
    if (card) adjustments.push({ source: 'card', code: card.number, percent: card.percent, fullPriceOnly: true });
    return computeTotals({
      lines,
      adjustments,
      delivery:
        delivery ??
        deliveryPriceFor(
          await repos.orderEdits.deliveryPrices(),
          order.deliveryType,
          order.delivery as KeptDelivery,
          goodsOf(lines),
          order.deliveryPrice,
        ),
      // The bonuses the order spent stay spent, as far as the new sum allows.
      bonuses: { requested: order.bonusesUsed, balance: order.bonusesUsed },
    });
  }

  /** What an online payment does about the new total: a top-up of a rise, a refund of a fall (order-edit-top-up.ts). */
  async function settle(
    repos: TransactionRepositories,
    order: LockedOrder,
    total: number,
    lines: { name: string; sizeName: string; quantity: number; total: number }[],
    delivery: number,
    member: StaffMember,
  ): Promise<OnlineSettlement | null> {
    if (order.paymentMethod !== 'ONLINE' || total === order.total) return null;
    return settleOnline(
      repos,
      { provider: deps.payments.provider, newKey: deps.paymentKey, refundAcross: deps.payments.refundAcross },
      { order, total, lines, delivery, member },
    );
  }

  /** A promo code applied by checkout's rules (its uses counted) or taken off (its use given back); the lines stay. */
  async function changePromo(
    ctx: RequestContext,
    repos: TransactionRepositories,
    order: LockedOrder,
    change: PromoEdit,
    lines: EditLine[],
    current: string[],
  ): Promise<EditLine[]> {
    const code = normalizePromo(change.code);
    if (change.action === 'promo-remove') {
      if (!current.includes(code))
        throw new DomainError('validation', `Промокода ${code} в заказе нет.`, 'PROMO_NOT_ON_ORDER');
      await repos.orderEdits.dropPromo(order.id, code);
      return lines;
    }
    if (current.includes(code))
      throw new DomainError('conflict', `Промокод ${code} уже применён к заказу.`, 'PROMO_ON_ORDER');
    const customer = order.userId !== null ? `user:${order.userId}` : `phone:${order.phone}`;
    const promo = await repos.orderEdits.promo(code);
    const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    promoAdjustment(promo, { now: ctx.now(), goods, customerUses: await repos.orderEdits.promoUses(code, customer) });
    const taken = await repos.orders.takePromo(code, customer, promo as PromoCode);
    if (taken === 'stopped')
      throw new DomainError('conflict', `Промокод ${code} больше не действует.`, 'PROMOCODE_EXPIRED');
    if (taken === 'used') throw new DomainError('conflict', `Промокод ${code} уже использован.`, 'PROMOCODE_USED');
    await repos.orders.notePromoUse(code, order.id, customer);
    return lines;
  }

  /** The shopper's letter about the new delivery: its text first, then what else changed (price, total, money). */
  async function tellDeliveryChanged(
    repos: TransactionRepositories,
    order: LockedOrder,
    [delivery, ...more]: string[],
  ) {
    if (order.email)
      await repos.outbox.enqueue(
        orderDeliveryChangedLetter({
          company: deps.company,
          email: order.email,
          name: order.name,
          number: orderNumber(order.id),
          url: deps.orderLink(order.id),
          delivery: delivery as string,
          ...(more.length > 0 ? { more } : {}),
        }),
      );
  }

  /** The courier's or the post's address, the courier's day and time: the same price, the shopper told. */
  async function changeDelivery(
    ctx: RequestContext,
    repos: TransactionRepositories,
    order: LockedOrder,
    change: DeliveryEdit,
    member: StaffMember,
  ) {
    const was = order.delivery as { address?: string; date?: string; time?: string; carrier?: string };
    const patch: { address?: string; date?: string; time?: string } = {};
    if (change.address !== undefined && change.address !== was.address) {
      if (order.deliveryType !== 'COURIER' && order.deliveryType !== 'POCHTA')
        throw new DomainError(
          'validation',
          'Адрес меняется только у курьерского и почтового заказа.',
          'ADDRESS_NOT_ASKED',
        );
      // A carrier's courier was priced and coded for the address's town: another address is the carrier's question.
      if (was.carrier)
        throw new DomainError(
          'conflict',
          'Заказ доставляет перевозчик по рассчитанному адресу: чтобы сменить адрес, отмените заказ и оформите новый.',
          'ADDRESS_CARRIER',
        );
      patch.address = change.address;
    }
    if (change.date !== undefined || change.time !== undefined) {
      if (order.deliveryType !== 'COURIER')
        throw new DomainError(
          'validation',
          'День и время доставки — только у курьерского заказа.',
          'INTERVAL_NOT_ASKED',
        );
      const date = change.date ?? was.date ?? '';
      const time = change.time ?? was.time ?? '';
      if (date !== was.date || time !== was.time) {
        if (!intervalStillValid(courierIntervals(ctx.now(), MOSCOW, { sameDayStock: false }), date, time))
          throw new DomainError(
            'validation',
            'Такого интервала доставки нет: выберите день и время из предложенных.',
            'INTERVAL_DELIVERY',
          );
        patch.date = date;
        patch.time = time;
      }
    }
    if (Object.keys(patch).length === 0)
      throw new DomainError('validation', 'Доставка уже такая: измените адрес, день или время.', 'NOTHING_CHANGED');
    await repos.orderEdits.setDelivery(order.id, patch);
    const beforeText = deliveryText(was);
    const afterText = deliveryText({ ...was, ...patch });
    await repos.orders.addNote(
      order.id,
      member.staffId,
      `Доставка изменена. Было: ${beforeText}. Стало: ${afterText}.`,
    );
    await tellDeliveryChanged(repos, order, [afterText]);
    const before = Object.fromEntries(Object.keys(patch).map((k) => [k, was[k as keyof typeof patch] ?? null]));
    return { value: null, before, after: patch };
  }

  return {
    async options(ctx, card, q) {
      const member = requirePermission(ctx, 'orders.read');
      if (!isEditable(card.status) || !can(member, 'orders.move', card.shopId)) return null;
      const shopId = card.deliveryType === 'SHOP' ? card.shopId : null;
      const query = q?.trim().slice(0, 100) ?? '';
      const [sizes, found] = await Promise.all([
        deps.reads.sizes([...new Set(card.lines.map((l) => l.productId))], shopId),
        query.length >= 2 ? deps.reads.find(query, shopId, FOUND_PRODUCTS) : Promise.resolve(null),
      ]);
      const slots =
        card.deliveryType === 'COURIER' ? courierIntervals(ctx.now(), MOSCOW, { sameDayStock: false }) : null;
      return { sizes, found, q: query, slots, ...(await placeOptions(deps.reads, member, card)) };
    },

    async change(ctx, id, change) {
      const ahead = change.action === 'delivery' ? await quoteAhead(deps.quotes, deps.reads, id, change) : null;
      const settled = await deps.write(ctx, 'order.edit', { id }, async (repos, scope) => {
        const member = scope.member as StaffMember;
        const order = await repos.orders.lockForChange(id);
        if (!order) throw notFound();
        scope.inShop(shopOf(order), notFound);
        if (!isEditable(order.status))
          throw new DomainError(
            'conflict',
            `Заказ в статусе «${STATUS_NAMES[order.status]}»: менять его можно только до сборки.`,
            'ORDER_NOT_EDITABLE',
          );
        if (change.action === 'delivery' && isPlaceChange(order, change)) {
          const lines = await repos.orderEdits.lines(id);
          let settledPlace: OnlineSettlement | null = null;
          const placed = await changePlace(
            { quoting: Boolean(deps.quotes), ahead },
            ctx,
            repos,
            order,
            change,
            member,
            lines,
            {
              async apply(deliveryPrice) {
                const totals = await priced(repos, order, lines, deliveryPrice);
                const pricedLines = lines.map((l, i) => ({ ...l, total: totals.lines[i]?.total ?? 0 }));
                settledPlace = await settle(repos, order, totals.total, pricedLines, deliveryPrice, member);
                await repos.orderEdits.writeSums(id, { ...totals, deliveryPrice });
                if (order.userId !== null && totals.bonusesUsed < order.bonusesUsed)
                  await repos.orders.returnBonuses(order.userId, id, order.bonusesUsed - totals.bonusesUsed);
                return {
                  total: totals.total,
                  refund: settledPlace?.refund ?? null,
                  topUp: settledPlace?.topUp ?? null,
                };
              },
            },
          );
          await tellDeliveryChanged(repos, order, placed.letter);
          return { value: settledPlace, before: placed.before, after: placed.after };
        }
        if (change.action === 'delivery') return changeDelivery(ctx, repos, order, change, member);
        const before = await repos.orderEdits.lines(id);
        const promosBefore = (await repos.orderEdits.promos(id)).map((p) => p.code);
        const after = isPromo(change)
          ? await changePromo(ctx, repos, order, change, before, promosBefore)
          : await applyEdit(repos, before, change);
        const promosAfter = (await repos.orderEdits.promos(id)).map((p) => p.code);
        const promoText =
          promosAfter.join() === promosBefore.join()
            ? ''
            : ` Промокоды: ${promosBefore.join(', ') || 'нет'} → ${promosAfter.join(', ') || 'нет'}.`;
        const totals = await priced(repos, order, after);
        const lines = after.map((l, i) => ({ ...l, total: totals.lines[i]?.total ?? 0 }));
        const settled = await settle(repos, order, totals.total, lines, totals.delivery, member);
        const made = settled?.refund ?? null;
        const topUp = settled?.topUp ?? null;
        await moveStock(repos, order, before, after, member);
        await repos.orderEdits.writeLines(id, lines);
        await repos.orderEdits.writeSums(id, {
          items: totals.items,
          discount: totals.discount,
          bonusesUsed: totals.bonusesUsed,
          total: totals.total,
          deliveryPrice: totals.delivery,
        });
        if (order.userId !== null && totals.bonusesUsed < order.bonusesUsed)
          await repos.orders.returnBonuses(order.userId, id, order.bonusesUsed - totals.bonusesUsed);
        const was = before.map(lineText);
        const now = after.map(lineText);
        await repos.orders.addNote(
          id,
          member.staffId,
          `Заказ изменён. Было: ${was.join('; ')} — ${formatAmount(order.total)}. Стало: ${now.join('; ')} — ${formatAmount(totals.total)}.${promoText}${totals.delivery === order.deliveryPrice ? '' : ` Доставка: ${formatAmount(order.deliveryPrice)} → ${formatAmount(totals.delivery)}.`}${made ? ` Возврат ${formatAmount(made.amount)}.` : ''}${settled?.withdrawn ? ` Доплата ${formatAmount(settled.withdrawn.amount)} отменена.` : ''}${topUp ? ` Ожидается доплата ${formatAmount(topUp.amount)}.` : ''}`,
        );
        if (order.email)
          await repos.outbox.enqueue(
            orderChangedLetter({
              company: deps.company,
              email: order.email,
              name: order.name,
              number: orderNumber(id),
              url: deps.orderLink(id),
              lines,
              discount: totals.discount,
              deliveryPrice: totals.delivery,
              bonusesUsed: totals.bonusesUsed,
              total: totals.total,
              refund: made?.amount ?? 0,
              topUp: topUp?.amount ?? 0,
            }),
          );
        return {
          value: settled,
          before: {
            lines: was,
            total: order.total,
            ...(promoText ? { promoCodes: promosBefore } : {}),
            ...(totals.delivery !== order.deliveryPrice ? { deliveryPrice: order.deliveryPrice } : {}),
          },
          after: {
            lines: now,
            total: totals.total,
            ...(totals.delivery !== order.deliveryPrice ? { deliveryPrice: totals.delivery } : {}),
            ...(promoText ? { promoCodes: promosAfter } : {}),
            ...(made ? { refundId: made.id, refund: made.amount } : {}),
            ...(topUp ? { topUpId: topUp.id, topUp: topUp.amount } : {}),
            ...(settled?.withdrawn ? { topUpCancelled: settled.withdrawn.amount } : {}),
          },
        };
      });
      // The gateway is asked after the commit; one that does not answer leaves the refund for the reconcile run, the
      // top-up for the shopper's «Доплатить» (the letter links to the order's page, which opens it again).
      for (const refund of settled?.refunds ?? []) await deps.payments.push(refund.id).catch(() => null);
      if (settled?.topUp) await deps.payments.openTopUp(id, settled.topUp.paymentId, 'order-edit').catch(() => null);
      return deps.card(ctx, id);
    },
  };
}
