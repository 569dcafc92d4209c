import type { StaffRole } from '../staff/staff-member';
import type { CatalogueRecord } from './records';

/** Rows of one kind a file created, changed, and removed (a product hidden, a stock row zeroed). */
export interface ChangeCount {
  created: number;
  changed: number;
  removed: number;
}

export const CHANGE_KINDS = ['sections', 'products', 'offers', 'prices', 'stock', 'images'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What a file changed in the shop, by kind, and how many of its records were read. */
export type ImportCounts = Record<ChangeKind, ChangeCount> & { records: number };

/** A record the import could not take, named by 1C's `Ид` so the operator finds it in 1C. */
export interface ImportIssue {
  id: string;
  message: string;
}

/** One file of a package to import (a catalogue exchange's `mode=import`, or a rerun from the back office). */
export interface ImportFileRequest {
  /** The exchange session (or the rerun) the file belongs to: with the name, the key of its log row. */
  sessionKey: string;
  staffId: number | null;
  /** A catalogue exchange's file, or the back office running the last package again. */
  type?: 'catalog' | 'rerun';
  fileName: string;
  /** The file's records from the start; a step cut off by the time budget reads them again and skips what is written. */
  records(): AsyncIterable<CatalogueRecord>;
  /** A file of the package (a photo), by its path inside the package; null when it is not there. */
  packageFile(relative: string): Promise<Buffer | null>;
}

/** Where an import stands after one request: 1C repeats the request while it is `progress`. */
export interface ImportStep {
  status: 'progress' | 'success';
  logId: number;
  /** Records of the file written so far. */
  position: number;
  counts: ImportCounts;
  errors: ImportIssue[];
}

/** The catalogue import (issue 26): records of 1C's files into sections, products, offers, prices, stock and photos. */
export interface CatalogueImporter {
  /**
   * `mode=init`: a new package in the session. Files of an earlier package of the same session (1C that sends Basic
   * on every call goes on in one session for hours) are not this package's: a file of the same name is imported anew.
   */
  startPackage(sessionKey: string): Promise<void>;
  /** Writes the file from where its last step stopped, until done or until the step's time budget is spent. */
  importFile(request: ImportFileRequest): Promise<ImportStep>;
  /**
   * The package's end (`mode=deactivate` or `complete`, or a whole unsplit file): when every file of the session is
   * written, a full catalogue hides the 1C products it did not mention and full stock zeroes the offers it did not
   * mention. Null when some file is not written yet (nothing is removed then).
   */
  finishPackage(sessionKey: string): Promise<ImportCounts | null>;
}

/** An exchange session as the repository keeps it: the token's hash is its key and names its files' folder. */
export interface ExchangeSession {
  tokenHash: string;
  staffId: number;
  email: string;
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
  /** 1C's `Ид` of the offer when it came from 1C. */
  onecId: string | null;
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
  /** `CASH` (paid on receipt) or `ONLINE`. */
  paymentMethod: string;
  /** When the online payment went through (held or succeeded), null for an order not paid online. */
  paidAt: Date | null;
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
