// Over 400 lines because it holds a fixture for every staff write the route table and STAFF_API name: the walk's list.
// Longer than most: it holds one fixture for every staff write of the back office, the API's and the pages' alike.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API } from '../../contract/api';
import { roleMay, type StaffAction } from '../../domain/staff/permissions';
import { PERSON_ROLES, type StaffRole } from '../../domain/staff/staff-member';
import { STAFF_WRITES, type StaffWriteAction } from '../../domain/staff/writes';
import { STAFF_PASSWORD, staffBrowser } from '../support/staff';
import { type Member, type StaffSubjects, staffSubjects, subjectsApp } from '../support/staff-subjects';
import { SHOP_ORIGIN, type TestApp } from '../support/test-app';

/**
 * Every staff write — each call of the admin API that changes something and each intent of each back-office page's
 * action, both read off the route tables (Hono's, and the page build's), not off a list kept here — made once by
 * every role that may: one audit row naming the member, the action and what it was about; and by every role that may
 * not: 403 and no row. A write whose permission reaches only a member's own shop is also tried on another shop's
 * thing: refused, and no row. A route without a fixture here fails the test, so a new write cannot go unchecked.
 */

let app: TestApp;
let s: StaffSubjects;
/** One logged-in member per role, for the calls that leave the member as they were. */
const members = new Map<StaffRole, Member>();

/** A weight no product has yet, so each weight and size write changes something and leaves its entry. */
let grams = 1000;
const nextGrams = () => ++grams;

/** What one call needs: its path's parameters and body, made fresh for the member who calls. */
interface Prepared {
  params?: Record<string, string | number>;
  body?: Record<string, unknown>;
}

interface Fixture {
  /** The staff write the call makes; null for a read that posts (a preview), which records nothing. */
  writes: StaffWriteAction | null;
  prepare?: (who: Member) => Promise<Prepared>;
  /** The call itself, when not a post of the body (a login, an upload). */
  call?: (who: Member, path: string, prepared: Prepared) => Promise<Response>;
  /** A member of their own for the call: it logs them out, changes their password or second factor. */
  fresh?: true;
  /** Whom the entry names, when not the caller (an invitation accepted names the new member). */
  actor?: (prepared: Prepared) => string;
  /** Puts back what the call took from the walks after it (the catalogue taken off sale). */
  after?: () => Promise<void>;
  /** Entries the write records before its own (the catalogue import's one per product it changes). */
  also?: StaffWriteAction[];
  /** Roles that hold the permission but never have the thing in their reach, and why. */
  beyond?: { roles: StaffRole[]; why: string };
  /** The thing on another shop than a shop member's own: an own-shop grant is refused on it. */
  elsewhere?: (who: Member) => Promise<Prepared>;
}

/** A staff write as the route tables give it: where it is posted and the permission its door asks. */
interface Door {
  key: string;
  method: string;
  path: string;
  permission: StaffAction | 'open';
  /** The page's intent (pages only). */
  intent?: string;
}

const at = (template: string, params: Record<string, string | number> = {}) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? 1));

const order = (path: string[]) => async (who: Member) => {
  const { id, code } = await s.shopOrder(who.shopId ?? s.homeShop, path);
  return { params: { id }, body: { code } };
};
const elsewhereOrder = (path: string[]) => async () => {
  const { id, code } = await s.shopOrder(s.otherShop, path);
  return { params: { id }, body: { code } };
};
const with_ = (make: (who: Member) => Promise<Prepared>, body: Record<string, unknown>) => async (who: Member) => {
  const made = await make(who);
  return { params: made.params, body: { ...made.body, ...body } };
};
/** A shopper's review waiting for moderation (issue 44.2), straight in the database: a line no other review has. */
let reviewLine = 800_000;
async function pendingReview(): Promise<number> {
  reviewLine += 1;
  const result = (await app.database.db.execute(sql`
    insert into reviews (product_id, model_id, offer_id, order_id, order_line_id, author_name, rating, text, fit, size)
    select p.id, p.model_id, o.id, ${reviewLine}, ${reviewLine}, 'Анна', 4, 'Сидит хорошо, тёплое.', 'true', o.size_name
    from products p join offers o on o.product_id = p.id order by p.id limit 1
    returning id`)) as unknown as { rows: { id: number }[] };
  return Number(result.rows[0]?.id);
}
/** A new order's first line taken to two units (issue 47.6). */
async function lineEdit({ id }: { id: number }): Promise<Prepared> {
  const result = (await app.database.db.execute(
    sql`select id from order_lines where order_id = ${id} order by id limit 1`,
  )) as unknown as { rows: { id: number }[] };
  return { params: { id }, body: { action: 'quantity', lineId: Number(result.rows[0]?.id), quantity: 2 } };
}
const noCourier = { roles: ['shop'] as StaffRole[], why: 'a courier order is no shop’s: a shop’s staff never see it' };
const noCarrier = {
  roles: ['shop'] as StaffRole[],
  why: 'a carrier’s parcel is no shop’s: a shop’s staff never see it',
};
const carrier =
  (options: { registered?: boolean; back?: boolean }, body: Record<string, unknown> = {}) =>
  async () => {
    const { id } = await s.carrierOrder(options);
    return { params: { id }, body };
  };
const noPayment = { roles: ['shop'] as StaffRole[], why: 'refunds are not a shop’s staff’s' };
/** A receipt draft of a store with one line (issue 47.4), straight in the database: its id, and its size's barcode. */
async function stockDraft(storeId: number): Promise<{ id: number; barcode: string }> {
  const { offerId } = await s.product();
  const [doc] = await s.rows<{ id: number }>(
    sql`insert into stock_documents (kind, store_id, reason, staff_email, status)
      values ('receipt', ${storeId}, 'Приёмка обхода', 'walk@vyuga.test', 'draft') returning id`,
  );
  await s.rows(
    sql`insert into stock_document_lines (document_id, offer_id, quantity) values (${doc?.id}, ${offerId}, 1)`,
  );
  const [offer] = await s.rows<{ barcode: string }>(sql`select barcode from offers where id = ${offerId}`);
  return { id: Number(doc?.id), barcode: String(offer?.barcode) };
}
const draftOf =
  (body: (draft: { id: number; barcode: string }) => Record<string, unknown>, elsewhere = false) =>
  async (who: Member) => {
    const draft = await stockDraft(elsewhere ? s.otherShop : (who.shopId ?? s.homeShop));
    return { params: { id: draft.id }, body: body(draft) };
  };

