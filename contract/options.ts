/** The spec's Options object (§3), embedded in every page for the browser code. */
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
  sessid: string;
}
