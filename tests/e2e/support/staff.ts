import type { Page } from 'playwright-core';

/** The owner the shop under test is started with (`ADMIN_EMAIL`, `ADMIN_PASSWORD`: global-setup.ts). */
export const E2E_OWNER = { email: 'owner@e2e.example.ru', password: 'вьюга-в-панели-2026' } as const;

/** Logs the page's browser in to the back office as the owner through the login page, and opens `next`. */
export async function staffLogin(page: Page, next: string): Promise<void> {
  await page.goto(`/admin/login/?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(E2E_OWNER.email);
  await page.getByLabel('Пароль').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => url.pathname === next);
}
