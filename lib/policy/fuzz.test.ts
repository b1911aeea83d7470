import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/lib/stats/random';
import { defaultSurfaceConfig, SURFACE_MODES, NAMING_SCHEMES } from '@/lib/schemas/surface-config';
import { POLICY_ANNOTATIONS, toolPolicySchema, type PolicyRule, type ToolPolicy } from '@/lib/schemas/policy';
import { emptyRoutersConfig } from '@/lib/schemas/routers';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import { findTools, presentedList, presentedSurfaceOf } from '@/lib/surface/presented';
import { explicitSession } from '@/lib/surface/session';
import { compilePolicy, decide, type PolicyIdentity } from './decide';
import { catalogForIdentity } from './for-identity';
import { narrowPolicy, someSessionMayUse } from './narrow';

const SERVERS = ['github', 'memory', 'fs', 'git-hub', 'db.main'];
const VERBS = ['delete', 'get', 'list', 'create', 'read', 'write'];
const NOUNS = ['repo', 'issue', 'file', 'graph', 'entity', 'row'];
const TOKENS = ['ci', 'support', 'prod', 'dev'];
const CLIENTS = ['claude-code', 'codex', 'cursor', 'vscode'];

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

function randomPattern(rand: () => number): string {
  const server = rand() < 0.3 ? '*' : pick(rand, SERVERS);
  const verb = rand() < 0.3 ? '*' : pick(rand, VERBS);
  const rest = rand() < 0.5 ? '_*' : `_${pick(rand, NOUNS)}`;
  return rand() < 0.1 ? `${server}/*` : `${server}/${verb}${rest}`;
}

function randomRule(rand: () => number): PolicyRule {
  const rule: PolicyRule = { effect: rand() < 0.5 ? 'allow' : 'deny' };
  if (rand() < 0.6) rule.tools = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => randomPattern(rand));
  if (rand() < 0.3) rule.servers = [rand() < 0.3 ? `${pick(rand, SERVERS).slice(0, 2)}*` : pick(rand, SERVERS)];
  if (rand() < 0.4) rule.annotations = { [pick(rand, POLICY_ANNOTATIONS)]: rand() < 0.5 };
  if (rand() < 0.7) {
    rule.identities = Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
      rand() < 0.5 ? `token:${pick(rand, TOKENS)}` : `client:${pick(rand, CLIENTS)}`,
    );
  }
  return rule;
}

function randomCatalog(rand: () => number) {
  return prepareCatalog(
    SERVERS.map((server) => ({
      name: server,
      tools: VERBS.flatMap((verb) =>
        NOUNS.filter(() => rand() < 0.5).map((noun) => ({
          name: `${verb}_${noun}`,
          description: `${verb} a ${noun}`,
          inputSchema: { type: 'object' },
          ...(rand() < 0.7 ? { annotations: Object.fromEntries(POLICY_ANNOTATIONS.filter(() => rand() < 0.5).map((a) => [a, rand() < 0.5])) } : {}),
        })),
      ),
    })),
  );
}

const globs = new Map<string, RegExp>();

