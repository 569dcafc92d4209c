import { defineConfig } from 'vitest/config';

/** The reverse-proxy test (issue 45.5): Debian's nginx in front of the shop; `.ci/run` installs nginx first. */
export default defineConfig({
  test: {
    include: ['tests/nginx/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