/** Issue 47.1: the member's switch of sizes running out, turned over (each call changes it, so each leaves an entry). */
const flipSwitch = async (who: Member) => {
  const [row] = await s.rows<{ enabled: boolean }>(
    sql`select enabled from staff_notification_prefs where staff_id = ${who.staffId} and kind = 'stock.low'`,
  );
  return { body: { 'stock.low': !row?.enabled, telegramChatId: '' } };
};
/** Issue 47.1: an unread notification of the member's own, to be marked read. */
let notice = 0;
const unreadNotice = async (who: Member) => {
  notice += 1;
  const [row] = await s.rows<{ id: number }>(
    sql`insert into staff_notifications (event_key, staff_id, kind, title, delivery)
      values (${`order.new:walk-${notice}`}, ${who.staffId}, 'order.new', 'Новый заказ', 'off') returning id`,
  );
  return { body: { ids: [Number(row?.id)] } };
};

const API_FIXTURES: Record<string, Fixture> = {
  'POST /api/v2/admin/notifications/prefs/': { writes: 'staff.notification-prefs', prepare: flipSwitch },
  'POST /api/v2/admin/notifications/read/': { writes: 'staff.notifications-read', prepare: unreadNotice },
  'POST /api/v2/admin/auth/login/': {
    writes: 'staff.login',
    fresh: true,
    call: async (who) => (await staffBrowser(app)).login({ email: who.email, password: STAFF_PASSWORD }),
  },
  'POST /api/v2/admin/auth/logout/': { writes: 'staff.logout', fresh: true },
  'POST /api/v2/admin/staff/': {
    writes: 'staff.invite',
    prepare: async () => ({ body: { email: `${s.unique('inv')}@walk.test`, name: 'Новенький', role: 'content' } }),
  },
  'POST /api/v2/admin/staff/:id/': {
    writes: 'staff.role',
    prepare: async () => ({ params: { id: (await s.member('content')).staffId }, body: { role: 'merchandiser' } }),
  },
  'POST /api/v2/admin/staff/:id/remove/': {
    writes: 'staff.remove',
    prepare: async () => ({ params: { id: (await s.member('content')).staffId } }),
  },
  'POST /api/v2/admin/orders/:id/transition/': {
    writes: 'order.move',
    prepare: with_(order([]), { to: 'confirmed' }),
    elsewhere: with_(elsewhereOrder([]), { to: 'confirmed' }),
  },
  'POST /api/v2/admin/orders/:id/notes/': {
    writes: 'order.note',
    prepare: with_(order([]), { text: 'Позвонить перед выдачей' }),
    elsewhere: with_(elsewhereOrder([]), { text: 'Чужая заметка' }),
  },
  'POST /api/v2/admin/orders/:id/handover/': {
    writes: 'order.handover',
    prepare: order(['confirmed', 'assembling', 'ready']),
    elsewhere: elsewhereOrder(['confirmed', 'assembling', 'ready']),
  },
  'POST /api/v2/admin/orders/:id/handover-without-code/': {
    writes: 'order.handover-without-code',
    prepare: with_(order(['confirmed', 'assembling', 'ready']), { reason: 'Покупатель потерял СМС' }),
  },
  'POST /api/v2/admin/orders/:id/buyout/': {
    writes: 'order.buyout',
    beyond: noCourier,
    prepare: async () => {
      const { id, keep } = await s.shippedCourierOrder();
      return { params: { id }, body: { keptLineIds: [keep] } };
    },
  },
  'POST /api/v2/admin/orders/:id/shipment/register/': {
    writes: 'shipment.register',
    beyond: noCarrier,
    prepare: carrier({}),
  },
  'POST /api/v2/admin/orders/:id/shipment/label/': {
    writes: 'shipment.label',
    beyond: noCarrier,
    prepare: carrier({ registered: true }),
  },
  'POST /api/v2/admin/orders/:id/shipment/cancel/': {
    writes: 'shipment.cancel',
    beyond: noCarrier,
    prepare: carrier({ registered: true }, { reason: 'Покупатель передумал' }),
  },
  'POST /api/v2/admin/orders/:id/shipment/received/': {
    writes: 'shipment.received',
    beyond: noCarrier,
    prepare: carrier({ back: true }),
  },
  'POST /api/v2/admin/orders/:id/changes/': {
    writes: 'order.edit',
    prepare: async (who) => lineEdit(await s.shopOrder(who.shopId ?? s.homeShop)),
    elsewhere: async () => lineEdit(await s.shopOrder(s.otherShop)),
  },
  'POST /api/v2/admin/orders/:id/refunds/': {
    writes: 'order.refund',
    beyond: noPayment,
    prepare: async () => {
      const { id } = await s.shopOrder(s.homeShop, [], { online: true });
      return { params: { id }, body: { amount: 100, reason: 'Брак' } };
    },
  },
  // The orders desk's bulk move and saved views (issue 47.7).
  'POST /api/v2/admin/orders/bulk/move/': {
    writes: 'order.move',
    prepare: async (who) => ({ body: { ids: [(await s.shopOrder(who.shopId ?? s.homeShop)).id], to: 'confirmed' } }),
  },
  'POST /api/v2/admin/orders/views/': {
    writes: 'order-view.save',
    prepare: async () => ({ body: { name: s.unique('Вид '), shared: true, query: 'status=new' } }),
  },
  'POST /api/v2/admin/orders/views/:id/delete/': {
    writes: 'order-view.delete',
    prepare: async (who) => ({ params: { id: await savedView(who) } }),
  },
  'POST /api/v2/admin/products/prices/': {
    writes: 'catalog.bulk_price',
    prepare: async () => {
      const { offerId } = await s.product();
      const [row] = await s.rows<{ article: string }>(
        sql`select p.article from products p join offers o on o.product_id = p.id where o.id = ${offerId}`,
      );
      return { body: { filter: { q: row?.article }, kind: 'percent', value: 1, apply: true } };
    },
  },
  'POST /api/v2/admin/catalog-io/import/': {
    writes: null,
    call: async (who, path) => catalogUpload(who, path, {}),
  },
  'POST /api/v2/admin/catalog-io/apply/': {
    writes: 'catalog.import',
    also: ['catalog.import_product'],
    prepare: async (who) => catalogPreview(who),
  },
  'POST /api/v2/admin/products/parcels/': {
    writes: 'catalog.bulk_parcel',
    prepare: async () => ({ body: { productIds: [(await s.product()).id], weight: nextGrams() } }),
  },
  'POST /api/v2/admin/products/': {
    writes: 'product.create',
    prepare: async () => {
      const [colour] = await s.rows<{ code: string }>(sql`select code from colors order by code limit 1`);
      const [brand] = await s.rows<{ id: number }>(sql`select id from brands order by id limit 1`);
      return {
        body: {
          name: s.unique('Куртка обхода '),
          article: s.unique('walk-'),
          sectionId: (await s.section()).id,
          brandId: brand?.id,
          colours: [{ color: colour?.code, sizes: [{ size: 'M', price: 4990 }] }],
        },
      };
    },
  },
  'POST /api/v2/admin/products/bulk/': {
    writes: 'catalog.bulk_edit',
    prepare: async () => ({ body: { productIds: [(await s.product()).id], pricePercent: 1 } }),
  },
  'POST /api/v2/admin/products/:id/copy/': {
    writes: 'product.copy',
    prepare: async () => ({ params: { id: (await s.product()).id } }),
  },
  'POST /api/v2/admin/products/:id/': {
    writes: 'product.update',
    prepare: async () => ({ params: { id: (await s.product()).id }, body: { description: s.unique('Описание ') } }),
  },
  'POST /api/v2/admin/offers/:id/price/': {
    writes: 'offer.price',
    prepare: async () => ({ params: { id: (await s.product()).offerId }, body: { price: 4321 } }),
  },
  'POST /api/v2/admin/sections/:id/': {
    writes: 'section.update',
    prepare: async () => ({ params: { id: (await s.section()).id }, body: { name: s.unique('Раздел ') } }),
  },
  'POST /api/v2/admin/brands/': {
    writes: 'brand.create',
    prepare: async () => ({ body: { code: s.unique('walk-'), name: s.unique('Бренд '), text: '' } }),
  },
  'POST /api/v2/admin/brands/:id/': {
    writes: 'brand.update',
    prepare: async () => ({ params: { id: await s.brand() }, body: { name: s.unique('Бренд ') } }),
  },
  'POST /api/v2/admin/products/:id/photos/': {
    writes: 'product.photos',
    prepare: async () => ({ params: { id: (await s.product()).id } }),
    call: (who, path) => s.upload(who.browser, path),
  },
  'POST /api/v2/admin/products/:id/photos/order/': {
    writes: 'product.photos',
    prepare: async () => {
      const { id, photos } = await s.productWithPhotos();
      const [first, second] = photos as [number, number];
      const rest = await s.rows<{ id: number }>(
        sql`select id from product_images where product_id = ${id} and id not in (${first}, ${second}) order by sort, id`,
      );
      return { params: { id }, body: { ids: [second, first, ...rest.map((r) => Number(r.id))] } };
    },
  },
  'POST /api/v2/admin/products/:id/photos/:photoId/delete/': {
    writes: 'product.photos',
    prepare: async () => {
      const { id, photos } = await s.productWithPhotos();
      return { params: { id, photoId: photos[0] as number } };
    },
  },
  'POST /api/v2/admin/stock/documents/': {
    writes: 'stock.document',
    prepare: async (who) => ({
      body: {
        kind: 'receipt',
        storeId: who.shopId ?? s.homeShop,
        reason: 'Приёмка обхода',
        lines: [{ offerId: (await s.product()).offerId, quantity: 1 }],
      },
    }),
    elsewhere: async () => ({
      body: {
        kind: 'receipt',
        storeId: s.otherShop,
        reason: 'Приёмка в чужом магазине',
        lines: [{ offerId: (await s.product()).offerId, quantity: 1 }],
      },
    }),
  },
  'POST /api/v2/admin/stock/drafts/': {
    writes: 'stock.draft-create',
    prepare: async (who) => ({ body: { kind: 'receipt', storeId: who.shopId ?? s.homeShop } }),
    elsewhere: async () => ({ body: { kind: 'receipt', storeId: s.otherShop } }),
  },
  'POST /api/v2/admin/stock/documents/:id/': {
    writes: 'stock.draft-update',
    prepare: draftOf(() => ({ reason: 'Приёмка обхода, исправлено' })),
    elsewhere: draftOf(() => ({ reason: 'Чужой черновик' }), true),
  },
  'POST /api/v2/admin/stock/documents/:id/scan/': {
    writes: 'stock.draft-update',
    prepare: draftOf((d) => ({ code: d.barcode })),
    elsewhere: draftOf((d) => ({ code: d.barcode }), true),
  },
  'POST /api/v2/admin/stock/documents/:id/post/': {
    writes: 'stock.draft-post',
    prepare: draftOf(() => ({})),
    elsewhere: draftOf(() => ({}), true),
  },
  'POST /api/v2/admin/stock/documents/:id/delete/': {
    writes: 'stock.draft-delete',
    prepare: draftOf(() => ({})),
    elsewhere: draftOf(() => ({}), true),
  },
  'POST /api/v2/admin/promocodes/': {
    writes: 'promo.create',
    prepare: async () => ({ body: { code: s.unique('NEW').toUpperCase(), kind: 'percent', value: 7 } }),
  },
  'POST /api/v2/admin/promocodes/:code/': {
    writes: 'promo.update',
    prepare: async () => ({ params: { code: await s.promo() }, body: { kind: 'percent', value: 12 } }),
  },
  'POST /api/v2/admin/promocodes/:code/batches/': {
    writes: 'promo.batch',
    prepare: async () => ({ params: { code: await s.promo() }, body: { count: 3, prefix: 'WALK' } }),
  },
  'POST /api/v2/admin/promocodes/:code/stop/': {
    writes: 'promo.stop',
    prepare: async () => ({ params: { code: await s.promo() } }),
  },
  'POST /api/v2/admin/content/pages/': {
    writes: 'content.page',
    prepare: async () => ({
      body: { url: `/info/${s.unique('new-')}/`, title: 'Новая', body: 'Текст', published: false },
    }),
  },
  'POST /api/v2/admin/content/pages/:id/': {
    writes: 'content.page',
    prepare: async () => {
      const page = await s.contentPage();
      return { params: { id: page.id }, body: { url: page.url, title: 'Другая', body: 'Текст', published: false } };
    },
  },
  'POST /api/v2/admin/content/faq/': {
    writes: 'content.faq',
    prepare: async () => ({ body: { topic: 'Обход', question: s.unique('Вопрос '), answer: 'Ответ.' } }),
  },
  'POST /api/v2/admin/content/faq/:id/': {
    writes: 'content.faq',
    prepare: async () => ({
      params: { id: (await s.faqItem()).id },
      body: { topic: 'Обход', question: s.unique('Вопрос '), answer: 'Другой ответ.' },
    }),
  },
  'DELETE /api/v2/admin/content/faq/:id/': {
    writes: 'content.faq',
    prepare: async () => ({ params: { id: (await s.faqItem()).id } }),
    call: (who, path) =>
      app.fetch(path, {
        method: 'DELETE',
        headers: { cookie: who.browser.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ sessid: who.browser.sessid }),
      }),
  },
  'POST /api/v2/admin/content/landings/': {
    writes: 'content.landing',
    prepare: async () => {
      const [row] = await s.rows<{ id: number }>(sql`select id from product_images order by id limit 1`);
      return {
        body: {
          url: `/promo/${s.unique('walk-')}/`,
          title: 'Лендинг',
          hero: `image:${row?.id}`,
          body: 'Текст',
          selection: { isNew: true },
          published: false,
        },
      };
    },
  },
  'POST /api/v2/admin/content/landings/:id/': {
    writes: 'content.landing',
    prepare: async () => {
      const l = await s.landing();
      return {
        params: { id: l.id },
        body: { url: l.url, title: l.title, body: `${l.body} `, selection: {}, published: true },
      };
    },
  },
  'POST /api/v2/admin/content/preview/': { writes: null, prepare: async () => ({ body: { body: '# Заголовок' } }) },
  [`POST ${ADMIN_API.reloadPages}`]: { writes: 'pages.reload' },
  'POST /api/v2/admin/shops/:id/': {
    writes: 'shop.update',
    prepare: async () => ({ params: { id: s.homeShop }, body: { phone: `8 800 ${String(Date.now()).slice(-7)}` } }),
  },
  'POST /api/v2/admin/questions/:id/answer/': {
    writes: 'question.answer',
    prepare: async () => ({ params: { id: await s.question() }, body: { text: 'Да, в пятницу.' } }),
  },
  'POST /api/v2/admin/reviews/:id/publish/': {
    writes: 'review.publish',
    prepare: async () => ({ params: { id: await pendingReview() } }),
  },
  'POST /api/v2/admin/reviews/:id/hide/': {
    writes: 'review.hide',
    prepare: async () => ({ params: { id: await pendingReview() }, body: { reason: 'Обход' } }),
  },
  'POST /api/v2/admin/reviews/:id/answer/': {
    writes: 'review.answer',
    prepare: async () => ({ params: { id: await pendingReview() }, body: { text: 'Спасибо за отзыв!' } }),
  },
  'POST /api/v2/admin/customers/:id/block/': {
    writes: 'customer.block',
    prepare: async () => ({ params: { id: await s.customer() }, body: { blocked: true, reason: 'Обход' } }),
  },
  'POST /api/v2/admin/customers/:id/bonus/': {
    writes: 'customer.bonus',
    prepare: async () => ({ params: { id: await s.customer() }, body: { amount: 100, reason: 'Обход' } }),
  },
};

