/**
 * The spec's Options object (§3), embedded in every page for the browser code. Its personal `sessid` is not here:
 * pages are the same for every visitor, and the browser gets it from `user/state` (app/lib/visitor.ts).
 */
export interface ShopOptions {
  mapServiceKey: string;
  addressKeys: string[];
  imgVersion: string;
  isEnabledGiveOutDiscountCardOnRegister: boolean;
  stopBannerChangeOnHover: boolean;
  urlPersonalDataProcessing: string;
  urlOferta: string;
  urlAuthPage: string;
  urlRegisterPage: string;
  siteId: string;
  /** Online payment is offered at checkout (issue 27): off when `PAYMENT_PROVIDER=none`. */
  onlinePayment: boolean;
  /** Yandex Metrica's counter (`METRICA_ID`), '' when the shop has none: then no counter loads (issue 43.4). */
  metricaId: string;
  /** The chat and marketing widgets' script addresses (spec §7 «Also loaded»), loaded once the page is idle. */
  widgetScripts: string[];
}
