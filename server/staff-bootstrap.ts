import type { Settings } from '../config/settings';
import type { Services } from '../domain/services';
import type { OwnerAtStart } from './start-banner';

/**
 * At start (issue 25.1): the owner from `ADMIN_EMAIL` and `ADMIN_PASSWORD` when both are set; else, while nobody works
 * in the back office has the owner's role, a one-use link valid a day that creates the owner, printed for whoever started the shop. No
 * password is ever built in. The account 1C logs in with comes from `EXCHANGE_LOGIN` and `EXCHANGE_PASSWORD` when set.
 */
export async function bootstrapStaff(deps: {
  services: Pick<Services, 'staffBootstrap'>;
  settings: Pick<Settings, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'EXCHANGE_LOGIN' | 'EXCHANGE_PASSWORD'>;
  log: { info(message: string): void; warn(message: string): void };
  now?: () => Date;
}): Promise<OwnerAtStart> {
  const { services, settings, log } = deps;
  const ctx = { client: 'console', now: deps.now ?? (() => new Date()) };
  // 1C's account (issue 26), whatever the owner's state.
  if (settings.EXCHANGE_LOGIN && settings.EXCHANGE_PASSWORD) {
    const done = await services.staffBootstrap.ensureExchange(ctx, settings.EXCHANGE_LOGIN, settings.EXCHANGE_PASSWORD);
    log.info(
      `обмен с 1С: учётная запись ${settings.EXCHANGE_LOGIN} ${done === 'created' ? 'создана' : 'обновлена'} из настроек`,
    );
  }
  if (settings.ADMIN_EMAIL && settings.ADMIN_PASSWORD) {
    const done = await services.staffBootstrap.ensureOwner(ctx, settings.ADMIN_EMAIL, settings.ADMIN_PASSWORD);
    log.info(
      `панель управления: владелец ${settings.ADMIN_EMAIL} ${done === 'created' ? 'создан' : 'обновлён'} из настроек`,
    );
    return { kind: 'settings', email: settings.ADMIN_EMAIL };
  }
  const link = await services.staffBootstrap.bootstrapLink(ctx);
  if (!link) return { kind: 'exists' };
  log.warn(
    `панель управления: владельца ещё нет. Откройте ссылку, чтобы создать его (одна попытка, действует 24 часа): ${link}`,
  );
  return { kind: 'link', link };
}
