import { statfs } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { AlertsService } from '../../domain/alerts/alerts.service';
import { startPeriodic } from '../periodic';

/** Percent of the disk holding `dir` in use, as `df` counts it (the blocks an unprivileged user may not use too). */
export async function diskUsedPercent(dir: string): Promise<number | null> {
  try {
    const s = await statfs(dir);
    const used = s.blocks - s.bfree;
    return (used / (used + s.bavail)) * 100;
  } catch {
    return null;
  }
}

/** The owner's alerts, checked every minute in each process (the database lets one raise each alert once). */
export function startAlerts(deps: { alerts: AlertsService; dataDir: string; log: Logger; afterLetters: () => void }) {
  return startPeriodic({
    firstMs: 30_000,
    everyMs: 60_000,
    run: async () => {
      try {
        const { raised, cleared } = await deps.alerts.check({ diskUsedPercent: await diskUsedPercent(deps.dataDir) });
        for (const code of raised) deps.log.warn({ alert: code }, 'предупреждение владельцу');
        for (const code of cleared) deps.log.info({ alert: code }, 'предупреждение снято');
        if (raised.length + cleared.length > 0) deps.afterLetters();
      } catch (err) {
        deps.log.error({ err }, 'проверка предупреждений не удалась');
      }
    },
  });
}
