import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };
const dbTests = ['db/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.ts'];

// Database tests run on PGlite always, and on the PostgreSQL server too when DATABASE_URL is set.
const databases = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'lib/**/*.test.ts',
            'components/**/*.test.ts',
            'bench/**/*.test.ts',
            'cli/**/*.test.ts',
            'mcp/**/*.test.ts',
            'proxy/**/*.test.ts',
            'client/**/*.test.ts',
            'test/scripted-model.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'components',
          include: ['components/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/components-setup.ts'],
        },
      },
      ...databases.map((database) => ({
        resolve: { alias },
        test: {
          name: `db-${database}`,
          include: dbTests,
          environment: 'node',
          env: { FAVINDEX_TEST_DB: database },
          globalSetup: database === 'postgres' ? ['test/postgres-global-setup.ts'] : [],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      })),
    ],
  },
});