/** A page form's fixture: the same things, posted as the page's form posts them. */
const PAGE_FIXTURES: Record<string, Fixture> = {
  'routes/admin/login#login': {
    writes: 'staff.login',
    fresh: true,
    call: async (who, path) => (await staffBrowser(app)).form(path, { email: who.email, password: STAFF_PASSWORD }),
  },
  'routes/admin/invite#accept': {
    writes: 'staff.create',
    prepare: async () => {
      const email = `${s.unique('new')}@walk.test`;
      const console = { client: 'walk', now: () => new Date() };
      const { link } = await app.services.staffTeam.inviteFromConsole(console, { email, name: '', role: 'content' });
      return { body: { email, search: new URL(link).search } };
    },
    call: async (_, path, prepared) =>
      (await staffBrowser(app)).form(`${path}${prepared.body?.search}`, {
        name: 'Новенький',
        password: STAFF_PASSWORD,
      }),
    actor: (prepared) => String(prepared.body?.email),
  },
  'routes/admin/logout#logout': { writes: 'staff.logout', fresh: true },
  'routes/admin/account#password': {
    writes: 'staff.password',
    fresh: true,
    prepare: async () => ({ body: { current: STAFF_PASSWORD, password: 'новый-пароль-на-зиму-7' } }),
  },
  'routes/admin/account#totp-setup': { writes: 'staff.totp-setup-start', fresh: true },
  'routes/admin/account#totp-enable': {
    writes: 'staff.totp',
    fresh: true,
    prepare: async (who) => {
      const setup = await app.services.staffAccounts.totpSetup(contextOf(who));
      return { body: { code: await totpCode(setup.secret) } };
    },
  },
  'routes/admin/account#notifications': { writes: 'staff.notification-prefs', prepare: flipSwitch },
  'routes/admin/notifications#read': {
    writes: 'staff.notifications-read',
    prepare: async (who) => ({ body: { ids: String((await unreadNotice(who)).body.ids[0]) } }),
  },
  'routes/admin/notifications#read-all': {
    writes: 'staff.notifications-read',
    prepare: async (who) => {
      await unreadNotice(who);
      return {};
    },
  },
  'routes/admin/account#totp-disable': {
    writes: 'staff.totp',
    fresh: true,
    prepare: async (who) => {
      const setup = await app.services.staffAccounts.totpSetup(contextOf(who));
      await app.services.staffAccounts.totpEnable(contextOf(who), await totpCode(setup.secret));
      // The next 30-second step: a code is spent once.
      return { body: { code: await totpCode(setup.secret, 30) } };
    },
  },
  'routes/admin/order#move': API_FIXTURES['POST /api/v2/admin/orders/:id/transition/'] as Fixture,
  'routes/admin/order#note': API_FIXTURES['POST /api/v2/admin/orders/:id/notes/'] as Fixture,
  'routes/admin/order#lines': API_FIXTURES['POST /api/v2/admin/orders/:id/changes/'] as Fixture,
  'routes/admin/order#handover-without-code': {
    ...(API_FIXTURES['POST /api/v2/admin/orders/:id/handover-without-code/'] as Fixture),
    beyond: { roles: ['shop'], why: 'a hand-over without the code is not a shop’s staff’s' },
    prepare: with_(order(['confirmed', 'assembling', 'ready']), { reason: 'Покупатель потерял СМС', confirm: 'yes' }),
  },
  'routes/admin/order#buyout': {
    ...(API_FIXTURES['POST /api/v2/admin/orders/:id/buyout/'] as Fixture),
    prepare: async () => {
      const { id, keep } = await s.shippedCourierOrder();
      return { params: { id }, body: { kept: keep } };
    },
  },
  'routes/admin/order#shipment-register': API_FIXTURES['POST /api/v2/admin/orders/:id/shipment/register/'] as Fixture,
  'routes/admin/order#shipment-cancel': {
    ...(API_FIXTURES['POST /api/v2/admin/orders/:id/shipment/cancel/'] as Fixture),
    prepare: carrier({ registered: true }, { reason: 'Покупатель передумал', confirm: 'yes' }),
  },
  'routes/admin/order#shipment-received': {
    ...(API_FIXTURES['POST /api/v2/admin/orders/:id/shipment/received/'] as Fixture),
    prepare: carrier({ back: true }, { confirm: 'yes' }),
  },
  'routes/admin/order-label#label': API_FIXTURES['POST /api/v2/admin/orders/:id/shipment/label/'] as Fixture,
  'routes/admin/order#refund': {
    ...(API_FIXTURES['POST /api/v2/admin/orders/:id/refunds/'] as Fixture),
    prepare: async () => {
      const { id } = await s.shopOrder(s.homeShop, [], { online: true });
      return { params: { id }, body: { amount: '100', reason: 'Брак', confirm: 'yes' } };
    },
  },
  'routes/admin/handover#find': { writes: null, prepare: order(['confirmed', 'assembling', 'ready']) },
  'routes/admin/handover#handover': {
    writes: 'order.handover',
    prepare: async (who) => {
      const { id, code } = await s.shopOrder(who.shopId ?? s.homeShop, ['confirmed', 'assembling', 'ready']);
      return { body: { id, code } };
    },
    elsewhere: async () => {
      const { id, code } = await s.shopOrder(s.otherShop, ['confirmed', 'assembling', 'ready']);
      return { body: { id, code } };
    },
  },
  'routes/admin/orders#move': {
    writes: 'order.move',
    prepare: async (who) => ({ body: { ids: (await s.shopOrder(who.shopId ?? s.homeShop)).id, to: 'confirmed' } }),
  },
  // «Печать одним PDF»: a read that posts (a carrier's label in it is audited as the card's; a shop order has none).
  'routes/admin/orders-print-pdf#pdf': {
    writes: null,
    prepare: async (who) => ({ body: { ids: (await s.shopOrder(who.shopId ?? s.homeShop)).id } }),
    elsewhere: async () => ({ body: { ids: (await s.shopOrder(s.otherShop)).id } }),
  },
  'routes/admin/orders#view-save': {
    writes: 'order-view.save',
    prepare: async () => ({ body: { name: s.unique('Вид '), shared: 'on', query: 'queue=handover' } }),
  },
  'routes/admin/orders#view-delete': {
    writes: 'order-view.delete',
    prepare: async (who) => ({ body: { id: await savedView(who) } }),
  },
  'routes/admin/customer#block': API_FIXTURES['POST /api/v2/admin/customers/:id/block/'] as Fixture,
  'routes/admin/customer-data#export': {
    writes: 'customer.export',
    prepare: async () => ({ params: { id: await s.customer() }, body: { request: 'Заявление № 1 от 01.12.2026' } }),
  },
  'routes/admin/customer#erase': {
    writes: 'customer.erase',
    prepare: async () => ({
      params: { id: await s.customer() },
      body: { request: 'Заявление № 2 от 01.12.2026', confirm: 'yes' },
    }),
  },
  'routes/admin/customer#bonus': API_FIXTURES['POST /api/v2/admin/customers/:id/bonus/'] as Fixture,
  'routes/admin/catalog-io#preview': {
    writes: null,
    call: async (who, path) => catalogUpload(who, path, { intent: 'preview' }),
  },
  'routes/admin/catalog-io#apply': {
    writes: 'catalog.import',
    also: ['catalog.import_product'],
    prepare: async (who) => catalogPreview(who),
  },
  'routes/admin/products#preview': {
    writes: null,
    prepare: async () => ({ body: { q: 'пуховик', kind: 'percent', value: '1' } }),
  },
  'routes/admin/products#apply': {
    writes: 'catalog.bulk_price',
    prepare: async () => {
      const { offerId } = await s.product();
      const [row] = await s.rows<{ article: string }>(
        sql`select p.article from products p join offers o on o.product_id = p.id where o.id = ${offerId}`,
      );
      return { body: { q: String(row?.article), kind: 'percent', value: '1' } };
    },
  },
  'routes/admin/products#parcels': {
    writes: 'catalog.bulk_parcel',
    prepare: async () => {
      const { offerId } = await s.product();
      const [row] = await s.rows<{ article: string }>(
        sql`select p.article from products p join offers o on o.product_id = p.id where o.id = ${offerId}`,
      );
      return { body: { q: String(row?.article), weight: String(nextGrams()) } };
    },
  },
  'routes/admin/product#parcel': {
    writes: 'product.update',
    prepare: async () => ({ params: { id: (await s.product()).id }, body: { weight: String(nextGrams()) } }),
  },
  'routes/admin/product#price': {
    writes: 'offer.price',
    prepare: async () => {
      const { id, offerId } = await s.product();
      return { params: { id }, body: { offerId, price: '4321' } };
    },
  },
  'routes/admin/product-new#create': {
    writes: 'product.create',
    prepare: async () => {
      const [colour] = await s.rows<{ code: string }>(sql`select code from colors order by code limit 1`);
      const [brand] = await s.rows<{ id: number }>(sql`select id from brands order by id limit 1`);
      return {
        body: {
          name: s.unique('Куртка формы '),
          article: s.unique('form-'),
          sectionId: String((await s.section()).id),
          brandId: String(brand?.id),
          'color-0': String(colour?.code),
          'size-0-0': 'L',
          'price-0-0': '5990',
        },
      };
    },
  },
  'routes/admin/product-new#copy': {
    writes: 'product.copy',
    prepare: async () => ({ body: { id: String((await s.product()).id) } }),
  },
  'routes/admin/products#bulk-edit': {
    writes: 'catalog.bulk_edit',
    prepare: async () => ({ body: { productIds: String((await s.product()).id), pricePercent: '1' } }),
  },
  'routes/admin/promo-batches#create': {
    writes: 'promo.batch',
    prepare: async () => ({ params: { code: await s.promo() }, body: { count: '3', prefix: 'FORM' } }),
  },
  'routes/admin/product#edit': {
    writes: 'product.update',
    prepare: async () => ({ params: { id: (await s.product()).id }, body: { description: s.unique('Описание ') } }),
  },
  'routes/admin/product#publish': {
    writes: 'product.publish',
    prepare: async () => ({ params: { id: (await s.product()).id }, body: { published: '0' } }),
  },
  'routes/admin/sections#save': {
    writes: 'section.update',
    prepare: async () => {
      const section = await s.section();
      return { body: { id: section.id, name: s.unique('Раздел '), url: section.url, sort: '0' } };
    },
  },
  'routes/admin/brands#create': {
    writes: 'brand.create',
    prepare: async () => ({ body: { code: s.unique('walk-'), name: s.unique('Бренд '), text: '' } }),
  },
  'routes/admin/brands#edit': {
    writes: 'brand.update',
    prepare: async () => ({ body: { id: await s.brand(), name: s.unique('Бренд '), text: '' } }),
  },
  'routes/admin/product-photos#upload': {
    writes: 'product.photos',
    prepare: async () => ({ params: { id: (await s.product()).id } }),
    call: (who, path) => s.upload(who.browser, path, { intent: 'upload' }),
  },
  'routes/admin/product-photos#move': {
    writes: 'product.photos',
    prepare: async () => {
      const { id, photos } = await s.productWithPhotos();
      return { params: { id }, body: { id: photos[1], move: 'main' } };
    },
  },
  'routes/admin/product-photos#delete': {
    writes: 'product.photos',
    prepare: async () => {
      const { id, photos } = await s.productWithPhotos();
      return { params: { id }, body: { id: photos[0] } };
    },
  },
  'routes/admin/shop-photos#upload': {
    writes: 'shop.photos',
    prepare: async () => ({ params: { id: s.homeShop } }),
    call: (who, path) => s.upload(who.browser, path, { intent: 'upload' }),
  },
  'routes/admin/shop-photos#move': {
    writes: 'shop.photos',
    prepare: async () => {
      const { id, photos } = await s.shopWithPhotos();
      return { params: { id }, body: { id: photos.at(-1), move: 'up' } };
    },
  },
  'routes/admin/shop-photos#delete': {
    writes: 'shop.photos',
    prepare: async () => {
      const { id, photos } = await s.shopWithPhotos();
      return { params: { id }, body: { id: photos.at(-1) } };
    },
  },
  'routes/admin/stock-documents#create': {
    writes: 'stock.draft-create',
    prepare: async (who) => ({ body: { kind: 'receipt', storeId: who.shopId ?? s.homeShop, reason: 'Приёмка' } }),
    elsewhere: async () => ({ body: { kind: 'receipt', storeId: s.otherShop, reason: 'Чужая приёмка' } }),
  },
  'routes/admin/stock-document#scan': API_FIXTURES['POST /api/v2/admin/stock/documents/:id/scan/'] as Fixture,
  'routes/admin/stock-document#save': API_FIXTURES['POST /api/v2/admin/stock/documents/:id/'] as Fixture,
  'routes/admin/stock-document#post': API_FIXTURES['POST /api/v2/admin/stock/documents/:id/post/'] as Fixture,
  'routes/admin/stock-document#delete': {
    writes: 'stock.draft-delete',
    prepare: draftOf(() => ({ confirm: 'yes' })),
    elsewhere: draftOf(() => ({ confirm: 'yes' }), true),
  },
  'routes/admin/stock#document': {
    writes: 'stock.document',
    prepare: async (who) => ({
      body: {
        kind: 'receipt',
        storeId: who.shopId ?? s.homeShop,
        reason: 'Приёмка обхода',
        [`qty-${(await s.product()).offerId}`]: '1',
      },
    }),
    elsewhere: async () => ({
      body: {
        kind: 'receipt',
        storeId: s.otherShop,
        reason: 'Приёмка в чужом магазине',
        [`qty-${(await s.product()).offerId}`]: '1',
      },
    }),
  },
  'routes/admin/promocodes#save': {
    writes: 'promo.create',
    prepare: async () => ({ body: { code: s.unique('PAGE').toUpperCase(), kind: 'percent', value: '7' } }),
  },
  'routes/admin/promocode#save': {
    writes: 'promo.update',
    prepare: async () => ({ params: { code: await s.promo() }, body: { kind: 'percent', value: '12' } }),
  },
  'routes/admin/promocode#stop': {
    writes: 'promo.stop',
    prepare: async () => ({ params: { code: await s.promo() }, body: { confirm: 'yes' } }),
  },
  'routes/admin/content#page': {
    writes: 'content.page',
    prepare: async () => ({
      body: { url: `/info/${s.unique('form-')}/`, title: 'Новая', body: 'Текст', menuSection: 'buyers', sort: '0' },
    }),
  },
  'routes/admin/content#preview': { writes: null, prepare: async () => ({ body: { body: '# Заголовок' } }) },
  'routes/admin/content#faq': {
    writes: 'content.faq',
    prepare: async () => ({ body: { topic: 'Обход', question: s.unique('Вопрос '), answer: 'Ответ.', sort: '0' } }),
  },
  'routes/admin/content#faq-delete': {
    writes: 'content.faq',
    prepare: async () => ({ body: { id: (await s.faqItem()).id, confirm: 'yes' } }),
  },
  'routes/admin/content#landing': {
    writes: 'content.landing',
    prepare: async () => {
      const l = await s.landing();
      return { body: { id: l.id, url: l.url, title: l.title, body: `${l.body} `, isNew: 'on', published: 'on' } };
    },
  },
  'routes/admin/content#landing-preview': { writes: null, prepare: async () => ({ body: { isNew: 'on' } }) },
  'routes/admin/content#reload': { writes: 'pages.reload' },
  'routes/admin/shop#save': {
    writes: 'shop.update',
    prepare: async () => {
      const shop = await app.services.shopsAdmin.card(s.ownerCtx, s.homeShop);
      const week: Record<string, string> = {};
      for (const [day, span] of Object.entries(shop.weekHours ?? {})) {
        if (span === null || span === undefined) week[`${day}.closed`] = 'on';
        else [week[`${day}.from`], week[`${day}.to`]] = [span[0] as string, span[1] as string];
      }
      return {
        params: { id: s.homeShop },
        body: { name: shop.name, address: shop.address, phone: `8 800 ${String(Date.now()).slice(-7)}`, ...week },
      };
    },
  },
  'routes/admin/question#answer': {
    writes: 'question.answer',
    prepare: async () => ({ params: { id: await s.question() }, body: { text: 'Да, в пятницу.' } }),
  },
  'routes/admin/reviews#publish': {
    writes: 'review.publish',
    prepare: async () => ({ body: { id: await pendingReview() } }),
  },
  'routes/admin/reviews#hide': {
    writes: 'review.hide',
    prepare: async () => ({ body: { id: await pendingReview(), reason: 'Обход' } }),
  },
  'routes/admin/reviews#answer': {
    writes: 'review.answer',
    prepare: async () => ({ body: { id: await pendingReview(), text: 'Спасибо за отзыв!' } }),
  },
  'routes/admin/staff#role': {
    writes: 'staff.role',
    prepare: async () => ({ body: { id: (await s.member('content')).staffId, role: 'merchandiser' } }),
  },
  'routes/admin/staff#invite': {
    writes: 'staff.invite',
    prepare: async () => ({ body: { email: `${s.unique('inv')}@walk.test`, name: '', role: 'content' } }),
  },
  'routes/admin/staff#exchange': {
    writes: 'staff.exchange-create',
    prepare: async () => ({ body: { login: s.unique('onec'), password: 'Обмен-с-сайтом-2026' } }),
  },
  'routes/admin/staff#revoke': {
    writes: 'staff.invite-revoke',
    prepare: async () => ({ body: { email: await s.invitation() } }),
  },
  'routes/admin/staff-remove#remove': {
    writes: 'staff.remove',
    prepare: async () => ({ params: { id: (await s.member('content')).staffId }, body: { confirm: 'yes' } }),
  },
  'routes/admin/exchange#prices': {
    writes: 'exchange.price_type',
    prepare: async () => {
      // One type is the old price at most: the one a former call made it gives the role up.
      await app.database.db.execute(sql`update exchange_price_types set role = null where role = 'old'`);
      return { body: { [`price:${(await s.exchangeMappings()).priceType}`]: 'old' } };
    },
  },
  'routes/admin/exchange#warehouses': {
    writes: 'exchange.warehouse',
    prepare: async () => {
      const m = await s.exchangeMappings();
      return { body: { [`store:${m.warehouse}`]: String(m.storeId) } };
    },
  },
  'routes/admin/exchange#sections': {
    writes: 'exchange.section',
    prepare: async () => {
      const m = await s.exchangeMappings();
      return { body: { [`section:${m.group}`]: String((await s.section()).id) } };
    },
  },
  'routes/admin/exchange#others': {
    writes: 'exchange.hide_others',
    prepare: async () => {
      await s.onecPackage();
      return { body: { confirm: 'yes' } };
    },
    // The demo catalogue back on sale for the writes after it.
    after: async () => {
      await app.database.db.execute(sql`update products p set active = true, unpublished = false where not p.active
        and not exists (select 1 from exchange_variants v where v.product_id = p.id)`);
    },
  },
  'routes/admin/exchange#rerun': {
    writes: 'exchange.rerun',
    prepare: async () => {
      await s.onecPackage();
      return {};
    },
  },
};

