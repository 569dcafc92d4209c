/** The spec's User (§3): what the browser knows of whoever is on the page. */
export interface User {
  auth: boolean;
  id: number | null;
  saleUserId: number | null;
  name: string;
  lastName: string;
  secondName: string;
  gender: string;
  email: string;
  /** md5 of the lower-case email, for services that key by it without seeing the address. */
  emailHash: string;
  emailConfirmed: boolean;
  phone: string;
  confirmedPhone: string;
  birthday: string;
  discountCard: string;
  discountCardFormated: string;
  discountCardActive: boolean;
  isSubscribe: boolean;
  /** The spec's display mode ('expand' widens the page); '' is the default. */
  mode: string;
  cabinetUrl: string;
}

export const CABINET_URL = '/lk/';

/** A visitor who has not logged in: `auth` false and every field empty. */
export const GUEST: User = {
  auth: false,
  id: null,
  saleUserId: null,
  name: '',
  lastName: '',
  secondName: '',
  gender: '',
  email: '',
  emailHash: '',
  emailConfirmed: false,
  phone: '',
  confirmedPhone: '',
  birthday: '',
  discountCard: '',
  discountCardFormated: '',
  discountCardActive: false,
  isSubscribe: false,
  mode: '',
  cabinetUrl: CABINET_URL,
};
