import { keysOf } from '@/lib/records';
import { LIST_OPS, OP_NAME_RE, ROUTER_LIMITS, ROUTER_NAME_RE, type Router, type RouterOp } from '@/lib/schemas/routers';
import type { ToolFeatures } from './features';
import type { ToolGroup } from './groups';
import { commonInput, oneShape, shapeText } from './shape';
import { pluralPhrase, singular, VERB_FAMILIES, type VerbFamily, verbFamily } from './words';

/** The words a router, its ops and its reasons are written in (#49). */

const ROUTER_NAME_MAX = 48;
const OP_NAME_MAX = 64;

/** `<server>_<noun phrase>` or `<server>_<verb>`, valid by ROUTER_NAME_RE and not in `taken` (which it joins). */
export function routerName(server: string, key: readonly string[], taken: Set<string>): string {
  let base = `${server.replace(/[^A-Za-z0-9_-]/g, '_')}_${key.join('_')}`;
  if (!/^[A-Za-z]/.test(base)) base = `r_${base}`;
  base = base.slice(0, ROUTER_NAME_MAX);
  let name = base;
  for (let n = 2; taken.has(name) || !ROUTER_NAME_RE.test(name); n++) name = `${base.slice(0, ROUTER_NAME_MAX - `_${n}`.length)}_${n}`;
  taken.add(name);
  return name;
}

/** The tool's words less the ones its router already says: its noun phrase (`get_pull_request_files` → get_files), or its verb (`search_code` → code). */
function strippedWords(tool: ToolFeatures, kind: ToolGroup['kind'], key: readonly string[]): string[] {
  const words = tool.words;
  if (kind === 'verb') return words[0] === key[0] ? words.slice(1) : words;
  for (let i = 0; i + key.length <= words.length; i++) {
    if (key.every((k, j) => singular(words[i + j] ?? '') === k)) return [...words.slice(0, i), ...words.slice(i + key.length)];
  }
  return words;
}

/** Words that read as nothing at either end of an op (`gzip-file-as-resource` less `resource` is `gzip_file`, not `gzip_file_as`). */
const LOOSE_ENDS = new Set('a an the and or of to in on at by for from with as into via'.split(' '));

function trimmed(words: readonly string[]): string[] {
  let start = 0;
  let end = words.length;
  while (start < end && LOOSE_ENDS.has(words[start] ?? '')) start++;
  while (end > start && LOOSE_ENDS.has(words[end - 1] ?? '')) end--;
  return words.slice(start, end);
}

function opWord(words: readonly string[]): string | null {
  const op = words
    .join('_')
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, OP_NAME_MAX);
  return OP_NAME_RE.test(op) && op !== LIST_OPS ? op : null;
}

/** An op name for the tool, unique among `taken` (which it joins): the stripped words, else the whole name, else `op_…`, numbered on a clash. */
export function opName(tool: ToolFeatures, kind: ToolGroup['kind'], key: readonly string[], taken: Set<string>): string {
  const candidates = [opWord(trimmed(strippedWords(tool, kind, key))), opWord(tool.words), opWord(['op', ...tool.words])];
  const free = candidates.find((c): c is string => c !== null && !taken.has(c));
  let op = free ?? '';
  if (!free) {
    const base = candidates.find((c): c is string => c !== null) ?? 'op';
    for (let n = 2; op === '' || taken.has(op); n++) op = `${base.slice(0, OP_NAME_MAX - `_${n}`.length)}_${n}`;
  }
  taken.add(op);
  return op;
}