/** A price no catalogue import gave a size yet, so each import changes something and leaves its entry. */
let importPrice = 2000;
/** A catalogue table that changes one demo size's price (and drops its old price). */
const catalogTable = async () => [
  ['ID предложения', 'Цена', 'Старая цена'],
  [String((await s.product()).offerId), String(++importPrice), ''],
];
/** The table posted as a CSV file (`file`), to the API (with the sessid) or to the page (from the shop's own page). */
async function catalogUpload(who: Member, path: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set('sessid', who.browser.sessid);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const csv = (await catalogTable()).map((r) => r.join(';')).join('\r\n');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'walk.csv');
  return app.fetch(path, {
    method: 'POST',
    headers: { cookie: who.browser.cookie, origin: SHOP_ORIGIN },
    body: form,
    redirect: 'manual',
  });
}
/** A member's preview of a catalogue import, to apply. */
const catalogPreview = async (who: Member) => ({
  body: { token: (await app.services.catalogIo.preview(contextOf(who), 'walk.csv', await catalogTable())).token },
});
/** A private view of the orders desk saved by `who` (issue 47.7), for its delete. */
const savedView = async (who: Member) =>
  (await app.services.orderViews.save(contextOf(who), { name: s.unique('Вид '), shared: false, query: '' })).id;

