import type { User } from '../domain/auth/user';
import type { ProfileCookies } from '../domain/order/contact';
import { GENDER_COOKIE, genderCookieOfProfile } from '../domain/menu/menu';

/** Spec §3: the profile cookies live 360 days (the shop's other cookies 365). */
export const PROFILE_COOKIE_DAYS = 360;

/** Spec §3: the cookie of each profile field. */
export const PROFILE_COOKIES = {
  name: 'user_name',
  lastName: 'user_last_name',
  secondName: 'user_second_name',
  email: 'user_email',
  gender: GENDER_COOKIE,
  birthday: 'user_birthday',
  phone: 'user_phone',
} as const;

/**
 * The profile cookies of a saved profile, one value each wherever a profile is saved (the profile call, the cabinet's
 * form): the gender as the menu reads it, a phone only with its 11 digits.
 */
export function profileCookiesOf(
  user: Pick<User, 'name' | 'lastName' | 'secondName' | 'email' | 'gender' | 'birthday' | 'phone'>,
): Record<string, string> {
  return {
    [PROFILE_COOKIES.name]: user.name,
    [PROFILE_COOKIES.lastName]: user.lastName,
    [PROFILE_COOKIES.secondName]: user.secondName,
    [PROFILE_COOKIES.email]: user.email,
    [PROFILE_COOKIES.gender]: genderCookieOfProfile(user.gender),
    [PROFILE_COOKIES.birthday]: user.birthday,
    [PROFILE_COOKIES.phone]: user.phone.length === 11 ? user.phone : '',
  };
}

/** A guest's contact as the order page reads it back from the profile cookies (`read` gives one cookie's value). */
export function readProfileCookies(read: (name: string) => string | undefined): ProfileCookies {
  return {
    name: read(PROFILE_COOKIES.name),
    lastName: read(PROFILE_COOKIES.lastName),
    secondName: read(PROFILE_COOKIES.secondName),
    email: read(PROFILE_COOKIES.email),
    phone: read(PROFILE_COOKIES.phone),
  };
}
