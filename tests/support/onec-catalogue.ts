import { expect } from 'vitest';
import { type CataloguePackage, writePackage } from '../../server/exchange/commerceml/write-package';
import { bootstrapStaff } from '../../server/staff-bootstrap';
import { type OnecAnswer, onecClient } from './onec-client';
import type { TestApp } from './test-app';

/** The 1C account of the exchange tests below. */
export const ONEC_LOGIN = { login: '1c-rules', password: 'правила-обмена-2026' };

export const addOnecAccount = (app: TestApp) =>
  bootstrapStaff({
    services: app.services,
    settings: { EXCHANGE_LOGIN: ONEC_LOGIN.login, EXCHANGE_PASSWORD: ONEC_LOGIN.password },
    log: { info() {}, warn() {} },
  });

/** A whole catalogue exchange of the package as 1C runs it: its answers, every text line of them joined. */
export async function exchangePackage(
  app: TestApp,
  pkg: CataloguePackage,
): Promise<{ answers: OnecAnswer[]; text: string }> {
  const { importXml, offersXml } = writePackage(pkg);
  const onec = onecClient(app, 'catalog', ONEC_LOGIN);
  expect((await onec.checkauth()).lines[0]).toBe('success');
  await onec.send('init');
  const answers: OnecAnswer[] = [];
  for (const [name, data] of [
    ['import.xml', importXml],
    ['offers.xml', offersXml],
  ] as const) {
    for (const a of await onec.upload(name, data, 1)) expect(a.lines[0]).toBe('success');
    answers.push(...(await onec.importFile(name)));
  }
  answers.push(await onec.send('deactivate'), await onec.send('complete'));
  for (const a of answers) expect(a.lines[0], a.lines.join('\n')).toBe('success');
  return { answers, text: answers.map((a) => a.lines.join('\n')).join('\n') };
}

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field
type Json = any;

/** A public catalogue call's `data`. */
export async function publicData(app: TestApp, path: string): Promise<Json> {
  const res = await app.fetch(path);
  expect(res.status, path).toBe(200);
  return (await res.json()).data;
}
