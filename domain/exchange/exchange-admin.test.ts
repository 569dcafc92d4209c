import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../staff/audit';
import { createStaffWrite } from '../staff/staff-write';
import type { TransactionRepositories } from '../uow';
import {
  createExchangeAdminService,
  type ExchangeAdminRepository,
  type PackageRerun,
  type RerunFile,
} from './exchange-admin';

const now = new Date('2026-03-02T09:00:00Z');
const ctx = {
  actor: { kind: 'staff' as const, staffId: 5, email: 'onec@shop.test', role: 'exchange' as const, shopId: null },
  client: '10.0.0.1',
  now: () => now,
};

/** The service on a repository that knows one package and remembers what a rerun marks. */
function serviceWith(lastPackage: { sessionKey: string; files: string[] } | null) {
  const audit: AuditEntry[] = [];
  const repo = {
    lastCataloguePackage: async () => lastPackage,
  } as unknown as ExchangeAdminRepository;
  const repos = { exchangeMappings: repo, audit: { record: async (e: AuditEntry) => void audit.push(e) } };
  const service = createExchangeAdminService({
    repo,
    write: createStaffWrite({ run: (work) => work(repos as unknown as TransactionRepositories) }),
  });
  return { service, audit };
}

const rerunning = (files: RerunFile[] | null) => {
  const asked: unknown[] = [];
  const packages: PackageRerun = {
    available: async () => files !== null,
    async rerun(from, as) {
      asked.push({ from, as });
      return files;
    },
  };
  return { packages, asked };
};

describe('the rerun of the last package', () => {
  it('loads it again as a new session of the member, audited as it starts: from which package to which session', async () => {
    const { service, audit } = serviceWith({ sessionKey: 'abc', files: ['import.xml', 'offers.xml'] });
    const { packages, asked } = rerunning([
      { fileName: 'import.xml', status: 'success' },
      { fileName: 'offers.xml', status: 'success' },
    ]);
    const key = await service.rerun(ctx, packages);
    expect(key).toBe(`rerun-${now.getTime()}`);
    expect(asked).toEqual([
      { from: { sessionKey: 'abc', files: ['import.xml', 'offers.xml'] }, as: { sessionKey: key, staffId: 5 } },
    ]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'exchange.rerun', entityId: key, staffEmail: 'onec@shop.test' });
    expect(audit[0]?.changes.sessionKey).toEqual({ before: 'abc', after: key });
  });

  it('refuses with a conflict naming the file that failed; the rerun that began stays in the log', async () => {
    const { service, audit } = serviceWith({ sessionKey: 'abc', files: ['import.xml', 'offers.xml'] });
    const { packages } = rerunning([
      { fileName: 'import.xml', status: 'success' },
      { fileName: 'offers.xml', status: 'failure', message: 'Файл CommerceML не прочитан: (строка 3, столбец 1)' },
    ]);
    await expect(service.rerun(ctx, packages)).rejects.toMatchObject({
      kind: 'conflict',
      message:
        'Файл offers.xml не загружен: Файл CommerceML не прочитан: (строка 3, столбец 1). Загружено до него файлов: 1.',
    });
    expect(audit).toHaveLength(1);
  });

  it('is refused to a role without exchange.run before anything is read', async () => {
    const { service } = serviceWith({ sessionKey: 'abc', files: ['import.xml'] });
    const { packages, asked } = rerunning([]);
    const manager = { ...ctx, actor: { ...ctx.actor, role: 'manager' as const } };
    await expect(service.rerun(manager, packages)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(asked).toEqual([]);
  });
});
