import { DEFAULT_SERVER_KEY } from '@/lib/schemas/surface-config';
import { clientName } from './client-forms';
import { CLIENT_NAMING, type ClientId } from './client-rules';
import { toolPart } from './canonical';
import { type NameContext, type NameOutcome, type Namespace, toolOutcome, unresolved } from './resolution';
import { catalogSafeTools } from './resolve-safe';
import { assignSafeNames, safeFavouriteForms } from './safe-names';
import { typedName } from './sanitise';

/**
 * Names as MCP clients send them to the model (§names): `mcp__<key>__<name>` (Claude Code,
 * Codex, also rewritten and cut-and-hashed), `mcp_<key>_<name>` (VS Code, Cursor) and
 * `<key>-<name>` (Copilot CLI). Every name favindex may have presented is run through the same
 * client rules the preview uses; a name that only one tool can have become resolves to it.
 */
const FAMILIES: { label: string; clients: ClientId[]; prefix: (key: string, client: ClientId) => string; anyKey: boolean }[] = [
  // Claude Code and Codex share the form; the key is read from the name itself.
  { label: 'Claude Code or Codex', clients: ['claude-code', 'codex'], prefix: (key) => `mcp__${key}__`, anyKey: true },
  {
    label: 'VS Code or Cursor',
    clients: ['vscode-copilot', 'cursor'],
    prefix: (key, client) => clientName(CLIENT_NAMING[client], key, '').name,
    anyKey: false,
  },
  { label: 'Copilot CLI', clients: ['copilot-cli'], prefix: (key) => `${key}-`, anyKey: false },
];

interface ClientIndexes {
  universe: string[] | null;
  byClient: Map<string, Map<string, string[]>>;
  results: Map<string, NameOutcome | null>;
}

const MAX_CLIENT_INDEXES = 16;
const MAX_RESULTS = 10_000;
/** Keyed by what the names depend on (catalog, favourites), so contexts that differ in server keys alone share them. */
const caches = new WeakMap<NameContext['catalog'], WeakMap<NameContext['favourites'], ClientIndexes>>();

function cacheOf(ctx: NameContext): ClientIndexes {
  let byFavourites = caches.get(ctx.catalog);
  if (!byFavourites) {
    byFavourites = new WeakMap();
    caches.set(ctx.catalog, byFavourites);
  }
  let cache = byFavourites.get(ctx.favourites);
  if (!cache) {
    cache = { universe: null, byClient: new Map(), results: new Map() };
    byFavourites.set(ctx.favourites, cache);
  }
  return cache;
}

/** Every name favindex may have presented for the project: both schemes, typed, canonical and bare. */
function universe(ctx: NameContext): string[] {
  const cache = cacheOf(ctx);
  if (cache.universe) return cache.universe;
  const names = new Set<string>();
  const tools = catalogSafeTools(ctx.catalog);
  for (const name of assignSafeNames(tools, Number.POSITIVE_INFINITY)) names.add(name);
  for (const { server, tool, canonical } of tools) {
    names.add(`all/${canonical}`);
    names.add(canonical);
    names.add(tool);
    names.add(typedName(server, tool));
  }
  const favourites = new Set(ctx.favourites.periods().flatMap((p) => p.version.tools));
  for (const canonical of favourites) {
    names.add(`favourite/${toolPart(canonical)}`);
    names.add(`favourite/${canonical}`);
    for (const form of safeFavouriteForms(canonical)) names.add(form);
  }
  cache.universe = [...names];
  return cache.universe;
}

/** Final name → the presented names that become it, for one client and server key. */
function clientIndex(ctx: NameContext, client: ClientId, key: string): Map<string, string[]> {
  const cache = cacheOf(ctx);
  const slot = `${client}\u0000${key}`;
  const known = cache.byClient.get(slot);
  if (known) return known;
  const index = new Map<string, string[]>();
  const add = (finalName: string, presented: string) => {
    const list = index.get(finalName);
    if (!list) index.set(finalName, [presented]);
    else if (!list.includes(presented)) list.push(presented);
  };
  for (const presented of universe(ctx)) {
    add(clientName(CLIENT_NAMING[client], key, presented).name, presented);
    // Cursor was reported to drop '/' (its handling is otherwise unknown).
    if (client === 'cursor' && presented.includes('/')) add(clientName(CLIENT_NAMING.cursor, key, presented.replaceAll('/', '')).name, presented);
  }
  if (cache.byClient.size >= MAX_CLIENT_INDEXES) cache.byClient.clear();
  cache.byClient.set(slot, index);
  return index;
}

