import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname) };

/** The SQL, and what runs it: on every database. */
const sqlTests = ['db/**/*.test.ts', 'server/**/*.test.ts'];
/** The route tests: on PGlite only, since both databases run the same route code and differ only in the SQL below it. */
const routeTests = ['app/**/*.test.ts'];

/**
 * The route tests that run on PostgreSQL too, because what they check differs between the
 * databases, beyond the SQL that db/ and server/ tests cover on both:
 * - contracts: every response held to its contract as each driver types its values (§api);
 * - date-params: a date the database cannot store, refused by each database's own check;
 * - favourites and routers: concurrent writers, which PGlite's one connection takes in turn and PostgreSQL does not;
 * - tokens: revocation seen by another process, by notification on PGlite, by a read per request on PostgreSQL (§auth);
 * - events, unresolved-bound: ingest writes each 100 events on PGlite, one statement on PostgreSQL (server/events/ingest.ts);
 * - the polls of another project (issue #45): latency on each database.
 */
const routeTestsOnBothDatabases = [
  'app/api/contracts.test.ts',
  'app/api/date-params.test.ts',
  'app/api/projects/[[]id]/favourites/route.test.ts',
  'app/api/projects/[[]id]/routers/route.test.ts',
  'app/api/projects/[[]id]/tokens/route.test.ts',
  'app/api/projects/[[]id]/events/route.test.ts',
  'app/api/projects/[[]id]/usage/unresolved-bound.test.ts',
  'app/api/projects/[[]id]/events/hostile-events-other-projects.test.ts',
  'app/api/projects/[[]id]/surface/other-projects.test.ts',
];

/**
 * The tests that time answers: another project's /surface polls (p99 under 100 ms, issue #45)
 * and requests answered while a large YAML document is parsed (longest wait under 100 ms). On
 * two cores they miss whenever other test files run beside them, and pass alone, so they run in
 * projects of their own, after every other project, one file at a time.
 */
const latencyTests = [
  'app/api/projects/[[]id]/surface/other-projects.test.ts',
  'app/api/projects/[[]id]/events/hostile-events-other-projects.test.ts',
  'app/api/yaml/apply/large-documents.test.ts',
];

// Database tests run on PGlite always, and on the PostgreSQL server too when DATABASE_URL is set.
const databases = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/** What a database project sets: its database, the run's migrated copy of it, and time for database work. */
function onDatabase(database: (typeof databases)[number]) {
  return {
    environment: 'node',
    env: { FAVINDEX_TEST_DB: database },
    globalSetup: [`test/${database}-global-setup.ts`],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Both cores: vitest's default is one worker fewer than the cores, which on two cores runs every
    // file one after another while most of them wait on a database. The latency projects keep one.
    maxWorkers: 2,
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
          // Pure code: the files share a worker and its imports (about 150 s less on two cores, measured
          // under load); none changes global state it does not restore. The components' DOM is not shared so.
          isolate: false,
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
      ...databases.map((database) => {
        const include = [...sqlTests, ...(database === 'pglite' ? routeTests : routeTestsOnBothDatabases)];
        return {
          resolve: { alias },
          test: {
            name: `db-${database}`,
            include,
            exclude: [...configDefaults.exclude, ...latencyTests],
            // The files of a worker share its imports (the routes, drizzle, PGlite's WebAssembly): each
            // opens a database of its own and installs its own app context in beforeAll, and none
            // changes global state it does not restore. 241 s -> 128 s for both projects, quiet.
            isolate: false,
            ...onDatabase(database),
          },
        };
      }),
      // Group 1 starts when group 0 (every project above) has finished; one worker for the
      // group runs its files one at a time, across both projects.
      ...databases.map((database) => ({
        resolve: { alias },
        test: {
          name: `latency-${database}`,
          include: database === 'pglite' ? latencyTests : latencyTests.filter((file) => routeTestsOnBothDatabases.includes(file)),
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          fileParallelism: false,
          ...onDatabase(database),
        },
      })),
    ],
  },
});
