import type { BakeoffTask } from '@/lib/bakeoff/task-schema';
import { ARGUMENT_CHECK_MODES } from '@/lib/arguments/classes';
import fc from 'fast-check';
import { hasControlCharacter } from '@/lib/text';
import { identitySchema, POLICY_ANNOTATIONS, type PolicyRule, type ToolPolicy } from '@/lib/schemas/policy';
import { type RoutersConfig, routersConfigSchema } from '@/lib/schemas/routers';
import { NAMING_SCHEMES, SURFACE_MODES, TARGET_IDS } from '@/lib/schemas/surface-config';
import type { ProjectConfig } from '@/lib/yaml/project-document';

// Any text favindex keeps: no U+0000, no leading U+FEFF (lone surrogates are never generated).
const text = (maxLength: number, minLength = 0) =>
  fc.string({ unit: 'binary', minLength, maxLength }).filter((s) => !s.includes('\u0000') && !s.startsWith('\ufeff'));

// Mostly YAML's troublemakers, sometimes anything: strings that look like other types,
// indicators, quotes, line breaks, leading/trailing spaces.
const tricky = (maxLength: number, minLength = 0) =>
  fc.oneof(
    text(maxLength, minLength),
    fc
      .constantFrom(
        'yes',
        'no',
        'null',
        '~',
        'true',
        '0x1F',
        '1e3',
        '12',
        '-',
        '- a',
        ': b',
        '#c',
        '"q"',
        "'s'",
        ' lead',
        'trail ',
        'a\nb',
        'a\r\nb',
        '\t',
        '---',
        '...',
        '&a',
        '*a',
        '!tag',
        '{x}',
        '[y]',
        '%YAML',
        '@at',
        '`tick',
        '\u2028',
        'in\ufeffside',
        '😀',
      )
      .filter((s) => s.length >= minLength && s.length <= maxLength),
  );

const serverName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,12}$/);
const canonicalTool = fc.tuple(serverName, tricky(40, 1)).map(([server, tool]) => `${server}/${tool}`);

export const favouriteIndexArb = fc
  .tuple(fc.boolean(), fc.integer({ min: 1, max: 128 }), fc.uniqueArray(canonicalTool, { maxLength: 20 }))
  .map(([enabled, maxFavourites, tools]) => ({ enabled, maxFavourites: Math.max(maxFavourites, tools.length), tools }));

export const surfaceArb = fc.record(
  {
    mode: fc.constantFrom(...SURFACE_MODES),
    target: fc.constantFrom(...TARGET_IDS),
    naming: fc.constantFrom(...NAMING_SCHEMES),
    serverKey: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,11}(_[A-Za-z0-9-]{1,8})?$/),
    customCap: fc.integer({ min: 1, max: 100_000 }),
    agentTools: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.array(tricky(64, 1), { maxLength: 8 })),
    instruction: tricky(400),
    alwaysLoadFavourites: fc.boolean(),
    argumentChecks: fc.constantFrom(...ARGUMENT_CHECK_MODES),
    toolBudget: fc.integer({ min: 1, max: 10_000 }),
    limits: fc.record({
      maxToolsPerRequest: fc.integer({ min: 1, max: 10_000 }),
      maxActivatedToolsPerSession: fc.integer({ min: 0, max: 10_000 }),
      maxPinnedServers: fc.integer({ min: 0, max: 1_000 }),
      retrieveK: fc.integer({ min: 1, max: 1_000 }),
    }),
  },
  { requiredKeys: ['mode', 'target', 'naming', 'serverKey', 'agentTools', 'instruction', 'alwaysLoadFavourites', 'argumentChecks', 'toolBudget', 'limits'] },
);

/** A project configuration as stored, with the given id. */
// A rule's patterns and identities refuse control characters; a note keeps any text.
const patternText = (maxLength: number) => tricky(maxLength, 1).filter((p) => !hasControlCharacter(p));

