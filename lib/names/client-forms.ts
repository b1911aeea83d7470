import { createHash } from 'node:crypto';
import { DEFAULT_SERVER_KEY } from '@/lib/schemas/surface-config';
import { CLIENT_NAMING, type ClientId, type ClientNaming } from './client-rules';
import type { NameCatalog } from './name-catalog';
import { type NameContext, type NameOutcome, type Namespace, toolOutcome, unresolved } from './resolution';
import { assignSafeNames, catalogSafeTools, safeFavouriteForms } from './safe';
import { allName, slashFavouriteForms } from './slash';
import { typedName } from './typed';

/**
 * The forms MCP clients give the names a server presents (§names): Claude Code sends
 * `mcp__<key>__<name>`, VS Code `mcp_<key>_<name>` cut at 64, Codex cuts and hashes, and so on
 * (client-rules.ts). The preview shows a list under these names; ingest reads them back.
 */

/** What a client makes of one presented name. */
export interface ClientName {
  name: string;
  /** Characters replaced, or the name cut: more than joining the server key on. */
  rewritten: boolean;
  /** The doubts that apply: characters whose handling by the client is not known. */
  doubts: string[];
}

function sha1Hex(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

const made = new Map<string, ClientName>();
const MAX_MADE = 50_000;

/** The name a client sends the model for a presented name. Remembered: previews ask for the same names again. */
export function clientName(naming: ClientNaming, serverKey: string, presented: string): ClientName {
  const key = `${naming.id}\u0000${serverKey}\u0000${presented}`;
  const hit = made.get(key);
  if (hit) return hit;
  const name = makeName(naming, serverKey, presented);
  if (made.size >= MAX_MADE) made.clear();
  made.set(key, name);
  return name;
}

/** The name a client sends the model for a presented name, made afresh: for callers that keep what they make themselves. */
export function makeName(naming: ClientNaming, serverKey: string, presented: string): ClientName {
  const doubts: string[] = [];
  for (const doubt of naming.doubts) if (doubt.pattern.test(presented)) doubts.push(doubt.note);
  let tool = presented;
  for (const { pattern, to } of naming.rewrites) tool = tool.replace(pattern, to);
  const { before, after } = compositionFor(naming, serverKey);
  let name = before + tool + after;
  let rewritten = tool !== presented;
  const { length } = naming;
  if (length && name.length > length.max) {
    rewritten = true;
    if (length.over === 'cut') name = name.slice(0, length.max);
    else if (length.over === 'cut-middle') {
      // Gemini CLI keeps both ends around "...": 30 + 3 + 30 = 63.
      const side = Math.floor((length.max - 3) / 2);
      name = `${name.slice(0, side)}...${name.slice(-side)}`;
    } else {
      // Codex hashes the name before it replaced any character.
      const hash = sha1Hex(before + presented + after);
      name = name.slice(0, length.max - hash.length) + hash;
    }
  }
  return { name, rewritten, doubts };
}

/** The text a client writes before and after every presented name under one server key. */
interface Composition {
  before: string;
  after: string;
}

const compositions = new WeakMap<ClientNaming, Map<string, Composition>>();
const MAX_KEYS_PER_CLIENT = 64;

/** A client's composition under a server key, made once: every name it makes under that key is the text before, the tool, the text after. */
function compositionFor(naming: ClientNaming, serverKey: string): Composition {
  let byKey = compositions.get(naming);
  if (!byKey) {
    byKey = new Map();
    compositions.set(naming, byKey);
  }
  let made = byKey.get(serverKey);
  if (!made) {
    const server = serverPartOf(naming, serverKey);
    const [before = '', after = ''] = naming.template.replace('{server}', () => server).split('{tool}');
    made = { before, after };
    if (byKey.size >= MAX_KEYS_PER_CLIENT) byKey.clear();
    byKey.set(serverKey, made);
  }
  return made;
}

/**
 * The text a client puts before every presented name under a server key (`mcp__favindex__`):
 * a name it neither rewrites nor cuts is that text and the presented name; null when its form
 * puts text after the name too.
 */
export function namePrefix(naming: ClientNaming, serverKey: string): string | null {
  const { before, after } = compositionFor(naming, serverKey);
  return after === '' ? before : null;
}

/** A human-readable form of the composition, e.g. `mcp__favindex__<tool>`. */
export function compositionOf(naming: ClientNaming, serverKey: string): string {
  const { before, after } = compositionFor(naming, serverKey);
  return `${before}<tool>${after}`;
}

/** The server key as the client writes it into every name. */
function serverPartOf(naming: Pick<ClientNaming, 'serverPart'>, serverKey: string): string {
  if (naming.serverPart === 'key') return serverKey;
  return serverKey
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '_')
    .slice(0, 13)
    .replaceAll('.', '_');
}

