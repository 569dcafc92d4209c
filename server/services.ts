// Over 400 lines because it is the composition root: every service and adapter is wired from the settings here, in
// one place a reader can follow.
import type { Company } from '../domain/content/company';
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { deliveryProviderOf, paymentProviderOf, type Settings } from '../config/settings';
import { cdekShipmentKeys, shipmentReads } from '../db/repositories/shipments';
import { testCarrierStore } from '../db/repositories/test-carrier';
import { offerParcels } from '../db/repositories/parcels';
import { createShipmentsService } from '../domain/delivery/shipments.service';
import { testCarrierParcels, testDeliveryDesk } from './delivery/test-carrier/parcels';
import { cdekCarrier } from './delivery/cdek';
import { russianPostOffice } from './delivery/russian-post';
import { paymentReads } from '../db/repositories/payments';
import { addressSuggestionsOf } from './delivery/dadata';
import { testGatewayStore } from '../db/repositories/test-gateway';
import { createPaymentsService } from '../domain/payment/payments.service';
import { testGateway } from './payment/test-gateway';
import { countedPort } from './ops/counted-port';
import { createAlertsService } from '../domain/alerts/alerts.service';
import { alertsRepository } from '../db/repositories/alerts';
import { yookassaGateway } from './payment/yookassa';
import { vatRateOf } from './payment/yookassa-words';
import type { Database } from '../db/client';
import { scryptHasher } from './auth/passwords';
import { cabinetRepository, discountCardRepository, personalDataRepository } from '../db/repositories/cabinet';
import { createPersonalDataService } from '../domain/cabinet/personal-data';
import { credentialsRepository } from '../db/repositories/credentials';
import { sessionUserRepository } from '../db/repositories/session-user';
import { sessionsRepository } from '../db/repositories/sessions';
import { basketRepository } from '../db/repositories/basket';
import { checkoutRepository } from '../db/repositories/checkout';
import { contentRepository } from '../db/repositories/content';
import { dashboardRepository } from '../db/repositories/dashboard';
import { orderReads } from '../db/repositories/orders';
import { questionsRepository } from '../db/repositories/questions';
import { shopsRepository } from '../db/repositories/shops';
import { homeRepository } from '../db/repositories/product-cards';
import { listingRepository } from '../db/repositories/listing';
import { facetSource } from '../db/repositories/facet-source';
import { relatedRepository } from '../db/repositories/related';
import { searchRepository } from '../db/repositories/search';
import { productRepository } from '../db/repositories/product';
import { publishedReviewsRepository } from '../db/repositories/reviews-published';
import { eventsRepository } from '../db/repositories/events';
import { funnelRepository } from '../db/repositories/funnel';
import { funnelFeaturesRepository } from '../db/repositories/funnel-features';
import { menuRepository } from '../db/repositories/menu';
import { newsletterRepository } from '../db/repositories/newsletter';
import { tableRateLimiter } from '../db/repositories/rate-limits';
import { phoneCodeRepository } from '../db/repositories/phone-codes';
import { regionsRepository } from '../db/repositories/regions';
import { auditRepository } from '../db/repositories/audit';
import { staffRepository } from '../db/repositories/staff';
import { exchangeRepository } from '../db/repositories/exchange';
import { exchangeCatalogueStore } from '../db/repositories/exchange-catalogue';
import { createCatalogueImporter } from '../domain/exchange/catalogue-import';
import { packagePhotos } from './exchange/package-photos';
import { exchangeSaleLog } from '../db/repositories/exchange-sale';
import { exchangeAdminRepository } from '../db/repositories/exchange-admin';
import { totpSecondFactor } from './auth/totp';
import { unitOfWork } from '../db/uow';
import { createCabinetService } from '../domain/cabinet/cabinet.service';
import { cardNumber } from '../domain/cabinet/discount-card';
import { createCredentialsService } from '../domain/auth/credentials.service';
import { createSessionUserService } from '../domain/auth/session-user.service';
import { createPhoneCodesService } from '../domain/auth/phone-codes.service';
import { createBasketService } from '../domain/basket/basket.service';
import { createHomeService } from '../domain/catalog/listing/home.service';
import { createListingService } from '../domain/catalog/listing/listing.service';
import { createRelatedService } from '../domain/catalog/related/related.service';
import { createSearchService } from '../domain/catalog/search/search.service';
import { createProductService } from '../domain/catalog/product/product.service';
import { createPublishedReviewsService } from '../domain/reviews/published.service';
import { createEventsService } from '../domain/events/events.service';
import { createFunnelService } from '../domain/events/funnel.service';
import { createFunnelFeaturesService } from '../domain/events/funnel-features.service';
import { ATTRIBUTION_DAYS } from '../domain/events/funnel-features';
import { limitRulesFrom } from '../domain/limits/rules';
import { memoryRateLimiter } from '../domain/limits/memory-limiter';
import { createMenuService } from '../domain/menu/menu.service';
import { cardTries } from '../domain/order/card-tries';
import { createCheckoutService } from '../domain/order/checkout.service';
import { createContentService } from '../domain/content/content.service';
import { createDashboardService } from '../domain/order/dashboard.service';
import { MOSCOW } from '../domain/text/dates';
import { createOrdersService } from '../domain/order/orders.service';
import { createOrderMoves } from '../domain/order/order-moves';
import { createOrderDeskService } from '../domain/order/desk.service';
import { createOrderEditService } from '../domain/order/order-edit.service';
import { topUpReads } from '../db/repositories/order-top-ups';
import { orderEditReads } from '../db/repositories/order-edits';
import { orderDeskRepository } from '../db/repositories/order-desk';
import { orderBulkReads, orderViewReads } from '../db/repositories/order-bulk';
import { createOrderBulkService } from '../domain/order/bulk.service';
import { createOrdersPdfService } from '../domain/order/bulk-pdf';
import { ordersPdf } from './print/orders-pdf';
import { createOrderViewsService } from '../domain/order/order-views';
import { createFeedbackService } from '../domain/feedback/feedback.service';
import { createShopsService } from '../domain/stores/shops.service';
import { createNewsletterService } from '../domain/newsletter/newsletter.service';
import { createSessionsService } from '../domain/sessions/sessions.service';
import { carrierOfSettings, type DeliverySettings } from './delivery/carrier-of-settings';
import { carrierPlacesRepository } from '../db/repositories/carrier-places';
import { deliveryQuotesRepository } from '../db/repositories/delivery-quotes';
import { createPlacesService } from '../domain/delivery/places.service';
import { createQuotes } from '../domain/delivery/quotes';
import type { CarrierDelivery } from '../domain/order/carrier-delivery';
import { enforce } from '../domain/limits/limits';
import { createRegionsService } from '../domain/regions/regions.service';
import { createStaffAccountsService } from '../domain/staff/staff-accounts.service';
import { createStaffBootstrapService } from '../domain/staff/staff-bootstrap.service';
import { createStaffTeamService } from '../domain/staff/staff-team.service';
import { createStaffWrite } from '../domain/staff/staff-write';
import { createExchangeService } from '../domain/exchange/exchange.service';
import { createExchangeAdminService } from '../domain/exchange/exchange-admin';
import type { Invalidations } from '../domain/cache-tags';
import type { Services } from '../domain/services';
import { createCatalogAdminService } from '../domain/catalog/admin/catalog-admin.service';
import { catalogAdminRepository } from '../db/repositories/catalog-admin';
import { catalogIoReads } from '../db/repositories/catalog-io';
import { createCatalogIoService } from '../domain/catalog/io/catalog-io.service';
import { readTable } from './catalog-io/sheets';
import { createPhotosService } from '../domain/photos/photos.service';
import { photoWrites } from '../db/repositories/photos';
import { openPhotoStore } from './images/open-photo-store';
import type { PhotoStore } from './images/photo-store';
import { photoUploads } from './images/upload-check';
import { createStockAdminService } from '../domain/inventory/stock-documents';
import { stockAdminReads } from '../db/repositories/stock-admin';
import { createStockDocumentDesk } from '../domain/inventory/stock-document-desk';
import { stockDocumentReads } from '../db/repositories/stock-document-reads';
import { createPromoAdminService } from '../domain/pricing/promo-admin';
import { promoAdminRepository } from '../db/repositories/promo-admin';
import { createProductMakingService } from '../domain/catalog/admin/product-making';
import { createPromoBatchService } from '../domain/pricing/promo-batches';
import { promoBatchRepository } from '../db/repositories/promo-batches';
import { productMakingWrites } from '../db/repositories/product-making';
import { contentAdminReads } from '../db/repositories/content-admin';
import { createContentAdminService } from '../domain/content/content-admin.service';
import { createShopsAdminService } from '../domain/stores/shops-admin';
import { shopsAdminRepository } from '../db/repositories/shops-admin';
import { createQuestionsAdminService } from '../domain/feedback/questions-admin';
import { questionsAdminRepository } from '../db/repositories/questions-admin';
import { createCustomersAdminService } from '../domain/customers/customers-admin';
import { refuseBlockedLogin } from '../domain/customers/blocked';
import { createStockAlertsService } from '../domain/stock-alerts/stock-alerts.service';
import { stockAlertsRepository } from '../db/repositories/stock-alerts';
import { stockAlertSweeper, withStockAlertKicks } from './stock-alerts';
import { customerBlocks, customersAdminReads } from '../db/repositories/customers-admin';
import { deskSearchRepository } from '../db/repositories/desk-search';
import { createDeskSearchService } from '../domain/search/desk-search.service';
import { customerHistoryReads } from '../db/repositories/customer-history';
import { guestReads } from '../db/repositories/guest-customers';
import { createReviewsService } from '../domain/reviews/review.service';
import { reviewReads } from '../db/repositories/reviews';
import { createStaffNotificationsService } from '../domain/staff-notifications/notifications.service';
import { staffNotificationReads } from '../db/repositories/staff-notifications';
import { withNotificationKicks } from './staff-notifications';

