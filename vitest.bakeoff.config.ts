import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

/**
 * The bake-off's domain tests and the scripted model over real HTTP. The model's test lives in
 * test/, which the unit project does not scan (its other files need a build or a database), so
 * it runs here: `npx vitest run -c vitest.bakeoff.config.ts`.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'bakeoff',
    include: ['lib/bakeoff/**/*.test.ts', 'test/scripted-model.test.ts'],
    environment: 'node',
  },
});
