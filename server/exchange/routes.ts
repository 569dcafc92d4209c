import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ReadableStream } from 'node:stream/web';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { OrderStatusRecord, SaleFileResult } from '../../domain/exchange/order-status';
import type { CatalogueImporter, ExchangeSession, ImportStep } from '../../domain/exchange/ports';
import { DomainError } from '../../domain/errors';
import type { Services } from '../../domain/services';
import { clientAddress } from '../http/client-address';
import type { AppEnv } from '../http/env';
import { CommerceMlError, parseCatalogue } from './commerceml/parse-catalogue';
import { parseOrders } from './commerceml/parse-orders';
import { ordersXml } from './commerceml/write-orders';
import { ExchangeFileError, FILE_LIMIT, safeRelativePath, sessionFolder } from './files';

/** The path 1C's «Обмен с сайтом» suggests (the 1C-Bitrix one), and the shop's own alias. */
export const EXCHANGE_PATHS = ['/bitrix/admin/1c_exchange.php', '/api/1c/exchange/', '/api/1c/exchange'] as const;
/** The cookie 1C is told at `checkauth` and sends back on every later call (a plain token: pitfall P2). */
export const EXCHANGE_COOKIE = 'shop_1c_exchange';

/** The lines after `success` for 1C's orders file: what changed, and the first refusals by order number. */
function saleText(name: string, result: SaleFileResult): string {
  const head = `Файл ${name}: заказов изменено ${result.changed}, без изменений ${result.unchanged}, отказов ${result.errors.length}.`;
  const errors = result.errors.slice(0, 5).map((e) => `Заказ ${e.id}: ${e.message}`);
  const more =
    result.errors.length > 5 ? [`…и ещё отказов: ${result.errors.length - 5} (журнал обмена в админке).`] : [];
  return [head, ...errors, ...more].join('\n');
}

type Ctx = Context<AppEnv>;

export interface ExchangeDeps {
  services: Pick<Services, 'exchange'>;
  /** The shop's data folder: each session's package goes to `exchange/<session>/` under it. */
  dataDir: string;
  /** Where catalogue records go (domain/exchange/catalogue-import.ts). */
  importer: CatalogueImporter;
  trustProxy: boolean;
  clock: () => Date;
  /** The shop's time zone: the orders' dates for 1C. */
  timeZone: string;
}

/**
 * The 1C exchange endpoint (issue 26): the 1C-Bitrix protocol, `?type=catalog|sale&mode=…`, GET or POST alike. Every
 * answer is HTTP 200 plain text whose first line is `success`, `progress` or `failure` (or the lines `init` and the
 * XML `query` are made of), whatever goes wrong: 1C shows anything else as «неизвестный статус» (pitfall P6).
 */