/** The request context of a member, for what a test makes through the services as them. */
const contextOf = (who: Member) => ({
  requestId: 'walk',
  sessionId: 'walk',
  actor: { kind: 'staff' as const, staffId: who.staffId, email: who.email, role: who.role, shopId: who.shopId },
  city: null,
  client: 'walk',
  now: () => new Date(),
});

/** The code an authenticator app shows for `secret`, `ahead` seconds from now. */
async function totpCode(secret: string, ahead = 0): Promise<string> {
  const { TOTP, Secret } = await import('otpauth');
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 1000 });
}

/** The API's staff writes, off Hono's route table: the POSTs and DELETEs behind a declared permission. */
function apiDoors(): Door[] {
  const doors = new Map<string, Door>();
  for (const route of app.routes) {
    const permission = (route.handler as { permission?: StaffAction | 'open' }).permission;
    if (!permission || (route.method !== 'POST' && route.method !== 'DELETE')) continue;
    const key = `${route.method} ${route.path}`;
    doors.set(key, { key, method: route.method, path: route.path, permission });
  }
  return [...doors.values()];
}

/** The pages' staff writes, off the page build's route table: every intent of every back-office action. */
async function pageDoors(): Promise<Door[]> {
  const build = (await import(/* @vite-ignore */ `${process.cwd()}/build/server/index.js`)) as {
    routes: Record<string, { id: string; path?: string; parentId?: string; module: { action?: unknown } }>;
  };
  const routes = Object.values(build.routes);
  const pathOf = (id: string | undefined): string => {
    const route = routes.find((r) => r.id === id);
    if (!route) return '';
    return `${pathOf(route.parentId)}/${route.path ?? ''}`.replace(/\/+/g, '/');
  };
  const doors: Door[] = [];
  for (const route of routes.filter((r) => r.id.startsWith('routes/admin/') && r.module.action)) {
    const action = route.module.action as { permission?: StaffAction | 'open'; intents?: string[] };
    // Every back-office action is a `staffAction`: one with none of its marks is a write nothing here checks.
    expect(action.intents, `${route.id}: its action is not a staffAction`).toBeDefined();
    for (const intent of action.intents ?? [])
      doors.push({
        key: `${route.id}#${intent}`,
        method: 'POST',
        path: `${pathOf(route.id).replace(/\/$/, '')}/`,
        permission: action.permission as StaffAction | 'open',
        intent,
      });
  }
  return doors;
}

