import type { StaffRole } from '../staff/staff-member';
import type { CatalogueRecord } from './records';

/** What one catalogue file gave, by kind of record; the text of the answer to 1C names them. */
export interface ImportCounts {
  packages: number;
  groups: number;
  properties: number;
  products: number;
  priceTypes: number;
  warehouses: number;
  offers: number;
}

/** Which file of which exchange session is imported, for the importer's log. */
export interface ImportContext {
  fileName: string;
  sessionKey: string;
}

/**
 * Where the records of a catalogue file go (issue 26). The shop's writer of products, offers, prices and stock does
 * not exist yet: until it does, the composition root passes one that only counts (server/exchange/counting-importer.ts).
 */
export interface CatalogueImporter {
  importRecords(records: AsyncIterable<CatalogueRecord>, ctx: ImportContext): Promise<ImportCounts>;
}

/** An exchange session as the repository keeps it: the token's hash is its key and names its files' folder. */
export interface ExchangeSession {
  tokenHash: string;
  staffId: number;
  /** The member's role now: a session ends for the exchange once the role no longer may run it. */
  role: StaffRole;
}

/** The account 1C logs in with, as the exchange reads it. */
export interface ExchangeAccount {
  id: number;
  login: string;
  role: StaffRole;
  passwordHash: string;
}

/** One line of an order handed to 1C (kopecks). */
export interface ExportLine {
  offerId: number;
  productId: number;
  name: string;
  sizeName: string;
  price: number;
  oldPrice: number | null;
  quantity: number;
  total: number;
}

/** An order as 1C is handed it (kopecks; the delivery as the order keeps it). */
export interface ExportOrder {
  id: number;
  createdAt: Date;
  status: string;
  deliveryType: string;
  delivery: Record<string, unknown>;
  name: string;
  lastName: string;
  secondName: string;
  email: string;
  phone: string;
  comment: string;
  items: number;
  discount: number;
  deliveryPrice: number;
  bonusesUsed: number;
  total: number;
  lines: ExportLine[];
}

export interface ExchangeRepository {
  /** A member still here, by login (the staff table's address column, compared without case). */
  account(login: string): Promise<ExchangeAccount | null>;
  startSession(tokenHash: string, staffId: number, now: Date): Promise<void>;
  /** The session seen within `idleS` seconds before `now`, of a member still here, marking it seen; null otherwise. */
  session(tokenHash: string, now: Date, idleS: number): Promise<ExchangeSession | null>;
  /** The member's latest live session (an emulator that sends Basic on every call and no cookie goes on in it). */
  latestSession(staffId: number, now: Date, idleS: number): Promise<ExchangeSession | null>;
  /** At most `limit` orders 1C has not taken yet, oldest first, with their lines. */
  ordersNotExported(limit: number): Promise<ExportOrder[]>;
  /** Remembers the orders the session's last query handed over (replacing the list before). */
  rememberQueried(tokenHash: string, orderIds: number[]): Promise<void>;
  /**
   * Marks the orders of the session's last query as taken and empties its list, in one statement: two `success`
   * calls at once mark each order once. Answers how many it marked.
   */
  markExported(tokenHash: string, now: Date): Promise<number>;
}
