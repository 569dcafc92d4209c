import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import {
  emailConfirmInput,
  loginInput,
  passwordForgotInput,
  passwordResetInput,
  registerInput,
} from '../../../domain/auth/credentials.schemas';
import {
  addressDeleteInput,
  addressInput,
  addressUpdateInput,
  profileInput,
} from '../../../domain/cabinet/cabinet.schemas';
import { phoneCodeCheckInput, phoneCodeSendInput } from '../../../domain/auth/phone-codes.schemas';
import type { User } from '../../../domain/auth/user';
import { PROFILE_COOKIE_DAYS, profileCookiesOf } from '../../../contract/profile-cookies';
import { subscribeInput } from '../../../domain/newsletter/newsletter.schemas';
import { addressRegionInput, regionInput } from '../../../domain/regions/regions.schemas';
import type { City } from '../../../domain/regions/ports';
import { toRegion } from '../../../domain/regions/regions.service';
import type { Services } from '../../../domain/services';
import { parseInput } from '../../http/body';
import type { AppEnv } from '../../http/env';
import { newSessionId } from '../../http/session';
import { route } from '../route';

/** Spec §3: cookies live 365 days. */
const CITY_COOKIE_MAX_AGE = 365 * 86400;

/** The visitor's city from now on: the city cookie, and the spec's Region for the page. */
function chooseCity(c: Context<AppEnv>, city: City) {
  setCookie(c, 'city', city.code, { path: '/', maxAge: CITY_COOKIE_MAX_AGE, sameSite: 'Lax' });
  return { region: toRegion(city) };
}

export function userApi(services: Services) {
  const api = new Hono<AppEnv>();
  route(api, 'subscribe', ['POST'], async (c) => {
    const input = await parseInput(c, subscribeInput);
    return services.newsletter.subscribe(c.get('ctx'), input.email);
  });
  // Spec §7 user/state, and the personal parts of every page (decision 0010): GET needs no sessid, it only reads.
  route(api, 'userState', ['GET', 'POST'], async (c) => {
    const ctx = c.get('ctx');
    const session = c.get('session');
    const [user, , basket] = await Promise.all([
      services.sessionUser.currentUser(ctx),
      // Every page asks this once after load: it is the visit that keeps the session alive (and lets its views count).
      services.sessions.visit(ctx),
      // A new visitor has no basket yet: skip the query.
      session.isNew ? { availableCount: 0, delayCount: 0 } : services.basket.counts(ctx),
    ]);
    return { user, basket, sessid: session.sessid };
  });
  route(api, 'regionSet', ['POST'], async (c) => {
    const { id } = await parseInput(c, regionInput);
    return chooseCity(c, await services.regions.byId(id));
  });
  route(api, 'regionByAddress', ['POST'], async (c) => {
    return chooseCity(c, await services.regions.byAddress(await parseInput(c, addressRegionInput)));
  });
  route(api, 'phoneCodeSend', ['POST'], async (c) => {
    const { phone } = await parseInput(c, phoneCodeSendInput);
    const { resendAfter } = await services.phoneCodes.send(c.get('ctx'), phone);
    return { resendAfter };
  });
  route(api, 'phoneCodeCheck', ['POST'], async (c) => {
    const input = await parseInput(c, phoneCodeCheckInput);
    const ctx = c.get('ctx');
    const session = c.get('session');
    const { loginUserId } = await services.phoneCodes.check(ctx, input.phone, input.code, input.login === 'Y');
    if (loginUserId === null) return { user: await services.sessionUser.currentUser(ctx), sessid: session.sessid };
    const id = newSessionId();
    const user = await services.sessionUser.logIn(ctx, loginUserId, id);
    return { user, sessid: session.renew(id) };
  });
  route(api, 'authRegister', ['POST'], async (c) => {
    const input = await parseInput(c, registerInput);
    const id = newSessionId();
    const user = await services.credentials.register(c.get('ctx'), input, id);
    return {
      user,
      sessid: c.get('session').renew(id),
      message: `Вы зарегистрированы. Мы отправили письмо на ${user.email}: откройте ссылку из него, чтобы подтвердить адрес.`,
    };
  });
  route(api, 'authLogin', ['POST'], async (c) => {
    const { login, password } = await parseInput(c, loginInput);
    const id = newSessionId();
    const user = await services.credentials.logIn(c.get('ctx'), login, password, id);
    return { user, sessid: c.get('session').renew(id) };
  });
  route(api, 'emailConfirm', ['POST'], async (c) => {
    await parseInput(c, emailConfirmInput);
    return services.credentials.sendEmailConfirmation(c.get('ctx'));
  });
  route(api, 'passwordForgot', ['POST'], async (c) => {
    const { email } = await parseInput(c, passwordForgotInput);
    return services.credentials.requestPasswordReset(c.get('ctx'), email);
  });
  route(api, 'passwordReset', ['POST'], async (c) => {
    const { token, password } = await parseInput(c, passwordResetInput);
    return services.credentials.resetPassword(c.get('ctx'), token, password);
  });
  route(api, 'profileSet', ['POST'], async (c) => {
    const input = await parseInput(c, profileInput);
    const user = await services.cabinet.updateProfile(c.get('ctx'), input);
    setProfileCookies(c, user);
    return { user };
  });
  // Reading the list is a POST as the spec's calls are (with sessid); it changes nothing.
  route(api, 'addressList', ['POST'], async (c) => ({ items: await services.cabinet.addresses(c.get('ctx')) }));
  route(api, 'addressAdd', ['POST'], async (c) => {
    const input = await parseInput(c, addressInput);
    return { items: await services.cabinet.addAddress(c.get('ctx'), input) };
  });
  route(api, 'addressUpdate', ['POST'], async (c) => {
    const { id, ...input } = await parseInput(c, addressUpdateInput);
    return { items: await services.cabinet.updateAddress(c.get('ctx'), id, input) };
  });
  route(api, 'addressDelete', ['POST'], async (c) => {
    const { id } = await parseInput(c, addressDeleteInput);
    return { items: await services.cabinet.deleteAddress(c.get('ctx'), id) };
  });
  route(api, 'discountCardRequest', ['POST'], async (c) => {
    const ctx = c.get('ctx');
    const card = await services.cabinet.requestCard(ctx);
    return { card, user: await services.sessionUser.currentUser(ctx) };
  });
  return api;
}

/** Spec §3: the order form reads the profile from these cookies (360 days). */
function setProfileCookies(c: Context<AppEnv>, user: User) {
  for (const [name, value] of Object.entries(profileCookiesOf(user)))
    setCookie(c, name, value, { path: '/', maxAge: PROFILE_COOKIE_DAYS * 86400, sameSite: 'Lax' });
}