type DeliverySettingNames = keyof DeliverySettings | 'POCHTA_FROM_INDEX' | 'POCHTA_TARIFF_URL';

/** The composition root: repositories on the database, services on the repositories. */
export function createServices(deps: {
  database: Pick<Database, 'db' | 'kind'>;
  settings: Pick<
    Settings,
    | 'WRITE_LIMIT_PER_SESSION'
    | 'WRITE_LIMIT_PER_CLIENT'
    | 'NEW_SESSIONS_PER_CLIENT'
    | 'PHONE_CODES_PER_CLIENT'
    | 'LOGIN_TRIES_PER_CLIENT'
    | 'PROMO_TRIES_PER_CLIENT'
    | 'ACCOUNT_LETTERS_PER_CLIENT'
    | 'YOOKASSA_NOTIFY_PER_CLIENT'
    | 'YOOKASSA_NOTIFY_PER_MINUTE'
    | 'SITE_URL'
    | 'GIVE_OUT_DISCOUNT_CARD_ON_REGISTER'
    | 'ORDERS_PER_PHONE_DAY'
    | 'STOCK_ALERTS_PER_DAY'
    | 'STOCK_ALERT_LINK_DAYS'
    | 'ORDER_CONFIRM_MINUTES'
    | 'STAFF_NOTIFY_FLOOD_MAX'
    | 'STAFF_NOTIFY_FLOOD_MINUTES'
    | 'STAFF_NOTIFY_LOW_STOCK'
    | 'STAFF_NOTIFY_OVERDUE_MINUTES'
    | 'DATA_DIR'
    | 'DATABASE_URL'
    | 'S3_URL'
    | 'PHOTO_MAX_MB'
    | 'EXCHANGE_RETAIL_PRICE_TYPE'
    | 'EXCHANGE_OLD_PRICE_TYPE'
    | 'EXCHANGE_STEP_SECONDS'
    | 'PRICE_ROUNDING'
    | 'FEEDBACK_EMAIL'
    | 'COMPANY_NAME'
    | 'COMPANY_INN'
    | 'COMPANY_OGRN'
    | 'COMPANY_ADDRESS'
    | 'HOTLINE_PHONE'
    | 'PAYMENT_PROVIDER'
    | 'DELIVERY_PROVIDER'
    | 'CDEK_CLIENT_ID'
    | 'CDEK_CLIENT_SECRET'
    | 'YOOKASSA_SHOP_ID'
    | 'YOOKASSA_SECRET_KEY'
    | 'YOOKASSA_API_URL'
    | 'PAYMENT_CAPTURE'
    | 'PAYMENT_TTL_MINUTES'
    | 'PAYMENT_VAT_CODE'
    | 'ALERT_EMAIL'
    | 'EXCHANGE_ALERT_HOURS'
    | 'OUTBOX_ALERT_MINUTES'
    | 'FAILURE_ALERT_COUNT'
    | 'DISK_ALERT_PERCENT'
    | 'BACKUP_ALERT_HOURS'
    | 'ADDRESS_API_KEY'
    | 'ADDRESS_API_URL'
    | 'REVIEWS_PER_CLIENT'
    | 'REVIEW_INVITE_DAYS'
    | DeliverySettingNames
  >;
  /** The app's signing secret: keys the hashes of SMS codes. */
  secret: string;
  clock?: () => Date;
  /** The database's announced changes: cached reference data is dropped at once instead of after its minute. */
  invalidations?: Invalidations;
  /** Where photo files live; by default the one the settings name (`openPhotoStore`). */
  photoFiles?: PhotoStore;
  /** Told of each call to an outside service and its result (the metrics and the owner's alerts, issue 45). */
  outsideCall?: (service: string, ok: boolean) => void;
  /** True once the process is stopping: long work (a 1C import step) ends at its next safe point. */
  stopping?: () => boolean;
  /** The shop's log, for the outside services' warnings (pino's `warn`). */
  logger?: { warn(details: object, message: string): void };
}): Services {
  const { database, settings, secret, clock = () => new Date(), invalidations } = deps;
  /** The app's signature of a text (each caller prefixes its purpose, so one signature never stands for another). */
  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const { db } = database;
  /** Every staff write: permission, one transaction, one audit entry (domain/staff/staff-write.ts). */
  const staffWrite = createStaffWrite(unitOfWork(db));
  /** A random token (a session, a link) and the hash kept of it. */
  const newToken = () => randomBytes(32).toString('base64url');
  const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
  const photoFiles = deps.photoFiles ?? openPhotoStore(settings, db);
  // The embedded database serves one process, whose memory sees every hit; PostgreSQL may serve several processes.
  const limits = database.kind === 'postgres' ? tableRateLimiter(db, clock) : memoryRateLimiter(clock);
  const limitRules = limitRulesFrom(settings);
  /** The company the pages and every letter's footer name (demo requisites unless the settings say otherwise). */
  const company: Company = {
    name: settings.COMPANY_NAME,
    inn: settings.COMPANY_INN,
    ogrn: settings.COMPANY_OGRN,
    address: settings.COMPANY_ADDRESS,
    hotline: settings.HOTLINE_PHONE,
  };
  // One facet index per process, read by the listings and the related rows (issue 44.3).
  const facets = facetSource(db);
  const listing = createListingService(listingRepository(db, facets), { invalidations });
  const basket = createBasketService(basketRepository(db));
  const sessionUser = createSessionUserService(sessionUserRepository(db), basket.mergeVisitorBasket, (userId) =>
    refuseBlockedLogin(customerBlocks(db), company.hotline, userId),
  );
  // The key of an order's page for a guest: the link in the confirmation letter, never the number alone.
  const orderToken = (id: number) => createHmac('sha256', secret).update(`order:${id}`).digest('base64url');
  const orderLink = (id: number) =>
    `${new URL(settings.SITE_URL).origin}/order/?ORDER_ID=${id}&token=${orderToken(id)}`;
  // One order process with its hooks for the shopper's cancel, the reservation expiry and the back office.
  const hashPickupCode = (code: string) => sign(`pickup-code:${code}`);
  const moves = createOrderMoves({
    company,
    orderLink,
    pickupCode: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
    hashPickupCode,
    paymentKey: randomUUID,
  });
  const siteOrigin = new URL(settings.SITE_URL).origin;
  const provider = paymentProviderOf(settings);
  // `none` stops new online payments; the gateway stays, for the refunds and captures of those already made.
  const yookassa = settings.YOOKASSA_SHOP_ID && settings.YOOKASSA_SECRET_KEY && provider !== 'test';
  const testPayments = yookassa ? null : testGateway(testGatewayStore(db), siteOrigin);
  const payments = createPaymentsService({
    uow: unitOfWork(db),
    reads: paymentReads(db),
    gateway: countedPort(
      testPayments ??
        yookassaGateway({
          shopId: settings.YOOKASSA_SHOP_ID ?? '',
          secretKey: settings.YOOKASSA_SECRET_KEY ?? '',
          apiUrl: settings.YOOKASSA_API_URL,
        }),
      (ok) => deps.outsideCall?.('payment', ok),
    ),
    moves,
    captureAtOnce: settings.PAYMENT_CAPTURE === 'one-stage',
    vat: vatRateOf(settings.PAYMENT_VAT_CODE),
    orderLink,
    newKey: randomUUID,
    now: clock,
    topUps: topUpReads(db),
  });
  // Delivery by carrier (issue 42): the carrier the settings choose — the test carrier with its own books, CDEK
  // (its calls counted for the metrics and the owner's alerts), or none — for the checkout and the shipments alike.
  const testParcels = deliveryProviderOf(settings) === 'test' ? testCarrierStore(db) : null;
  const countedCarrier = <T extends object>(name: string, port: T) =>
    countedPort(port, (ok) => deps.outsideCall?.(`carrier-${name}`, ok));
  const carrierInForce = carrierOfSettings(settings, {
    testParcels: () => testCarrierParcels(testCarrierStore(db)),
    cdek: (s) =>
      countedCarrier(
        'cdek',
        cdekCarrier({
          clientId: s.CDEK_CLIENT_ID ?? '',
          clientSecret: s.CDEK_CLIENT_SECRET ?? '',
          apiUrl: s.CDEK_API_URL,
          from: s.CDEK_FROM,
          tariffs: s.CDEK_TARIFFS,
          store: cdekShipmentKeys(db),
        }),
      ),
  });
  const carrier = carrierInForce?.carrier ?? null;
  const postOffice =
    settings.POCHTA_TARIFF_URL === 'off'
      ? null
      : countedCarrier('post', russianPostOffice({ url: settings.POCHTA_TARIFF_URL }));
  const shipments = createShipmentsService({
    carrier,
    reads: shipmentReads(db),
    write: staffWrite,
    uow: unitOfWork(db),
    moves,
    parcels: offerParcels(db),
    now: clock,
  });
  const newCardNumber = () => cardNumber(String(randomInt(0, 100_000_000_000)).padStart(11, '0'));
  const credentials = createCredentialsService({
    company,
    repo: credentialsRepository(db),
    uow: unitOfWork(db),
    sessionUser,
    limits,
    limitRules,
    passwords: scryptHasher(),
    siteUrl: new URL(settings.SITE_URL).origin,
    giveCardOnRegister: settings.GIVE_OUT_DISCOUNT_CARD_ON_REGISTER,
    newCardNumber,
    newToken,
    hashToken,
  });
  const newsletter = createNewsletterService({
    company,
    repo: newsletterRepository(db),
    uow: unitOfWork(db),
    limits,
    limitRules,
    siteUrl: new URL(settings.SITE_URL).origin,
    sign,
  });
  // The carrier's towns and points kept as cities and pickup points, its quotes with the last good prices.
  const places = createPlacesService({
    carrier,
    repo: carrierPlacesRepository(db),
    phones: [settings.HOTLINE_PHONE],
    // The towns call is a read, but each one may reach the carrier: it counts as the visitor's writes do.
    limit: (ctx) =>
      enforce(limits, [ctx.sessionId, limitRules.writesPerSession], [ctx.client, limitRules.writesPerClient]),
  });
  const carrierDelivery: CarrierDelivery = {
    places,
    quotes: createQuotes({
      carrier,
      from: carrierInForce?.from ?? null,
      last: deliveryQuotesRepository(db),
      post: postOffice && { office: postOffice, fromIndex: settings.POCHTA_FROM_INDEX },
    }),
    parcels: offerParcels(db),
  };
  const checkoutRepo = checkoutRepository(db);
  const checkout = createCheckoutService({
    delivery: carrierDelivery,
    company,
    basket,
    newsletter,
    repo: checkoutRepo,
    uow: unitOfWork(db),
    invalidations,
    ordersPerPhoneDay: settings.ORDERS_PER_PHONE_DAY,
    orderLink,
    payment: { online: provider !== 'none', ttlMinutes: settings.PAYMENT_TTL_MINUTES },
    payments,
    blocks: customerBlocks(db),
    currentUser: (ctx) => sessionUser.currentUser(ctx),
    cardTries: cardTries({
      limits,
      rule: limitRules.cardTriesPerClient,
      card: (number) => checkoutRepo.card({ number }),
    }),
  });
  const personalData = createPersonalDataService({
    repo: personalDataRepository(db),
    limits,
    rules: limitRules,
    company,
    newCode: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
    hashCode: (userId, code) => sign(`account-delete:${userId}:${code}`),
  });
  const stockAlerts = createStockAlertsService({
    repo: stockAlertsRepository(db),
    company,
    limits,
    limitRules,
    siteUrl: siteOrigin,
    newToken,
    perDay: settings.STOCK_ALERTS_PER_DAY,
    linkDays: settings.STOCK_ALERT_LINK_DAYS,
    now: clock,
  });
  const services: Services = {
    stockAlerts,
    sessionUser,
    credentials,
    cabinet: createCabinetService({
      repo: cabinetRepository(db),
      discountCards: discountCardRepository(db),
      credentials,
      currentUser: (ctx) => sessionUser.currentUser(ctx),
      newCardNumber,
    }),
    checkout,
    payments,
    testPayments,
    // Not counted by `outsideCall` yet: the owner's alerts count every service but the carriers as payments.
    addressSuggestions: addressSuggestionsOf(settings, { log: deps.logger }),
    shipments,
    testDelivery: testParcels ? testDeliveryDesk(testParcels) : null,
    content: createContentService({
      repo: contentRepository(db),
      deliveryPrices: () => checkout.deliveryPrices(),
      company,
      invalidations,
    }),
    orders: createOrdersService({
      repo: orderReads(db),
      uow: unitOfWork(db),
      moves,
      tokenValid: (id, token) => {
        const expected = Buffer.from(orderToken(id));
        const given = Buffer.from(token);
        return given.length === expected.length && timingSafeEqual(given, expected);
      },
      payments,
    }),
    dashboard: createDashboardService({
      repo: dashboardRepository(db),
      confirmMinutes: settings.ORDER_CONFIRM_MINUTES,
      // One zone for a shop in several cities: the default one (Moscow), in which the back office shows its times.
      timeZone: MOSCOW,
    }),
    phoneCodes: createPhoneCodesService({
      repo: phoneCodeRepository(db),
      uow: unitOfWork(db),
      limits,
      limitRules,
      hashCode: (phone, code) => createHmac('sha256', secret).update(`phone-code:${phone}:${code}`).digest('base64url'),
      newCode: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
    }),
    sessions: createSessionsService(sessionsRepository(db), limits, limitRules.newSessionsPerClient),
    menu: createMenuService(menuRepository(db), { invalidations }),
    basket,
    newsletter,
    regions: createRegionsService(regionsRepository(db), { invalidations, towns: places }),
    places,
    shops: createShopsService(shopsRepository(db)),
    feedback: createFeedbackService({
      company,
      repo: questionsRepository(db),
      uow: unitOfWork(db),
      limits,
      limitRules,
      shopEmail: settings.FEEDBACK_EMAIL,
      sign,
    }),
    home: createHomeService(homeRepository(db), { invalidations }),
    listing,
    related: createRelatedService({
      repo: relatedRepository(db, facets),
      reference: () => listing.reference(),
      cache: { invalidations },
    }),
    search: createSearchService(searchRepository(db), listing, { invalidations }),
    product: createProductService(productRepository(db), { invalidations }),
    publishedReviews: createPublishedReviewsService(publishedReviewsRepository(db)),
    events: createEventsService(eventsRepository(db), limits, limitRules),
    funnel: createFunnelService({ repo: funnelRepository(db), timeZone: MOSCOW }),
    funnelFeatures: createFunnelFeaturesService({
      repo: funnelFeaturesRepository(db),
      funnel: funnelRepository(db),
      timeZone: MOSCOW,
      windowDays: ATTRIBUTION_DAYS,
    }),
    orderDesk: createOrderDeskService({
      reads: orderDeskRepository(db),
      write: staffWrite,
      moves,
      confirmMinutes: settings.ORDER_CONFIRM_MINUTES,
      limits,
      rules: limitRules,
      hashPickupCode,
      payments,
    }),
    // The desk's bulk actions and saved views (issue 47.7): each order through the desk's own single-order calls.
    orderBulk: createOrderBulkService({
      desk: { move: (...a) => services.orderDesk.move(...a), card: (...a) => services.orderDesk.card(...a) },
      shipments,
      reads: orderBulkReads(db),
      confirmMinutes: settings.ORDER_CONFIRM_MINUTES,
    }),
    // The chosen orders' packing lists and labels as one PDF, the carriers' labels through their adapters.
    ordersPdf: createOrdersPdfService({
      bulk: { cards: (...a) => services.orderBulk.cards(...a) },
      shipments,
      orderFacts: shipmentReads(db).order,
      make: ordersPdf,
      company: company.name,
      timeZone: (ctx) => services.staffAccounts.timeZone(ctx),
      onCarrierError: (orderId, error) => deps.logger?.warn({ orderId, err: error }, 'carrier label failed'),
    }),
    orderViews: createOrderViewsService({ reads: orderViewReads(db), write: staffWrite }),
    orderEdits: createOrderEditService({
      write: staffWrite,
      reads: orderEditReads(db),
      card: (ctx, id) => services.orderDesk.card(ctx, id),
      payments,
      company,
      orderLink,
      paymentKey: randomUUID,
      quotes: carrierDelivery.quotes,
    }),
    staffAccounts: createStaffAccountsService({
      repo: staffRepository(db),
      write: staffWrite,
      limits,
      limitRules,
      uow: unitOfWork(db),
      company,
      passwords: scryptHasher(),
      secondFactor: totpSecondFactor(),
      newToken,
      hashToken,
    }),
    staffTeam: createStaffTeamService({
      company,
      repo: staffRepository(db),
      write: staffWrite,
      audit: auditRepository(db),
      passwords: scryptHasher(),
      siteUrl: siteOrigin,
      newToken,
      hashToken,
    }),
    staffBootstrap: createStaffBootstrapService({
      repo: staffRepository(db),
      write: staffWrite,
      passwords: scryptHasher(),
      siteUrl: siteOrigin,
      newToken,
      hashToken,
    }),
    exchange: createExchangeService({
      repo: exchangeRepository(db),
      passwords: scryptHasher(),
      limits,
      limitRules,
      newToken,
      hashToken,
      orderMoves: { write: staffWrite, moves },
      saleLog: exchangeSaleLog(db),
    }),
    catalogueImporter: createCatalogueImporter({
      store: exchangeCatalogueStore(db, clock),
      photos: packagePhotos(photoFiles),
      priceTypes: { retail: settings.EXCHANGE_RETAIL_PRICE_TYPE, old: settings.EXCHANGE_OLD_PRICE_TYPE },
      priceRounding: settings.PRICE_ROUNDING,
      stepMs: settings.EXCHANGE_STEP_SECONDS * 1000,
      clock,
      stopping: deps.stopping,
    }),
    exchangeAdmin: createExchangeAdminService({ repo: exchangeAdminRepository(db), write: staffWrite }),
    catalogAdmin: createCatalogAdminService({
      repo: catalogAdminRepository(db),
      write: staffWrite,
      priceRounding: settings.PRICE_ROUNDING,
    }),
    catalogIo: createCatalogIoService({
      reads: catalogIoReads(db),
      write: staffWrite,
      priceRounding: settings.PRICE_ROUNDING,
      readTable: (name, bytes) => readTable(name, Buffer.from(bytes)),
    }),
    photos: createPhotosService({
      rows: photoWrites(db),
      write: staffWrite,
      store: photoUploads(photoFiles, settings.PHOTO_MAX_MB * 1024 * 1024),
    }),
    stockAdmin: createStockAdminService({ reads: stockAdminReads(db), write: staffWrite }),
    stockDocumentDesk: createStockDocumentDesk({ reads: stockDocumentReads(db), write: staffWrite }),
    promoAdmin: createPromoAdminService({ repo: promoAdminRepository(db), write: staffWrite }),
    productMaking: createProductMakingService({
      reads: productMakingWrites(db),
      write: staffWrite,
      priceRounding: settings.PRICE_ROUNDING,
    }),
    promoBatches: createPromoBatchService({ repo: promoBatchRepository(db), write: staffWrite }),
    contentAdmin: createContentAdminService({
      reads: contentAdminReads(db),
      write: staffWrite,
      deliveryPrices: () => checkout.deliveryPrices(),
      company,
    }),
    shopsAdmin: createShopsAdminService({ reads: shopsAdminRepository(db), write: staffWrite }),
    questionsAdmin: createQuestionsAdminService({
      reads: questionsAdminRepository(db),
      write: staffWrite,
      company,
    }),
    customersAdmin: createCustomersAdminService({
      reads: customersAdminReads(db),
      history: customerHistoryReads(db),
      guests: guestReads(db),
      write: staffWrite,
      personalData,
    }),
    // The shop's own search reads the products' words, as the storefront's /search/ does.
    deskSearch: createDeskSearchService({
      reads: deskSearchRepository(db),
      plan: (text) => services.search.plan(text),
    }),
    personalData,
    alerts: createAlertsService({
      repo: alertsRepository(db, { alertEmail: settings.ALERT_EMAIL }),
      rules: {
        exchangeHours: settings.EXCHANGE_ALERT_HOURS,
        outboxMinutes: settings.OUTBOX_ALERT_MINUTES,
        failureCount: settings.FAILURE_ALERT_COUNT,
        diskPercent: settings.DISK_ALERT_PERCENT,
        backupHours: settings.BACKUP_ALERT_HOURS,
      },
      company,
      adminUrl: `${siteOrigin}/admin/`,
      now: clock,
    }),
    staffNotifications: createStaffNotificationsService({
      reads: staffNotificationReads(db),
      uow: unitOfWork(db),
      write: staffWrite,
      company,
      siteUrl: siteOrigin,
      confirmMinutes: settings.STAFF_NOTIFY_OVERDUE_MINUTES ?? settings.ORDER_CONFIRM_MINUTES,
      thresholds: {
        floodMax: settings.STAFF_NOTIFY_FLOOD_MAX,
        floodWindowMinutes: settings.STAFF_NOTIFY_FLOOD_MINUTES,
        lowStock: settings.STAFF_NOTIFY_LOW_STOCK,
      },
      clock,
    }),
    reviews: createReviewsService({
      reads: reviewReads(db),
      uow: unitOfWork(db),
      write: staffWrite,
      limits,
      limitRules,
      photos: photoUploads(photoFiles, settings.PHOTO_MAX_MB * 1024 * 1024),
      sign,
      company,
      siteUrl: siteOrigin,
      inviteDays: settings.REVIEW_INVITE_DAYS,
    }),
    limits,
    limitRules,
  };
  // Issue 44.1: where units come back, the subscribers' sweep follows the commit (server/stock-alerts.ts).
  const kickStockAlerts = stockAlertSweeper(stockAlerts.sweep, deps.logger);
  // Issue 47.1: a placed order, a payment, a question are followed by the staff's notifications after the commit.
  return withNotificationKicks(
    withStockAlertKicks(services, () => void kickStockAlerts()),
    deps.logger,
  );
}