const policyRuleArb: fc.Arbitrary<PolicyRule> = fc.record(
  {
    effect: fc.constantFrom('allow' as const, 'deny' as const),
    identities: fc.array(
      fc
        .tuple(fc.constantFrom('token:', 'client:'), patternText(30))
        .map(([kind, name]) => `${kind}${name}`)
        .filter((identity) => identitySchema.safeParse(identity).success),
      { maxLength: 3 },
    ),
    tools: fc.array(patternText(40), { minLength: 1, maxLength: 3 }),
    servers: fc.array(patternText(20), { minLength: 1, maxLength: 2 }),
    annotations: fc.record(Object.fromEntries(POLICY_ANNOTATIONS.map((a) => [a, fc.boolean()])) as Record<string, fc.Arbitrary<boolean>>, {
      requiredKeys: [],
    }),
    note: tricky(100),
  },
  { requiredKeys: ['effect'] },
);

/** The default policy half the time, else up to four rules of every kind. */
const policyArb: fc.Arbitrary<ToolPolicy> = fc.oneof(
  fc.constant<ToolPolicy>({ default: 'allow', rules: [] }),
  fc.record({ default: fc.constantFrom('allow' as const, 'deny' as const), rules: fc.array(policyRuleArb, { maxLength: 4 }) }),
);

/** A note or a reason: one line of any text favindex keeps. */
const oneLine = (maxLength: number) => tricky(maxLength, 1).filter((t) => !/[\r\n]/.test(t));

/**
 * No routers half the time, else up to two routers of up to three ops and up to two singletons,
 * with every text YAML finds hard; each tool in one place, as the schema holds them.
 */
const routersArb: fc.Arbitrary<RoutersConfig> = fc.oneof(
  fc.constant<RoutersConfig>({ routers: [], singletons: [] }),
  fc
    .record({
      routers: fc.uniqueArray(
        fc.record({
          name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,12}$/),
          description: tricky(200, 1),
          ops: fc.uniqueArray(fc.record({ op: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/), tool: canonicalTool, note: oneLine(100) }), {
            minLength: 1,
            maxLength: 3,
            selector: (o) => o.op,
          }),
        }),
        { maxLength: 2, selector: (r) => r.name },
      ),
      singletons: fc.array(fc.record({ tool: canonicalTool, reason: oneLine(100) }), { maxLength: 2 }),
    })
    .filter((config) => routersConfigSchema.safeParse(config).success),
);

/** JSON values as a task's checks and fixtures hold them (no -0: JSON and jsonb write it as 0). */
const jsonValue = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const jsonObject = fc.dictionary(tricky(20, 1), jsonValue, { maxKeys: 3 });

/** Up to three bake-off tasks: a prompt or a thread, checks of each kind, fixtures, a turn limit. */
const bakeoffTasksArb: fc.Arbitrary<BakeoffTask[]> = fc.uniqueArray(
  fc.record(
    {
      id: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
      prompt: tricky(200, 1),
      target: canonicalTool,
      arguments: fc.record(
        { required: fc.array(tricky(20, 1), { maxLength: 3 }), equals: jsonObject, schema: fc.constant({ type: 'object' }) },
        { requiredKeys: [] },
      ),
      fixtures: fc.dictionary(canonicalTool, jsonValue, { maxKeys: 2 }),
      maxTurns: fc.integer({ min: 1, max: 50 }),
    },
    { requiredKeys: ['id', 'prompt', 'target'] },
  ),
  { maxLength: 3, selector: (t) => t.id },
);

export const projectConfigArb = (id: fc.Arbitrary<string>): fc.Arbitrary<ProjectConfig> =>
  fc.record({
    id,
    description: tricky(300),
    metaTools: fc.array(tricky(64, 1), { maxLength: 5 }),
    retentionDays: fc.option(fc.integer({ min: 1, max: 3_650 }), { nil: null }),
    surface: surfaceArb,
    favourites: favouriteIndexArb,
    policy: policyArb,
    routers: routersArb,
    testQueries: fc.uniqueArray(
      fc.record({
        query: tricky(200, 1).filter((q) => q.trim() === q && q.length > 0),
        tool: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}\/[a-z_]{1,20}$/),
      }),
      { maxLength: 3, selector: (q) => `${q.tool} ${q.query}` },
    ),
    bakeoffTasks: bakeoffTasksArb,
  });

export const projectIdArb = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/);
