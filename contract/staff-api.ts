// Apart from contract/api.ts, whose paths every shop page carries: the back office's stay in the back office's
// JavaScript.

/**
 * The back office's calls (issue 25.7): a staff session (its own cookie) and the permission each names, checked by
 * one guard (`server/http/staff-session.ts`, `domain/staff/permissions.ts`); POSTs carry the sessid as every `/api/v2`
 * POST does. Answers are in `server/api/v2/admin.ts`.
 */
export const STAFF_API = {
  login: '/api/v2/admin/auth/login/',
  logout: '/api/v2/admin/auth/logout/',
  staff: '/api/v2/admin/staff/',
  /** A member's role (and shop); `:id` is the member's id. */
  staffMember: '/api/v2/admin/staff/:id/',
  staffRemove: '/api/v2/admin/staff/:id/remove/',
  audit: '/api/v2/admin/audit/',
  /** What stock alerts, reviews and recommendations brought (issue 44.5): `?days=7|30|90`, as the «Воронка» page. */
  funnelFeatures: '/api/v2/admin/funnel/features/',
  /** What the member hears about (issue 47.1): the list (`?unread=1&page=`), marking read, the switches, the live count. */
  notifications: '/api/v2/admin/notifications/',
  notificationsRead: '/api/v2/admin/notifications/read/',
  notificationPrefs: '/api/v2/admin/notifications/prefs/',
  /** text/event-stream: `count` with the member's unread number, at once and whenever it changes. */
  notificationsStream: '/api/v2/admin/notifications/stream/',
  orders: '/api/v2/admin/orders/',
  ordersCsv: '/api/v2/admin/orders/export.csv',
  /** Bulk actions on chosen orders (issue 47.7): a move `{ids, to, reason?}`, and their CSV `?ids=1,2,3`. */
  ordersBulkMove: '/api/v2/admin/orders/bulk/move/',
  ordersBulkCsv: '/api/v2/admin/orders/bulk/export.csv',
  /** The desk's saved views: GET lists a member's and their team's, POST `{name, shared, query}` saves, delete. */
  orderViews: '/api/v2/admin/orders/views/',
  orderViewDelete: '/api/v2/admin/orders/views/:id/delete/',
  order: '/api/v2/admin/orders/:id/',
  orderTransition: '/api/v2/admin/orders/:id/transition/',
  orderNotes: '/api/v2/admin/orders/:id/notes/',
  orderHandover: '/api/v2/admin/orders/:id/handover/',
  orderHandoverWithoutCode: '/api/v2/admin/orders/:id/handover-without-code/',
  orderBuyout: '/api/v2/admin/orders/:id/buyout/',
  orderRefunds: '/api/v2/admin/orders/:id/refunds/',
  orderPayments: '/api/v2/admin/orders/:id/payments/',
  orderChanges: '/api/v2/admin/orders/:id/changes/',
  /** The order's parcel with the carrier (issue 42.7): its card block (GET), register, label (a PDF), cancel, back. */
  orderShipment: '/api/v2/admin/orders/:id/shipment/',
  orderShipmentRegister: '/api/v2/admin/orders/:id/shipment/register/',
  orderShipmentLabel: '/api/v2/admin/orders/:id/shipment/label/',
  orderShipmentCancel: '/api/v2/admin/orders/:id/shipment/cancel/',
  orderShipmentReceived: '/api/v2/admin/orders/:id/shipment/received/',
  /** The delivery desk's queues (issue 42.9): `?queue=transit|returns|handover&day=YYYY-MM-DD`. */
  delivery: '/api/v2/admin/delivery/',
  // Back office, part 2 (issue 28). The catalogue: GET lists (query: q, sectionId, brandId, published, inStock,
  // hasPhotos, page), a product's card (GET) and its edit (POST), its photos (POST multipart adds, `order` reorders,
  // `delete` removes), an offer's price, the filtered list's bulk price change (preview, then apply), its bulk weight and
  // size.
  products: '/api/v2/admin/products/',
  productPrices: '/api/v2/admin/products/prices/',
  /** The packed weight and size of the filtered list's products, or of the ids given, at once (issue 42.6). */
  productParcels: '/api/v2/admin/products/parcels/',
  /** Products made in the back office (POST on `products`), copied, and edited many at once (issue 47.5). */
  productCopy: '/api/v2/admin/products/:id/copy/',
  productBulk: '/api/v2/admin/products/bulk/',
  product: '/api/v2/admin/products/:id/',
  productPhotos: '/api/v2/admin/products/:id/photos/',
  productPhotoOrder: '/api/v2/admin/products/:id/photos/order/',
  productPhotoDelete: '/api/v2/admin/products/:id/photos/:photoId/delete/',
  offerPrice: '/api/v2/admin/offers/:id/price/',
  sections: '/api/v2/admin/sections/',
  section: '/api/v2/admin/sections/:id/',
  brands: '/api/v2/admin/brands/',
  brand: '/api/v2/admin/brands/:id/',
  /** Stock by store (GET, query: productId or offerId, storeId), documents (POST), the movement history (GET). */
  stock: '/api/v2/admin/stock/',
  stockDocuments: '/api/v2/admin/stock/documents/',
  stockMovements: '/api/v2/admin/stock/movements/',
  /** Issue 47.4: a new draft (POST); a document's card (GET) and a draft's lines (POST), scan, post, delete. */
  stockDrafts: '/api/v2/admin/stock/drafts/',
  stockDocument: '/api/v2/admin/stock/documents/:id/',
  stockDocumentScan: '/api/v2/admin/stock/documents/:id/scan/',
  stockDocumentPost: '/api/v2/admin/stock/documents/:id/post/',
  stockDocumentDelete: '/api/v2/admin/stock/documents/:id/delete/',
  /** «Сообщить о поступлении»: subscribers waiting per product and size (issue 44.1), the buyer's signal for 1C. */
  stockSubscriptions: '/api/v2/admin/stock-subscriptions/',
  /** The catalogue as a table (issue 47.5): export (CSV streamed, XLSX), import (multipart `file`: a preview), apply. */
  catalogExportCsv: '/api/v2/admin/catalog-io/export.csv',
  catalogExportXlsx: '/api/v2/admin/catalog-io/export.xlsx',
  catalogImport: '/api/v2/admin/catalog-io/import/',
  catalogImportApply: '/api/v2/admin/catalog-io/apply/',
  /** Reviews' moderation (issue 44.2): `?state=&page=`; publish, hide `{reason}`, answer `{text}` as the shop. */
  reviews: '/api/v2/admin/reviews/',
  reviewPublish: '/api/v2/admin/reviews/:id/publish/',
  reviewHide: '/api/v2/admin/reviews/:id/hide/',
  reviewAnswer: '/api/v2/admin/reviews/:id/answer/',
  promocodes: '/api/v2/admin/promocodes/',
  promocode: '/api/v2/admin/promocodes/:code/',
  promocodeStop: '/api/v2/admin/promocodes/:code/stop/',
  /** One-use codes from a code's terms (issue 47.5): GET the batches, POST `{count, prefix}` makes one; its CSV. */
  promocodeBatches: '/api/v2/admin/promocodes/:code/batches/',
  promoBatchCsv: '/api/v2/admin/promo-batches/:id/codes.csv',
  contentPages: '/api/v2/admin/content/pages/',
  contentPage: '/api/v2/admin/content/pages/:id/',
  faq: '/api/v2/admin/content/faq/',
  faqItem: '/api/v2/admin/content/faq/:id/',
  landings: '/api/v2/admin/content/landings/',
  landing: '/api/v2/admin/content/landings/:id/',
  /** Markdown with the facts filled, as the page will show it. */
  contentPreview: '/api/v2/admin/content/preview/',
  shops: '/api/v2/admin/shops/',
  shop: '/api/v2/admin/shops/:id/',
  questions: '/api/v2/admin/questions/',
  questionAnswer: '/api/v2/admin/questions/:id/answer/',
  customers: '/api/v2/admin/customers/',
  customer: '/api/v2/admin/customers/:id/',
  customerBlock: '/api/v2/admin/customers/:id/block/',
  customerBonus: '/api/v2/admin/customers/:id/bonus/',
  /** The back office's one search (issue 47.3): `?q=` → orders, products, customers, as the role may see. */
  search: '/api/v2/admin/search/',
} as const;
