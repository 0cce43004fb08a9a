/** Runs the engine tests alone (`npx vitest run --config test/engine/vitest.config.ts`): they need no global setup. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/engine/**/*.test.ts'],
  },
});
