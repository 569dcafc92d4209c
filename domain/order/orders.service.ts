import { type RequestContext, userIdOf } from '../context';
import { DomainError } from '../errors';
import { DELIVERY_NAMES, orderNumber } from './checkout.service';
import { type DeliveryType, type OrderState, STATE_NAMES } from './process';

/** An order as its owner sees it (the confirmation, the cabinet's history, the letter's link); money in kopecks. */
export interface OrderView {
  id: number;
  number: string;
  createdAt: string;
  status: OrderState;
  statusName: string;
  deliveryType: DeliveryType;
  deliveryName: string;
  /** The address, slot, shop or point, as chosen. */
  delivery: { address?: string; date?: string; time?: string; shop?: string; point?: string };
  name: string;
  lastName: string;
  phone: string;
  email: string;
  comment: string;
  items: number;
  discount: number;
  deliveryPrice: number;
  bonusesUsed: number;
  total: number;
  lines: {
    productId: number;
    name: string;
    sizeName: string;
    quantity: number;
    price: number;
    total: number;
    image: string | null;
    url: string | null;
  }[];
}

export interface StoredOrder extends Omit<OrderView, 'number' | 'statusName' | 'deliveryName'> {
  userId: number | null;
  sessionId: string;
}

export interface OrdersRepository {
  order(id: number): Promise<StoredOrder | null>;
  /** The user's orders, newest first. */
  ofUser(userId: number): Promise<StoredOrder[]>;
}

export interface OrdersService {
  /**
   * The order for its owner: the user who placed it, the session that placed it, or whoever holds the signed link
   * of its letter. Anyone else gets the same «not found» as for a number that does not exist.
   */
  view(ctx: RequestContext, id: number, token?: string): Promise<OrderView>;
  history(ctx: RequestContext): Promise<OrderView[]>;
}

const view = (o: StoredOrder): OrderView => {
  const { userId: _user, sessionId: _session, ...rest } = o;
  return {
    ...rest,
    number: orderNumber(o.id),
    statusName: STATE_NAMES[o.status],
    deliveryName: DELIVERY_NAMES[o.deliveryType],
  };
};

export function createOrdersService(deps: {
  repo: OrdersRepository;
  tokenValid(orderId: number, token: string): boolean;
}): OrdersService {
  const notFound = () => new DomainError('not_found', 'Заказ не найден.', 'ORDER_NOT_FOUND');
  return {
    async view(ctx, id, token) {
      const order = await deps.repo.order(id);
      if (!order) throw notFound();
      const userId = userIdOf(ctx);
      const owner =
        (order.userId !== null && order.userId === userId) ||
        (order.userId === null && order.sessionId === ctx.sessionId) ||
        (token !== undefined && deps.tokenValid(id, token));
      if (!owner) throw notFound();
      return view(order);
    },

    async history(ctx) {
      const userId = userIdOf(ctx);
      if (userId === null) return [];
      return (await deps.repo.ofUser(userId)).map(view);
    },
  };
}