/** The first sentence of the tool's description on one line, at most 200 characters; its name in words when it has none. */
export function noteOf(tool: ToolFeatures): string {
  const firstLine = (tool.tool.description ?? '').trim().split(/\r?\n|\r/)[0] ?? '';
  const sentence = (/^(.+?[.!?])(?:\s|$)/.exec(firstLine)?.[1] ?? firstLine).replace(/\s+/g, ' ').trim();
  const text = sentence || `${tool.tool.name.replace(/[\s\p{Cc}]+/gu, ' ')}`.trim() || tool.canonical;
  if (text.length <= ROUTER_LIMITS.noteLength) return text;
  const cut = text.slice(0, ROUTER_LIMITS.noteLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > ROUTER_LIMITS.noteLength / 2 ? cut.slice(0, space) : cut}…`;
}

function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The verbs of the members per family, families in a fixed order: `read (get, list), change (update)`. */
function familiesOf(members: readonly ToolFeatures[]): [VerbFamily | 'use', string[]][] {
  const byFamily = new Map<VerbFamily | 'use', string[]>();
  for (const m of members) {
    const family = m.verb === null ? 'use' : (verbFamily(m.verb) ?? 'use');
    const verbs = byFamily.get(family) ?? [];
    if (m.verb !== null && !verbs.includes(m.verb)) verbs.push(m.verb);
    byFamily.set(family, verbs);
  }
  const order: (VerbFamily | 'use')[] = [...keysOf(VERB_FAMILIES), 'use'];
  return order.flatMap((family) => {
    const verbs = byFamily.get(family);
    return verbs ? [[family, verbs] as [VerbFamily | 'use', string[]]] : [];
  });
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function description(group: ToolGroup, ops: readonly RouterOp[]): string {
  if (group.kind === 'verb') return `${capitalised(group.key[0] ?? '')} ${listed(ops.map((o) => o.op.replace(/_/g, ' ')))} in ${group.server}.`;
  return `${capitalised(listed(familiesOf(group.members).map(([family]) => family)))} ${pluralPhrase(group.key)} in ${group.server}.`;
}

/** The router a group folds into: its name (joining `taken`), description, and one op per member with its note. */
export function routerOf(group: ToolGroup, taken: Set<string>): Router {
  const name = routerName(group.server, group.key, taken);
  const opsTaken = new Set<string>();
  const ops = group.members.map((m) => ({ op: opName(m, group.kind, group.key, opsTaken), tool: m.canonical, note: noteOf(m) }));
  return { name, description: description(group, ops).slice(0, ROUTER_LIMITS.descriptionLength), ops };
}

/** How alike the members' inputs are, as a clause. */
function shapeWords(members: readonly ToolFeatures[]): string {
  const shapes = members.map((m) => m.shape);
  const common = commonInput(shapes);
  if (oneShape(shapes)) return `${members.length === 2 ? 'both have' : 'all have'} the same input shape ${inputText(common)}`;
  if (common.length > 0) return `${members.length === 2 ? 'both take' : 'every one takes'} ${shapeText(common)}`;
  return `their inputs differ, and ${LIST_OPS} gives each op's schema`;
}

const inputText = (names: readonly string[]) => (names.length > 0 ? shapeText(names) : '(no arguments)');
const counted = (n: number) => (n === 2 ? 'Both' : `All ${n}`);

/** Why the group's tools belong together, in one sentence. */
export function whyOf(group: ToolGroup): string {
  const n = group.members.length;
  if (group.kind === 'verb') {
    const things = listed(group.members.map((m) => trimmed(m.words.slice(1)).join(' ') || m.tool.name));
    return `${counted(n)} do one act, ${group.key[0]}, in ${group.server}, each over another thing (${things}); ${shapeWords(group.members)}.`;
  }
  const acts = familiesOf(group.members)
    .map(([family, verbs]) => (verbs.length > 0 ? `${family} (${verbs.join(', ')})` : family))
    .join(', ');
  return `${counted(n)} act on ${pluralPhrase(group.key)} of ${group.server}: ${acts}; ${shapeWords(group.members)}.`;
}

/** Why a tool is kept on its own: what it would have been folded by, and that nothing else has it. */
export function aloneReason(tool: ToolFeatures): string {
  const noun = tool.nouns.length === 0 ? 'what it acts on' : `"${tool.nouns.join(' ')}"`;
  const input = tool.shape.names.length > 0 ? `with an input like ${shapeText(tool.shape.names)}` : 'with no arguments';
  const act = tool.verb === null ? '' : `, and none shares its act (${tool.verb}) ${input}`;
  return `No router and no other unplaced tool of ${tool.server} acts on ${noun}${act}: a one-off, kept on its own.`.slice(0, ROUTER_LIMITS.reasonLength);
}
