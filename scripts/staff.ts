import { z } from 'zod';
import { readSettings } from '../config/settings';
import { openConfiguredDatabase } from '../db/client';
import { isStaffRole, STAFF_ROLES } from '../domain/staff/staff-member';
import { staffInviteInput } from '../domain/staff/staff.schemas';
import { createServices } from '../server/services';

/** `npm run staff -- add EMAIL ROLE [--shop CODE]`: invites a staff member by a one-use link (a letter via the outbox). */
const [command, email, role, flag, shopCode] = process.argv.slice(2);
if (command !== 'add' || !email || !isStaffRole(role) || (flag !== undefined && (flag !== '--shop' || !shopCode))) {
  console.log(
    `npm run staff -- add EMAIL ROLE [--shop CODE]\n  роли: ${STAFF_ROLES.join(', ')}; --shop — код магазина для роли shop`,
  );
  process.exit(command ? 1 : 0);
}
const settings = readSettings();
const database = await openConfiguredDatabase(settings);
try {
  await database.migrate();
  const services = createServices({ database, settings, secret: 'console' });
  const input = staffInviteInput.parse({ email, role });
  const invitation = await services.staffTeam.inviteFromConsole(
    { client: 'console', now: () => new Date() },
    { ...input, shopCode },
  );
  console.log(`приглашение для ${invitation.email} (${role}) отправлено письмом; ссылка: ${invitation.link}`);
} catch (error) {
  console.error(
    error instanceof z.ZodError ? error.issues[0]?.message : error instanceof Error ? error.message : error,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
