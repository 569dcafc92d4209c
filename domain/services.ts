import type { AlertsService } from './alerts/alerts.service';
import type { OrderEditService } from './order/order-edit.service';
import type { CabinetService } from './cabinet/cabinet.service';
import type { PersonalDataService } from './cabinet/personal-data';
import type { CredentialsService } from './auth/credentials.service';
import type { SessionUserService } from './auth/session-user.service';
import type { PhoneCodesService } from './auth/phone-codes.service';
import type { BasketService } from './basket/basket.service';
import type { HomeService } from './catalog/listing/home.service';
import type { ListingService } from './catalog/listing/listing.service';
import type { RelatedService } from './catalog/related/related.service';
import type { ProductService } from './catalog/product/product.service';
import type { PublishedReviewsService } from './reviews/published.service';
import type { SearchService } from './catalog/search/search.service';
import type { DeskSearchService } from './search/desk-search.service';
import type { EventsService } from './events/events.service';
import type { FunnelService } from './events/funnel.service';
import type { FunnelFeaturesService } from './events/funnel-features.service';
import type { FeedbackService } from './feedback/feedback.service';
import type { ContentService } from './content/content.service';
import type { ShopsService } from './stores/shops.service';
import type { LimitRules } from './limits/rules';
import type { RateLimiter } from './limits/limits';
import type { MenuService } from './menu/menu.service';
import type { NewsletterService } from './newsletter/newsletter.service';
import type { CheckoutService } from './order/checkout.service';
import type { DashboardService } from './order/dashboard.service';
import type { OrdersService } from './order/orders.service';
import type { TestPaymentDesk } from './payment/gateway';
import type { PaymentsService } from './payment/payments.service';
import type { OrderDeskService } from './order/desk';
import type { SessionsService } from './sessions/sessions.service';
import type { StaffAccountsService } from './staff/staff-accounts.service';
import type { StaffBootstrapService } from './staff/staff-bootstrap.service';
import type { StaffTeamService } from './staff/staff-team.service';
import type { ExchangeService } from './exchange/exchange.service';
import type { CatalogueImporter } from './exchange/ports';
import type { ExchangeAdminService } from './exchange/exchange-admin';
import type { PlacesService } from './delivery/places.service';
import type { RegionsService } from './regions/regions.service';
import type { CatalogAdminService } from './catalog/admin/catalog-admin';
import type { CatalogIoService } from './catalog/io/catalog-io.service';
import type { PhotosService } from './photos/photos.service';
import type { StockAdminService } from './inventory/stock-documents';
import type { StockDocumentDesk } from './inventory/stock-document-desk';
import type { PromoAdminService } from './pricing/promo-admin';
import type { ProductMakingService } from './catalog/admin/product-making';
import type { PromoBatchService } from './pricing/promo-batches';
import type { ContentAdminService } from './content/content-admin';
import type { ShopsAdminService } from './stores/shops-admin';
import type { QuestionsAdminService } from './feedback/questions-admin';
import type { CustomersAdminService } from './customers/customers-admin';
import type { AddressSuggestions } from './delivery/address-suggestions';
import type { ShipmentsService } from './delivery/shipments.service';
import type { OrdersPdfService } from './order/bulk-pdf';
import type { TestDeliveryDesk } from './delivery/shipments';
import type { ReviewsService } from './reviews/review.service';
import type { StockAlertsService } from './stock-alerts/stock-alerts.service';
import type { StaffNotificationsService } from './staff-notifications/notifications.service';
import type { OrderBulkService } from './order/bulk.service';
import type { OrderViewsService } from './order/order-views';

