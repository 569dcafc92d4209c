import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      'domain/**/*.test.ts',
      'db/**/*.test.ts',
      'config/**/*.test.ts',
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'tests/api/**/*.test.ts',
    ],
    // Tests of what only a server database can show (a second connection holding a lock) run in the PostgreSQL pass.
    exclude: process.env.DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // Vitest runs one file at a time on a 2-core machine (its default is the cores less one); a file waits on its
    // database, fakes and timers part of the time, so three at once keep both cores busy (.ci/run's time).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