/**
 * The client forms ingest reads back: `mcp__<key>__<name>` (Claude Code, Codex, also rewritten
 * and cut-and-hashed), `mcp_<key>_<name>` (VS Code, Cursor) and `<key>-<name>` (Copilot CLI).
 * Every name favindex may have presented is run through the same client rules the preview uses;
 * a name that only one tool can have become resolves to it.
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

/** What a name a client made may have been: the names favindex may have presented that the client turns into it. */
export interface ClientReading {
  raw: string;
  /** The clients whose form the name has, with the server key, in the order they were tried. */
  families: string[];
  /** Each name it may have been; `stripped` when it is the name with a client's prefix taken off, whose failure says why. */
  inside: { name: string; stripped: boolean }[];
}

/** What one name inside a client's form was read as; `stripped` as in ClientReading. */
export interface InsideOutcome {
  stripped: boolean;
  outcome: NameOutcome;
}

/** A name read as a client's form; null when it has no client's form. */
export function clientReading(raw: string, ctx: NameContext): ClientReading | null {
  const families: string[] = [];
  const inside: ClientReading['inside'] = [];
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
      for (const name of candidates) inside.push({ name, stripped: stripped.includes(name) });
    }
  }
  return families.length > 0 ? { raw, families, inside } : null;
}

/** What a client's form stands for, given what each name it may have been was read as (in the reading's order). */
export function settleClientReading(reading: ClientReading, insides: readonly InsideOutcome[], catalog: NameCatalog): NameOutcome {
  const { raw, families } = reading;
  const found = new Map<string, Namespace>();
  const reasons: string[] = [];
  for (const { stripped, outcome } of insides) {
    if (outcome.kind === 'meta') return outcome;
    if (outcome.kind === 'tool') found.set(outcome.canonical, found.get(outcome.canonical) ?? outcome.namespace);
    else if (stripped) reasons.push(outcome.reason);
  }
  // A name read as written may name a tool the catalog does not list (all/<server>/<anything>);
  // when another reading names a listed tool, that one is meant.
  const listed = [...found].filter(([c]) => {
    const slash = c.indexOf('/');
    return catalog.tools.get(c.slice(0, slash))?.has(c.slice(slash + 1)) ?? false;
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

interface ClientIndexes {
  universe: string[] | null;
  byClient: Map<string, Map<string, string[]>>;
  settled: Map<string, NameOutcome | null>;
}

const MAX_CLIENT_INDEXES = 16;
const MAX_SETTLED = 10_000;
/** Keyed by what the names depend on (catalog, favourites), so contexts that differ in server keys alone share them. */
const caches = new WeakMap<NameCatalog, WeakMap<NameContext['favourites'], ClientIndexes>>();

function cacheOf(ctx: NameContext): ClientIndexes {
  let byFavourites = caches.get(ctx.catalog);
  if (!byFavourites) {
    byFavourites = new WeakMap();
    caches.set(ctx.catalog, byFavourites);
  }
  let cache = byFavourites.get(ctx.favourites);
  if (!cache) {
    cache = { universe: null, byClient: new Map(), settled: new Map() };
    byFavourites.set(ctx.favourites, cache);
  }
  return cache;
}

// Meta tools are fixed for a catalog and favourites pair: every change to them builds a new context.
function settledKey(ctx: NameContext, version: number, raw: string): string {
  return `${version}\u0000${(ctx.serverKeys ?? []).join(',')}\u0000${raw}`;
}

/**
 * What a name was settled as under this favourites version: null when it has no client's form,
 * undefined when it was not read yet. Ingest meets the same names again and again.
 */
export function settledClientForm(ctx: NameContext, version: number, raw: string): NameOutcome | null | undefined {
  return cacheOf(ctx).settled.get(settledKey(ctx, version, raw));
}

export function rememberClientForm(ctx: NameContext, version: number, raw: string, outcome: NameOutcome | null): void {
  const { settled } = cacheOf(ctx);
  if (settled.size >= MAX_SETTLED) settled.clear();
  settled.set(settledKey(ctx, version, raw), outcome);
}

/** Every name favindex may have presented for the project: both schemes, typed, canonical and bare. */
function universe(ctx: NameContext): string[] {
  const cache = cacheOf(ctx);
  if (cache.universe) return cache.universe;
  const names = new Set<string>();
  const tools = catalogSafeTools(ctx.catalog);
  for (const name of assignSafeNames(tools, Number.POSITIVE_INFINITY)) names.add(name);
  for (const { server, tool, canonical } of tools) {
    names.add(allName(canonical));
    names.add(canonical);
    names.add(tool);
    names.add(typedName(server, tool));
  }
  const favourites = new Set(ctx.favourites.periods().flatMap((p) => p.version.tools));
  for (const canonical of favourites) {
    for (const form of slashFavouriteForms(canonical)) names.add(form);
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