/** Every use-case the pages and the API call; built once per process in server/services.ts. */
export interface Services {
  /** Who a session is logged in as: logging in and out binds and unbinds a user. */
  sessionUser: SessionUserService;
  /** Registration, login by password, email confirmation and password reset. */
  credentials: CredentialsService;
  /** The cabinet: profile, addresses, discount card. */
  cabinet: CabinetService;
  phoneCodes: PhoneCodesService;
  sessions: SessionsService;
  menu: MenuService;
  basket: BasketService;
  checkout: CheckoutService;
  orders: OrdersService;
  /** Online payment of orders (issue 27), through YooKassa or the embedded test gateway. */
  payments: PaymentsService;
  /** The embedded test gateway's page, when it is the gateway in force. */
  testPayments: TestPaymentDesk | null;
  /** The courier address's suggestions (issue 42.5): DaData with `ADDRESS_API_KEY`, none without. */
  addressSuggestions: AddressSuggestions;
  /** Parcels with the carrier in force: registered from the desk, their events moving the orders (issue 42.7–42.9). */
  shipments: ShipmentsService;
  /** The test carrier's page, while it is the carrier in force; null otherwise. */
  testDelivery: TestDeliveryDesk | null;
  /** The back office's orders desk: queues, the order card, status moves, hand-over, try-on, the CSV export. */
  orderDesk: OrderDeskService;
  /** The desk's bulk moves, print and CSV of chosen orders, and its saved views (issue 47.7). */
  orderBulk: OrderBulkService;
  /** The chosen orders' packing lists and labels, the carriers' too, as one PDF (issue 47.7). */
  ordersPdf: OrdersPdfService;
  orderViews: OrderViewsService;
  /** A placed order changed from its card before it is assembled (issue 47.6). */
  orderEdits: OrderEditService;
  /** The back office's dashboard: today against last week, queues, late orders, sizes running out, 14 days. */
  dashboard: DashboardService;
  newsletter: NewsletterService;
  regions: RegionsService;
  /** The carrier's towns and points as the shop keeps them (issue 42). */
  places: PlacesService;
  home: HomeService;
  listing: ListingService;
  /** «Похожие», «С этим покупают», the viewed row's cards and the additions to an order (issue 44.3). */
  related: RelatedService;
  search: SearchService;
  product: ProductService;
  /** Published reviews as the product page, its call and the listings show them (issue 44.2). */
  publishedReviews: PublishedReviewsService;
  events: EventsService;
  /** The back office's funnel: views → baskets → checkouts → orders (issue 43.4). */
  funnel: FunnelService;
  /** What stock alerts, reviews and recommendations bring, on the same page (issue 44.5). */
  funnelFeatures: FunnelFeaturesService;
  /** Shoppers' questions (the feedback form) and their answers. */
  feedback: FeedbackService;
  /** The information pages, the FAQ and the landing pages. */
  content: ContentService;
  /** The physical shops: their list and pages, and where a size can be reserved. */
  shops: ShopsService;
  /** A staff member's own account: login, sessions, password and second factor. */
  staffAccounts: StaffAccountsService;
  /** The owner's team: members, roles, invitations, removals, the audit log. */
  staffTeam: StaffTeamService;
  /** The staff the start makes from the settings, or the first owner's link. */
  staffBootstrap: StaffBootstrapService;
  /** The 1C exchange's sessions and the orders it hands over (issue 26). */
  exchange: ExchangeService;
  /** The 1C catalogue import: sections, products, offers, prices, stock and photos from CommerceML files. */
  catalogueImporter: CatalogueImporter;
  /** The back office's exchange page: the log of imported files and the mappings of 1C's types to the shop's. */
  exchangeAdmin: ExchangeAdminService;
  /** The back office's catalogue: products, prices (one and in bulk), publishing, sections and brands. */
  catalogAdmin: CatalogAdminService;
  /** The catalogue as CSV/XLSX: export, and an import previewed then applied at once (issue 47.5). */
  catalogIo: CatalogIoService;
  /** Product and shop photos of the back office: uploads checked by content, order, removal (issue 28). */
  photos: PhotosService;
  /** The back office's stock by store: documents and the movement history (issue 28.2). */
  stockAdmin: StockAdminService;
  /** Stock documents as staff make them: drafts, scanned lines, posted once, listed (issue 47.4). */
  stockDocumentDesk: StockDocumentDesk;
  /** The back office's promo codes: list, create, edit, stop (issue 28.3). */
  promoAdmin: PromoAdminService;
  /** Products made, copied and edited in bulk in the back office (issue 47.5). */
  productMaking: ProductMakingService;
  /** Batches of one-use promo codes from a code's terms, and their CSV (issue 47.5). */
  promoBatches: PromoBatchService;
  contentAdmin: ContentAdminService;
  /** The back office's shops: their data, hours, holidays, services, reservation (issue 28.4). */
  shopsAdmin: ShopsAdminService;
  /** The back office's questions inbox and its answers (issue 28.4). */
  questionsAdmin: QuestionsAdminService;
  customersAdmin: CustomersAdminService;
  /** The back office's one search box (issue 47.3): orders, products and customers as the role may see them. */
  deskSearch: DeskSearchService;
  /** A shopper's data on request and the account's deletion (152-FZ, issue 45.7). */
  personalData: PersonalDataService;
  /** «Сообщить о поступлении» (issue 44.1): subscriptions to sold-out sizes and the sweep that tells of arrivals. */
  stockAlerts: StockAlertsService;
  /** The owner's alerts (issue 45.6): checked every minute, shown on the dashboard. */
  alerts: AlertsService;
  /** Shoppers' reviews with fit: the add, the moderation desk, the invitation letters (issue 44.2). */
  reviews: ReviewsService;
  /** What the staff hear about (issue 47.1): the producer, the badge's count, the list and the switches. */
  staffNotifications: StaffNotificationsService;
  /** The shop's one rate limiter: the HTTP layer's write limits and the use-cases' own rules count here. */
  limits: RateLimiter;
  /** Every rule it counts by (`domain/limits/rules.ts`), with the maxima of the settings. */
  limitRules: LimitRules;
}
