import type { DiscountCardRepository } from './cabinet/ports';
import type { CredentialsRepository, PhoneCodeRepository } from './auth/ports';
import type { BasketRepository } from './basket/ports';
import type { ConsentRepository } from './consent/consent';
import type { QuestionWrites } from './feedback/ports';
import type { StockRepository } from './inventory/allocation';
import type { OutboxRepository } from './messages/outbox';
import type { OrderEditWrites } from './order/order-edit';
import type { TopUpWrites } from './order/order-edit-top-up';
import type { NewsletterRepository } from './newsletter/ports';
import type { OrderWrites } from './order/ports';
import type { PaymentWrites } from './payment/ports';
import type { AuditWrites } from './staff/audit';
import type { StaffRepository } from './staff/ports';
import type { CatalogAdminRepository } from './catalog/admin/catalog-admin';
import type { ContentAdminReads, ContentAdminWrites } from './content/content-admin';
import type { CustomerWrites } from './customers/customers-admin';
import type { ExchangeAdminRepository } from './exchange/exchange-admin';
import type { QuestionsAdminWrites } from './feedback/questions-admin';
import type { StockDocumentWrites } from './inventory/stock-documents';
import type { PhotoWrites } from './photos/photos';
import type { PromoAdminRepository } from './pricing/promo-admin';
import type { ShopsAdminWrites } from './stores/shops-admin';
import type { ShipmentWrites } from './delivery/shipments';
import type { ReviewWrites } from './reviews/review';
import type { StaffNotificationWrites } from './staff-notifications/ports';
import type { ProductMakingWrites } from './catalog/admin/product-making';
import type { PromoBatchRepository } from './pricing/promo-batches';
import type { CatalogIoWrites } from './catalog/io/catalog-io.service';
import type { OrderViewWrites } from './order/order-views';

/**
 * The repositories whose writes must commit together. Saving an order writes stock, order rows, the promo code's
 * use, the consent and the confirmation message: all or none. Areas add their repository here as they come.
 */
export interface TransactionRepositories {
  credentials: CredentialsRepository;
  /** The audit log of staff writes: an entry commits with the change it records. */
  audit: AuditWrites;
  basket: BasketRepository;
  discountCards: DiscountCardRepository;
  consents: ConsentRepository;
  newsletter: NewsletterRepository;
  orders: OrderWrites;
  outbox: OutboxRepository;
  payments: PaymentWrites;
  /** An order's parcel with a carrier: claimed, registered, its events applied with the order's moves. */
  shipments: ShipmentWrites;
  questions: QuestionWrites;
  phoneCodes: PhoneCodeRepository;
  staff: StaffRepository;
  stock: StockRepository;
  // The back office's writes (each made through `staffWrite`, domain/staff/staff-write.ts).
  catalog: CatalogAdminRepository;
  content: ContentAdminWrites;
  contentReads: ContentAdminReads;
  customers: CustomerWrites;
  exchangeMappings: ExchangeAdminRepository;
  photos: PhotoWrites;
  promo: PromoAdminRepository;
  answers: QuestionsAdminWrites;
  shops: ShopsAdminWrites;
  stockDocuments: StockDocumentWrites;
  /** Reviews' moderation (with the products' rating) and the invitation letters' claim (issue 44.2). */
  reviews: ReviewWrites;
  /** What the staff hear about (issue 47.1): one row per event and member, with its message. */
  staffNotifications: StaffNotificationWrites;
  /** Products made, copied and changed in bulk in the back office (issue 47.5). */
  making: ProductMakingWrites;
  /** Batches of one-use promo codes (issue 47.5). */
  promoBatches: PromoBatchRepository;
  /** The catalogue import's apply (issue 47.5): prices, the products' hold and stock in a few statements. */
  catalogIo: CatalogIoWrites;
  /** The orders desk's saved views (issue 47.7). */
  orderViews: OrderViewWrites;
  /** A placed order changed from the desk (issue 47.6): its lines, their stock and its sums. */
  orderEdits: OrderEditWrites;
  /** An online order's top-ups after a change raised its total (issue 47.6). */
  topUps: TopUpWrites;
}

/**
 * A unit of work: `run` gives `work` repositories bound to one database transaction, commits when `work` resolves
 * and rolls everything back when it throws (the error is passed on). The same on PGlite and PostgreSQL.
 */
export interface UnitOfWork {
  run<T>(work: (repos: TransactionRepositories) => Promise<T>): Promise<T>;
}
