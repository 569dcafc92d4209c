import type { Company } from '../content/company';
import type { OutgoingMessage } from '../messages/message';
import { alertLetter } from './alert-letters';
import { type AlertCode, type AlertFacts, type AlertRules, alertsNow } from './alerts';

export interface OpenAlert {
  code: AlertCode;
  detail: string;
  raisedAt: Date;
}

export interface AlertsRepository {
  facts(now: Date): Promise<Omit<AlertFacts, 'diskUsedPercent'>>;
  open(): Promise<OpenAlert[]>;
  /** Where the letters go: the configured addresses, else the back office's owners. */
  recipients(): Promise<string[]>;
  /**
   * Opens the alert with its letters in one transaction, unless it is open already (whatever process raised it);
   * answers whether this call opened it.
   */
  raise(alert: OpenAlert, letters: (detail: string) => OutgoingMessage[]): Promise<boolean>;
  /** Closes the open alert with its letters in one transaction; answers whether this call closed it. */
  clear(code: AlertCode, at: Date, letters: (detail: string) => OutgoingMessage[]): Promise<boolean>;
}

export type AlertsService = ReturnType<typeof createAlertsService>;

/**
 * Checks the alerts and tells the owner of each change once (issue 45.6): a letter when one is raised, none while it
 * holds, and a letter when it clears. The dashboard shows the open ones.
 */
export function createAlertsService(deps: {
  repo: AlertsRepository;
  rules: Omit<AlertRules, 'watchingSince'>;
  company: Company;
  adminUrl: string;
  now: () => Date;
}) {
  const watchingSince = deps.now();
  const letters = async (code: AlertCode, cleared: boolean) => {
    const to = await deps.repo.recipients();
    return (detail: string) =>
      to.map((address) =>
        alertLetter({ company: deps.company, to: address, code, detail, cleared, adminUrl: deps.adminUrl }),
      );
  };
  return {
    open: () => deps.repo.open(),
    /** One round of checks: answers the codes raised and cleared by it. */
    async check(machine: { diskUsedPercent: number | null }) {
      const now = deps.now();
      const facts = { ...(await deps.repo.facts(now)), ...machine };
      const holding = alertsNow(facts, { ...deps.rules, watchingSince }, now);
      const open = new Set((await deps.repo.open()).map((a) => a.code));
      const raised: AlertCode[] = [];
      const cleared: AlertCode[] = [];
      for (const [code, detail] of holding) {
        if (open.has(code)) continue;
        if (await deps.repo.raise({ code, detail, raisedAt: now }, await letters(code, false))) raised.push(code);
      }
      for (const code of open) {
        if (holding.has(code)) continue;
        if (await deps.repo.clear(code, now, await letters(code, true))) cleared.push(code);
      }
      return { raised, cleared };
    },
  };
}
