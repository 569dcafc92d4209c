import type { StockAlertChannel, StockAlertState } from '../stock-alerts/stock-alerts.service';
import { TOPICS, type Topic } from '../feedback/topics';

/**
 * What a customer did with the shop over their whole time (issue 47.2), for an account and a guest alike: the
 * lifetime figures, the returns, the stock-alert subscriptions and the questions. Money in kopecks.
 */
export interface CustomerLifetime {
  /** Every order, whatever its status. */
  allOrders: number;
  /** Orders received by the customer (status «Получен»): neither cancelled nor returned. */
  completed: number;
  /** Their sum, kopecks (a try-on's lines given back at the door are out of it already). */
  completedSum: number;
  returns: {
    /** Orders sent back after they were received (status «Возврат»), and their sum. */
    orders: number;
    sum: number;
    /** Money given back to the card (refunds the provider made). */
    refunded: number;
    /** Lines given back at the door after a courier try-on. */
    linesGivenBack: number;
  };
  /** Bonuses over the account's life: credited for orders, and spent on orders. Zero for a guest. */
  bonuses: { credited: number; spent: number };
}

/** The customer's «Сообщить о поступлении» subscriptions, newest first. */
export interface CustomerSubscription {
  id: number;
  productId: number;
  productName: string;
  sizeName: string;
  channel: StockAlertChannel;
  state: StockAlertState;
  stateName: string;
  createdAt: string;
}

/** The customer's questions from the feedback form, newest first. */
export interface CustomerQuestion {
  id: number;
  topic: string;
  topicName: string;
  /** The question's first words. */
  excerpt: string;
  answered: boolean;
  createdAt: string;
}

export interface CustomerHistory {
  lifetime: CustomerLifetime;
  subscriptions: CustomerSubscription[];
  questions: CustomerQuestion[];
}

export const SUBSCRIPTION_STATE_NAMES: Readonly<Record<StockAlertState, string>> = {
  pending: 'ждёт подтверждения',
  active: 'ждёт поступления',
  sent: 'сообщили',
  cancelled: 'отменена',
};

const EXCERPT = 120;

/** The first words of a question, cut at a word. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT) return flat;
  const cut = flat.slice(0, EXCERPT);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Whose history: an account's (by its id), or a guest's (orders without an account, by their phones and emails). */
export type HistoryOwner = { userId: number } | { phones: string[]; emails: string[] };

export interface CustomerHistoryReads {
  history(owner: HistoryOwner): Promise<{
    lifetime: CustomerLifetime;
    subscriptions: (Omit<CustomerSubscription, 'stateName' | 'createdAt'> & { createdAt: Date })[];
    questions: { id: number; topic: string; message: string; answered: boolean; createdAt: Date }[];
  }>;
}

/** The stored history as the card shows it. */
export function historyOf(facts: Awaited<ReturnType<CustomerHistoryReads['history']>>): CustomerHistory {
  return {
    lifetime: facts.lifetime,
    subscriptions: facts.subscriptions.map((s) => ({
      ...s,
      stateName: SUBSCRIPTION_STATE_NAMES[s.state] ?? s.state,
      createdAt: s.createdAt.toISOString(),
    })),
    questions: facts.questions.map((q) => ({
      id: q.id,
      topic: q.topic,
      topicName: TOPICS[q.topic as Topic] ?? q.topic,
      excerpt: excerptOf(q.message),
      answered: q.answered,
      createdAt: q.createdAt.toISOString(),
    })),
  };
}
