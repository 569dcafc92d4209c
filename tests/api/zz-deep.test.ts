import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
it('dump', async () => {
  const app = await createTestApp();
  for (const [name, p] of [['deep', `/catalog/${'a/'.repeat(7000)}`], ['deep2', `/${'a/'.repeat(7000)}`], ['short', '/not-found/'], ['cat', '/catalog/zzz/']]) {
    const t = performance.now();
    const res = await app.fetch(p);
    const html = await res.text();
    console.log(name, res.status, Math.round(performance.now() - t));
    writeFileSync(`/tmp/wta/noguard/${name}.html`, html);
  }
  await app.close();
}, 120000);