const lastAuditId = async () =>
  Number((await s.rows<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_log`))[0]?.id);
const auditSince = (id: number) =>
  s.rows<{ staff_email: string; action: string; entity: string }>(
    sql`select staff_email, action, entity from audit_log where id > ${id} order by id`,
  );

/** Posts the door's call as `who`: the fixture's own, or its body to the path (JSON to the API, a form to a page). */
async function knock(door: Door, fixture: Fixture, who: Member, prepared: Prepared): Promise<Response> {
  const path = at(door.path, prepared.params);
  if (fixture.call) return fixture.call(who, path, prepared);
  if (!door.intent) return who.browser.call(path, prepared.body ?? {});
  const fields: Record<string, string> = { intent: door.intent };
  for (const [name, value] of Object.entries(prepared.body ?? {})) fields[name] = String(value);
  return who.browser.form(path, fields);
}

const allowed = (door: Door) =>
  door.permission === 'open'
    ? [...PERSON_ROLES]
    : PERSON_ROLES.filter((role) => roleMay({ role }, door.permission as StaffAction));

beforeAll(async () => {
  app = await subjectsApp();
  s = await staffSubjects(app);
  for (const role of PERSON_ROLES) members.set(role, await s.member(role));
}, 300_000);
afterAll(() => app.close());

describe('every staff write', () => {
  it('finds the writes on both route tables, each with a fixture, and no fixture without its write', async () => {
    const doors = [...apiDoors(), ...(await pageDoors())];
    expect(doors.length).toBeGreaterThan(60);
    const fixtures = { ...API_FIXTURES, ...PAGE_FIXTURES };
    expect(doors.map((d) => d.key).filter((key) => !fixtures[key])).toEqual([]);
    expect(Object.keys(fixtures).filter((key) => !doors.some((d) => d.key === key))).toEqual([]);
  });

  it('as an allowed role adds one audit row naming the member, the action and the entity', async () => {
    const doors = [...apiDoors(), ...(await pageDoors())];
    const fixtures = { ...API_FIXTURES, ...PAGE_FIXTURES };
    let checked = 0;
    for (const door of doors) {
      const fixture = fixtures[door.key] as Fixture;
      for (const role of allowed(door).filter((r) => !fixture.beyond?.roles.includes(r))) {
        const who = fixture.fresh ? await s.member(role) : (members.get(role) as Member);
        const prepared = (await fixture.prepare?.(who)) ?? {};
        const before = await lastAuditId();
        const res = await knock(door, fixture, who, prepared);
        await fixture.after?.();
        const label = `${door.key} as ${role}`;
        expect(res.status, `${label}: ${res.status >= 400 ? await res.clone().text() : ''}`.slice(0, 600)).toBeLessThan(
          400,
        );
        const rows = await auditSince(before);
        if (fixture.writes === null) expect(rows, label).toEqual([]);
        else
          expect(rows, label).toEqual([
            ...(fixture.also ?? []).map((action) => ({
              staff_email: who.email,
              action,
              entity: STAFF_WRITES[action].entity,
            })),
            {
              staff_email: fixture.actor?.(prepared) ?? who.email,
              action: fixture.writes,
              entity: STAFF_WRITES[fixture.writes].entity,
            },
          ]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(120);
  }, 900_000);

  it('as a role that may not answers 403 and adds no row; an own-shop grant is refused on another shop’s thing', async () => {
    const doors = [...apiDoors(), ...(await pageDoors())];
    const fixtures = { ...API_FIXTURES, ...PAGE_FIXTURES };
    let refused = 0;
    for (const door of doors) {
      const fixture = fixtures[door.key] as Fixture;
      for (const role of PERSON_ROLES.filter((r) => !allowed(door).includes(r))) {
        const who = members.get(role) as Member;
        const before = await lastAuditId();
        const res = await knock(door, { ...fixture, call: undefined }, who, { body: {} });
        expect(res.status, `${door.key} as ${role}`).toBe(403);
        expect(await auditSince(before), `${door.key} as ${role}`).toEqual([]);
        refused++;
      }
      if (fixture.elsewhere) {
        const who = members.get('shop') as Member;
        const prepared = await fixture.elsewhere(who);
        const before = await lastAuditId();
        const res = await knock(door, fixture, who, prepared);
        expect([403, 404], `${door.key} on another shop’s thing`).toContain(res.status);
        expect(await auditSince(before), `${door.key} on another shop’s thing`).toEqual([]);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(150);
  }, 600_000);
});