function keysFor(raw: string, ctx: NameContext, anyKey: boolean): string[] {
  const keys = new Set([...(ctx.serverKeys ?? []), DEFAULT_SERVER_KEY]);
  if (anyKey && raw.startsWith('mcp__')) {
    const end = raw.indexOf('__', 5);
    if (end > 5) keys.add(raw.slice(5, end));
  }
  return [...keys];
}

/**
 * Resolve a name a client made; null when it has no client's form. `inner` resolves a name as
 * favindex presented it (at the event's time), without looking for client forms again.
 */
export function resolveClientForm(raw: string, ctx: NameContext, version: number, inner: (name: string) => NameOutcome): NameOutcome | null {
  const cache = cacheOf(ctx);
  // Meta tools are fixed for a catalog and favourites pair: every change to them builds a new context.
  const memo = `${version}\u0000${(ctx.serverKeys ?? []).join(',')}\u0000${raw}`;
  const remembered = cache.results.get(memo);
  // A name with no client's form is remembered as null: only a name never read is undefined.
  if (remembered !== undefined) return remembered;
  const result = resolveUncached(raw, ctx, inner);
  if (cache.results.size >= MAX_RESULTS) cache.results.clear();
  cache.results.set(memo, result);
  return result;
}

function resolveUncached(raw: string, ctx: NameContext, inner: (name: string) => NameOutcome): NameOutcome | null {
  const found = new Map<string, Namespace>();
  const reasons: string[] = [];
  const families: string[] = [];
  for (const family of FAMILIES) {
    for (const key of keysFor(raw, ctx, family.anyKey)) {
      const prefixes = new Set(family.clients.map((c) => family.prefix(key, c)));
      const stripped = [...prefixes].filter((p) => raw.length > p.length && raw.startsWith(p)).map((p) => raw.slice(p.length));
      // Codex's cut keeps only the first 24 characters: the key's closing '__' may be gone.
      const cut = family.anyKey && raw.length === 64 && raw.startsWith('mcp__');
      if (stripped.length === 0 && !cut) continue;
      const candidates = new Set(stripped);
      for (const client of family.clients) for (const presented of clientIndex(ctx, client, key).get(raw) ?? []) candidates.add(presented);
      if (candidates.size === 0) continue;
      families.push(`${family.label} (server key '${key}')`);
      for (const name of candidates) {
        const outcome = inner(name);
        if (outcome.kind === 'meta') return outcome;
        if (outcome.kind === 'tool') found.set(outcome.canonical, found.get(outcome.canonical) ?? outcome.namespace);
        else if (stripped.includes(name)) reasons.push(outcome.reason);
      }
    }
  }
  if (families.length === 0) return null;
  // A name read as written may name a tool the catalog does not list (all/<server>/<anything>);
  // when another reading names a listed tool, that one is meant.
  const listed = [...found].filter(([c]) => {
    const slash = c.indexOf('/');
    return ctx.catalog.tools.get(c.slice(0, slash))?.has(c.slice(slash + 1)) ?? false;
  });
  if (listed.length > 0 && listed.length < found.size) {
    found.clear();
    for (const [c, ns] of listed) found.set(c, ns);
  }
  const [only] = found;
  if (found.size === 1 && only) return toolOutcome(...only);
  if (found.size > 1) {
    return unresolved(`'${raw}' is what ${families[0]} makes of several tools (${[...found.keys()].join(', ')}): its renaming cannot be undone`);
  }
  return unresolved(`'${raw}' looks like ${families.join(' or ')}'s name for a favindex tool, but ${reasons[0] ?? 'no tool of the project becomes it'}`);
}