export function exchangeRoutes(deps: ExchangeDeps) {
  const app = new Hono<AppEnv>();
  const root = path.join(deps.dataDir, 'exchange');
  const handler = async (c: Ctx) => {
    try {
      return await handle(c);
    } catch (error) {
      return answer('failure', reasonOf(c, error));
    }
  };
  for (const p of EXCHANGE_PATHS) app.all(p, handler);

  async function handle(c: Ctx): Promise<Response> {
    const ctx = ctxOf(c);
    const type = c.req.query('type');
    const mode = c.req.query('mode');
    if (type !== 'catalog' && type !== 'sale')
      return answer('failure', `Неизвестный тип обмена «${clip(type)}»: ожидается catalog или sale.`);
    if (mode === 'checkauth') {
      const basic = basicOf(c);
      if (!basic)
        return answer(
          'failure',
          'Нет логина и пароля (HTTP Basic). Если они заданы в 1С, их отбрасывает прокси-сервер перед магазином: он должен передавать заголовок Authorization.',
        );
      const { token, session } = await deps.services.exchange.logIn(ctx, basic.login, basic.password);
      const lines = [EXCHANGE_COOKIE, token, `sessid=${sessidOf(session)}`];
      if (type === 'catalog') lines.push(`timestamp=${Math.floor(ctx.now().getTime() / 1000)}`);
      return answer('success', ...lines);
    }
    const session = await sessionOf(c, ctx);
    if (!session) return answer('failure', 'Нет сеанса обмена: сначала mode=checkauth с логином и паролем.');
    const folder = sessionFolder(root, session.tokenHash);
    return type === 'catalog' ? catalog(c, mode, session, folder) : sale(c, mode, session, folder);
  }

  async function sessionOf(c: Ctx, ctx: { client: string; now: () => Date }): Promise<ExchangeSession | null> {
    const token = getCookie(c, EXCHANGE_COOKIE);
    const bySession = token ? await deps.services.exchange.bySession(ctx, token) : null;
    if (bySession) return bySession;
    // Emulators (and some 1C setups) send Basic on every call instead of the cookie.
    const basic = basicOf(c);
    return basic ? deps.services.exchange.byLogin(ctx, basic.login, basic.password) : null;
  }

  const ctxOf = (c: Ctx) => ({ client: clientAddress(c, deps.trustProxy), now: deps.clock });

  async function catalog(c: Ctx, mode: string | undefined, session: ExchangeSession, folder: Folder) {
    switch (mode) {
      case 'init':
        await folder.clean();
        await deps.importer.startPackage(session.tokenHash);
        return text(`zip=yes\nfile_limit=${FILE_LIMIT}`);
      case 'file': {
        const name = fileNameOf(c);
        await folder.append(name, c.req.raw.body as ReadableStream<Uint8Array> | null);
        return answer('success');
      }
      case 'import': {
        const name = fileNameOf(c);
        // A zip is unpacked at the first import, and 1C repeats the same request after `progress`.
        const zips = await folder.pendingZips();
        if (zips.length > 0) {
          let files = 0;
          for (const zip of zips) files += await folder.unpackZip(zip);
          return answer('progress', `Архив распакован: файлов ${files}.`);
        }
        if (/\.zip$/i.test(name)) return answer('success', 'Архив уже распакован.');
        if (!/\.xml$/i.test(name)) return answer('success', `Файл ${name} принят.`);
        await folder.uploaded(name); // a file never uploaded is refused before a log row is made for it
        const step = await deps.importer.importFile({
          sessionKey: session.tokenHash,
          staffId: session.staffId,
          fileName: name,
          records: () => parseFolderFile(folder, name),
          packageFile: (relative) => folder.read(relative),
        });
        return answer(step.status, stepText(name, step));
      }
      case 'deactivate':
      case 'complete': {
        const removed = await deps.importer.finishPackage(session.tokenHash);
        if (!removed) return answer('success', 'Обмен каталогом завершён.');
        return answer(
          'success',
          `Обмен каталогом завершён: скрыто товаров, которых нет в полном пакете, ${removed.products.removed}; обнулено остатков ${removed.stock.removed}.`,
        );
      }
      default:
        return answer('failure', `Неизвестная команда «${clip(mode)}».`);
    }
  }

  async function sale(c: Ctx, mode: string | undefined, session: ExchangeSession, folder: Folder) {
    switch (mode) {
      case 'init': {
        // A new exchange: an orders file of the same name from an earlier one is not appended to.
        await folder.removeSale();
        const lines = ['zip=no', `file_limit=${FILE_LIMIT}`];
        // A 1C module that says its version gets the 1C-Bitrix answer of the new flow (pitfall P4).
        if (c.req.query('version')) lines.push(`sessid=${sessidOf(session)}`, 'version=2.09');
        return text(lines.join('\n'));
      }
      case 'query': {
        const orders = await deps.services.exchange.query(session);
        const body = ordersXml(orders, { now: deps.clock(), timeZone: deps.timeZone });
        return new Response(new Uint8Array(body), {
          status: 200,
          headers: {
            'content-type': 'application/xml; charset=windows-1251',
            'content-length': String(body.length),
            'cache-control': 'no-store',
          },
        });
      }
      case 'success': {
        const marked = await deps.services.exchange.confirm(ctxOf(c), session);
        return answer('success', `Заказов принято 1С: ${marked}.`);
      }
      case 'file': {
        const name = fileNameOf(c);
        await folder.append(path.posix.join('sale', name), c.req.raw.body as ReadableStream<Uint8Array> | null);
        return answer('success', `Файл ${name} принят.`);
      }
      case 'import': {
        const name = fileNameOf(c);
        // The whole file is read before any order moves: a malformed file changes nothing.
        const records: OrderStatusRecord[] = [];
        for await (const record of parseOrders(await folder.open(path.posix.join('sale', name)))) records.push(record);
        const result = await deps.services.exchange.applySale(ctxOf(c), session, name, records);
        return answer('success', saleText(name, result));
      }
      default:
        return answer('failure', `Неизвестная команда «${clip(mode)}».`);
    }
  }

  return app;
}

