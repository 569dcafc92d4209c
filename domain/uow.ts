import type { DiscountCardRepository } from './account/account.service';
import type { AccountsRepository } from './auth/accounts.service';
import type { PhoneCodeRepository } from './auth/phone-codes.service';
import type { BasketRepository } from './basket/basket.service';
import type { ConsentRepository } from './consent/consent';
import type { QuestionWrites } from './feedback/feedback.service';
import type { StockRepository } from './inventory/allocation';
import type { OutboxRepository } from './messages/outbox';
import type { NewsletterRepository } from './newsletter/newsletter.service';
import type { OrderRepository } from './order/ports';
import type { AuditWrites } from './staff/audit';
import type { StaffRepository } from './staff/ports';

/**
 * The repositories whose writes must commit together. Saving an order writes stock, order rows, the promo code's
 * use, the consent and the confirmation message: all or none. Areas add their repository here as they come.
 */
export interface TransactionRepositories {
  accounts: AccountsRepository;
  /** The audit log of staff writes: an entry commits with the change it records. */
  audit: AuditWrites;
  basket: BasketRepository;
  cards: DiscountCardRepository;
  consents: ConsentRepository;
  newsletter: NewsletterRepository;
  orders: OrderRepository;
  outbox: OutboxRepository;
  questions: QuestionWrites;
  phoneCodes: PhoneCodeRepository;
  staff: StaffRepository;
  stock: StockRepository;
}

/**
 * A unit of work: `run` gives `work` repositories bound to one database transaction, commits when `work` resolves
 * and rolls everything back when it throws (the error is passed on). The same on PGlite and PostgreSQL.
 */
export interface UnitOfWork {
  run<T>(work: (repos: TransactionRepositories) => Promise<T>): Promise<T>;
}
