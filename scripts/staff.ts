import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { readSettings } from '../config/settings';
import { openConfiguredDatabase } from '../db/client';
import { isStaffRole, PERSON_ROLES } from '../domain/staff/staff-member';
import { exchangeAccountInput, staffInviteInput } from '../domain/staff/staff.schemas';
import { createServices } from '../server/services';

/**
 * `npm run staff -- add EMAIL ROLE [--shop CODE]`: invites a staff member by a one-use link (a letter via the outbox).
 * `npm run staff -- exchange LOGIN`: makes 1C's account with a new password, printed once.
 */
const [command, login, role, flag, shopCode] = process.argv.slice(2);
const adds = command === 'add' && login && isStaffRole(role) && (flag === undefined || (flag === '--shop' && shopCode));
if (!adds && !(command === 'exchange' && login && role === undefined)) {
  console.log(
    `npm run staff -- add EMAIL ROLE [--shop CODE]\n  роли: ${PERSON_ROLES.join(', ')}; --shop — код магазина для роли shop\nnpm run staff -- exchange LOGIN\n  учётная запись для обмена с 1С; пароль печатается один раз`,
  );
  process.exit(command ? 1 : 0);
}
const settings = readSettings();
const database = await openConfiguredDatabase(settings);
try {
  await database.migrate();
  const services = createServices({ database, settings, secret: 'console' });
  const ctx = { client: 'console', now: () => new Date() };
  if (command === 'exchange') {
    const input = exchangeAccountInput.parse({ login, password: randomBytes(18).toString('base64url') });
    const account = await services.staffTeam.createExchangeAccount(ctx, input);
    console.log(`учётная запись обмена с 1С создана: логин ${account.email}, пароль ${input.password}`);
  } else {
    const input = staffInviteInput.parse({ email: login, role });
    const invitation = await services.staffTeam.inviteFromConsole(ctx, { ...input, shopCode });
    console.log(`приглашение для ${invitation.email} (${role}) отправлено письмом; ссылка: ${invitation.link}`);
  }
} catch (error) {
  console.error(
    error instanceof z.ZodError ? error.issues[0]?.message : error instanceof Error ? error.message : error,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