type Folder = ReturnType<typeof sessionFolder>;

/** The answer 1C reads: the status word on the first line, the reason after it; HTTP 200 always. */
function answer(status: 'success' | 'progress' | 'failure', ...lines: string[]): Response {
  return text([status, ...lines].join('\n'));
}

function text(body: string): Response {
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The Russian reason of a failure; what is not the client's fault goes to the log and is named only vaguely. */
function reasonOf(c: Ctx, error: unknown): string {
  if (error instanceof DomainError || error instanceof ExchangeFileError || error instanceof CommerceMlError)
    return error.message.replace(/\s*\n\s*/g, ' ');
  c.get('log').error({ err: error, url: c.req.url }, 'обмен с 1С: ошибка');
  return 'Ошибка на стороне магазина; подробности в журнале магазина.';
}

/** `filename` reduced to a safe relative path, or a refusal. */
function fileNameOf(c: Ctx): string {
  const raw = c.req.query('filename') ?? '';
  const name = safeRelativePath(raw);
  if (!name) throw new ExchangeFileError(`Недопустимое имя файла «${clip(raw)}».`);
  return name;
}

/** The login and password of an `Authorization: Basic` header, read from the raw header (pitfall P1). */
function basicOf(c: Ctx): { login: string; password: string } | null {
  const header = c.req.raw.headers.get('authorization') ?? '';
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The `sessid` line 1C-Bitrix sends: derived from the session, so nothing more is stored. */
const sessidOf = (session: ExchangeSession) =>
  createHash('sha256').update(`sessid:${session.tokenHash}`).digest('hex').slice(0, 32);

const clip = (value: string | undefined) => (value ?? '').replace(/\p{Cc}/gu, ' ').slice(0, 80);

async function* parseFolderFile(folder: Folder, name: string) {
  yield* parseCatalogue(await folder.open(name));
}

/** The lines after the status: what the step wrote, and the first errors by 1C's `Ид`. */
function stepText(name: string, step: ImportStep): string {
  const c = step.counts;
  const what = `разделов +${c.sections.created}/~${c.sections.changed}, товаров +${c.products.created}/~${c.products.changed}/−${c.products.removed}, предложений +${c.offers.created}/~${c.offers.changed}, цен ~${c.prices.changed}, остатков ~${c.stock.changed + c.stock.created}/−${c.stock.removed}, фото +${c.images.created}`;
  const head =
    step.status === 'progress'
      ? `Файл ${name}: записано записей ${step.position}, продолжение при следующем запросе.`
      : `Файл ${name} загружен: записей ${step.position}.`;
  const errors = step.errors.slice(0, 5).map((e) => `Ошибка (Ид ${e.id}): ${e.message}`);
  const more = step.errors.length > 5 ? [`…и ещё ошибок: ${step.errors.length - 5} (журнал обмена в админке).`] : [];
  return [head, what, ...errors, ...more].join('\n');
}