/** The rules read the plain way, with globs made here: what the compiled, indexed decide must agree with. */
function reference(policy: ToolPolicy, identity: PolicyIdentity, tool: { canonical: string; server: string; annotations?: Record<string, unknown> }) {
  const glob = (p: string) => globs.get(p) ?? globs.set(p, makeGlob(p)).get(p)!;
  const makeGlob = (p: string) =>
    new RegExp(
      `^${p
        .split('*')
        .map((part) =>
          part
            .split('?')
            .map((x) => x.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
            .join('.'),
        )
        .join('.*')}$`,
      's',
    );
  const annotation = (name: string) => {
    const own = (key: string) =>
      typeof tool.annotations?.[key] === 'boolean'
        ? (tool.annotations[key] as boolean)
        : ({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as Record<string, boolean>)[key];
    if (name === 'destructiveHint' && own('readOnlyHint')) return false;
    if (name === 'idempotentHint' && own('readOnlyHint')) return true;
    return own(name);
  };
  for (const [i, rule] of policy.rules.entries()) {
    const whom = rule.identities ?? [];
    const applies = whom.length === 0 || whom.includes(`token:${identity.token}`) || whom.includes(`client:${identity.client}`);
    const matches =
      (!rule.tools || rule.tools.some((p) => glob(p).test(tool.canonical))) &&
      (!rule.servers || rule.servers.some((p) => glob(p).test(tool.server))) &&
      Object.entries(rule.annotations ?? {}).every(([name, value]) => annotation(name) === value);
    if (applies && matches) return { allowed: rule.effect === 'allow', rule: i };
  }
  return { allowed: policy.default === 'allow', rule: null };
}

const IDENTITIES: PolicyIdentity[] = [null, ...TOKENS].flatMap((token) => [null, ...CLIENTS, 'other-client'].map((client) => ({ token, client })));

describe('policy fuzz: random rules and names never let a denied tool through', () => {
  it('holds for 80 random policies, every identity, mode and naming scheme', () => {
    for (let seed = 1; seed <= 80; seed++) {
      const rand = seededRandom(seed);
      const policy: ToolPolicy = toolPolicySchema.parse({
        default: rand() < 0.5 ? 'allow' : 'deny',
        rules: Array.from({ length: Math.floor(rand() * 6) }, () => randomRule(rand)),
      });
      const catalog = randomCatalog(rand);
      const favourites = catalog.entries.filter(() => rand() < 0.2).map((e) => e.canonical);
      // Each rule on its own, before the default it does not share: a tool it matches is decided by it.
      const alones: ToolPolicy[] = policy.rules.map((rule) => ({ default: rule.effect === 'allow' ? 'deny' : 'allow', rules: [rule] }));
      for (const identity of IDENTITIES) {
        for (const e of catalog.entries) {
          const t = { canonical: e.canonical, server: e.server, annotations: e.tool.annotations };
          expect(decide(policy, identity, t), `seed ${seed} ${e.canonical}`).toEqual(reference(policy, identity, t));
        }
        const denied = new Set(
          catalog.entries
            .filter((e) => !decide(policy, identity, { canonical: e.canonical, server: e.server, annotations: e.tool.annotations }).allowed)
            .map((e) => e.canonical),
        );
        // What a token's proxy is sent decides every session of it as the whole policy does.
        const { policy: narrowed, sources } = narrowPolicy(policy, identity.token);
        for (const entry of catalog.entries) {
          const t = { canonical: entry.canonical, server: entry.server, annotations: entry.tool.annotations };
          expect(decide(narrowed, { token: null, client: identity.client }, t).allowed, `seed ${seed} ${entry.canonical}`).toBe(!denied.has(entry.canonical));
          if (!denied.has(entry.canonical)) expect(someSessionMayUse(narrowed, t)).toBe(true);
        }
        // A server's prompts and resources: decided alike by the narrowed policy, by the same rule of the project's policy,
        // and only by a rule that takes in each of the server's tools. Wrong answers are gathered: one expect per identity.
        const wrong: string[] = [];
        for (const server of SERVERS) {
          const whole = compilePolicy(policy).decideServer(identity, server);
          const mine = compilePolicy(narrowed).decideServer({ token: null, client: identity.client }, server);
          const rule = mine.rule === null ? null : sources[mine.rule]!.rule - 1;
          if (mine.allowed !== whole.allowed || rule !== whole.rule) wrong.push(`${server}: ${JSON.stringify({ mine, whole })}`);
          const alone = whole.rule === null ? null : alones[whole.rule];
          if (!alone) continue;
          for (const e of catalog.entries) {
            if (e.server === server && decide(alone, identity, { canonical: e.canonical, server, annotations: e.tool.annotations }).rule !== 0)
              wrong.push(e.canonical);
          }
        }
        expect(wrong, `seed ${seed}`).toEqual([]);
        const allowed = catalogForIdentity(catalog, policy, identity);
        expect(allowed.entries.some((e) => denied.has(e.canonical))).toBe(false);
        expect(allowed.entries.length + denied.size).toBe(catalog.entries.length);
        const mode = pick(rand, SURFACE_MODES);
        const naming = pick(rand, NAMING_SCHEMES);
        const config = { ...defaultSurfaceConfig(), mode, naming };
        const surface = presentedSurfaceOf(config, { enabled: true, maxFavourites: 20, tools: favourites }, { routers: emptyRoutersConfig() });
        const session = { state: explicitSession(catalog.entries.filter(() => rand() < 0.2).map((e) => e.canonical)), query: pick(rand, VERBS) };
        const listed = presentedList(surface, allowed, session).tools.flatMap((t) => (t.canonical ? [t.canonical] : []));
        expect(
          listed.filter((c) => denied.has(c)),
          `seed ${seed} ${mode}/${naming}`,
        ).toEqual([]);
        expect(findTools(surface, allowed, pick(rand, NOUNS)).filter((e) => denied.has(e.canonical))).toEqual([]);
      }
    }
  }, 60_000);
});
