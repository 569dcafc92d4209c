import type { TransactionRepositories, UnitOfWork } from '../domain/uow';
import type { Db } from './client';
import { discountCardRepository } from './repositories/cabinet';
import { credentialsRepository } from './repositories/credentials';
import { auditRepository } from './repositories/audit';
import { basketRepository } from './repositories/basket';
import { consentRepository } from './repositories/consents';
import { orderChangeWrites } from './repositories/order-changes';
import { orderPlacementWrites } from './repositories/order-placement';
import { newsletterRepository } from './repositories/newsletter';
import { outboxRepository } from './repositories/outbox';
import { paymentWrites } from './repositories/payments';
import { phoneCodeRepository } from './repositories/phone-codes';
import { questionsRepository } from './repositories/questions';
import { staffRepository } from './repositories/staff';
import { stockRepository } from './repositories/stock';
import { catalogAdminRepository } from './repositories/catalog-admin';
import { contentAdminReads, contentAdminWrites } from './repositories/content-admin';
import { customerWrites } from './repositories/customers-admin';
import { exchangeAdminRepository } from './repositories/exchange-admin';
import { photoWrites } from './repositories/photos';
import { promoAdminRepository } from './repositories/promo-admin';
import { productMakingWrites } from './repositories/product-making';
import { promoBatchRepository } from './repositories/promo-batches';
import { questionsAdminWrites } from './repositories/questions-admin';
import { shopsAdminWrites } from './repositories/shops-admin';
import { stockDocumentWrites } from './repositories/stock-admin';
import { shipmentWrites } from './repositories/shipments';
import { reviewWrites } from './repositories/reviews';
import { staffNotificationWrites } from './repositories/staff-notifications';
import { catalogIoWrites } from './repositories/catalog-io';
import { orderViewWrites } from './repositories/order-bulk';
import { orderEditWrites } from './repositories/order-edits';
import { topUpWrites } from './repositories/order-top-ups';

/** The repositories of `TransactionRepositories`, on whatever they are given: the database or a transaction. */
export function transactionRepositories(db: Db): TransactionRepositories {
  return {
    credentials: credentialsRepository(db),
    audit: auditRepository(db),
    basket: basketRepository(db),
    discountCards: discountCardRepository(db),
    consents: consentRepository(db),
    newsletter: newsletterRepository(db),
    orders: { ...orderPlacementWrites(db), ...orderChangeWrites(db) },
    outbox: outboxRepository(db),
    payments: paymentWrites(db),
    shipments: shipmentWrites(db),
    phoneCodes: phoneCodeRepository(db),
    questions: questionsRepository(db),
    staff: staffRepository(db),
    stock: stockRepository(db),
    catalog: catalogAdminRepository(db),
    content: contentAdminWrites(db),
    contentReads: contentAdminReads(db),
    customers: customerWrites(db),
    exchangeMappings: exchangeAdminRepository(db),
    photos: photoWrites(db),
    promo: promoAdminRepository(db),
    answers: questionsAdminWrites(db),
    shops: shopsAdminWrites(db),
    stockDocuments: stockDocumentWrites(db),
    reviews: reviewWrites(db),
    staffNotifications: staffNotificationWrites(db),
    making: productMakingWrites(db),
    promoBatches: promoBatchRepository(db),
    catalogIo: catalogIoWrites(db),
    orderViews: orderViewWrites(db),
    orderEdits: orderEditWrites(db),
    topUps: topUpWrites(db),
  };
}

/**
 * `UnitOfWork` on a Drizzle transaction. A repository that opens a transaction of its own inside `run` gets a
 * savepoint, so its writes still commit or roll back with the unit.
 */
export function unitOfWork(db: Db): UnitOfWork {
  return {
    run: (work) => db.transaction((tx) => work(transactionRepositories(tx))),
  };
}
