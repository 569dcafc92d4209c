import { formatDate, MOSCOW } from '../text/dates';
import type { Company } from '../content/company';
import { SHOP, shopLetter } from '../messages/layout';
import type { EmailMessage } from '../messages/message';
import { ROLE_TITLES } from './permissions';
import type { StaffRole } from './staff-member';

/** The invitation to the back office: `url` opens the page that creates the account, once, until `expiresAt`. */
export function staffInviteLetter(input: {
  company: Company;
  email: string;
  name: string;
  role: StaffRole;
  url: string;
  expiresAt: Date;
}): EmailMessage {
  const title = 'Приглашение в панель управления магазином';
  const until = `${formatDate(input.expiresAt, 'longDateTime', MOSCOW)} (МСК)`;
  return shopLetter('staff-invite', input.email, {
    company: input.company,
    title,
    paragraphs: [
      input.name ? `Здравствуйте, ${input.name}!` : 'Здравствуйте!',
      `Вас пригласили работать в панели управления магазина ${SHOP.name} с ролью «${ROLE_TITLES[input.role]}».`,
      `Откройте ссылку, задайте имя и пароль. Ссылка открывается один раз и действует до ${until} (МСК).`,
      'Если вы не ждали этого письма, просто не открывайте ссылку.',
    ],
    action: { label: 'Принять приглашение', url: input.url },
  });
}

/** A member's address is being guessed at the back office's login: sent once a window, to the member. */
export function staffLoginGuessedLetter(input: {
  company: Company;
  email: string;
  name: string;
  at: Date;
}): EmailMessage {
  const title = 'Кто-то подбирает пароль к вашему входу';
  const when = input.at.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long', timeStyle: 'short' });
  return shopLetter('staff-login-guessed', input.email, {
    company: input.company,
    title,
    paragraphs: [
      input.name ? `Здравствуйте, ${input.name}!` : 'Здравствуйте!',
      `${when} (МСК) в панель управления магазина ${SHOP.name} несколько раз пытались войти с вашим адресом и неверным паролем.`,
      'Если это были не вы, смените пароль и включите вход с кодом из приложения в своём профиле. Ваш вход это не блокирует.',
    ],
  });
}
