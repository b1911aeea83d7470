import type { ToolMark } from '@/lib/contracts/preview';
import { makeName, namePrefix } from '@/lib/names/client-forms';
import { CLIENTS, type ClientProfile } from './clients';
import { type NameTokens, nameTokensOf, prefixedNameTokens } from './name-tokens';
import type { ListedTool } from './types';

/** One entry of the list after the client: the name the model receives, and what happened to it. */
export interface ClientTool extends ListedTool {
  /** The name the proxy presented. */
  presented: string;
  marks: ToolMark[];
  /** False when the client leaves the tool out of what it sends. */
  received: boolean;
  /** The sent name's tokens, shared by every entry with that name: counted once, read by every list's estimates. */
  nameTokens: NameTokens;
}

export interface ClientList {
  tools: ClientTool[];
  /** Why the client itself fails the request, if it does. */
  refusal: string | null;
  notes: string[];
}

/**
 * What a client makes of one presented name under one server key, whatever list the name is in:
 * the name it sends, the marks that follow from the name alone, and whether it leaves the tool
 * out for its length or fails the request for it. Shared by every entry with that name: its
 * marks are copied onto each entry, never changed.
 */
interface NameForm {
  name: string;
  marks: readonly ToolMark[];
  /** Why the client leaves the tool out: its server key and name together are too long (Cursor). */
  leftOut: string | null;
  /** The sent name breaks the client's rule: it fails the request. */
  refused: ToolMark | null;
  /** The client changed characters of the name or cut it (not only put its key before it): two names may become one. */
  rewritten: boolean;
  tokens: NameTokens;
}

function nameForm(profile: ClientProfile, serverKey: string, presented: string): NameForm {
  // Made afresh: the forms are what is kept (clientName's own cache would hold each name twice).
  const made = makeName(profile, serverKey, presented);
  // A name the client only put its key before is counted from the presented name's counts, kept for every client.
  const prefix = made.rewritten ? null : namePrefix(profile, serverKey);
  const tokens = prefix === null ? nameTokensOf(made.name) : prefixedNameTokens(prefix, nameTokensOf(presented), made.name);
  const marks: ToolMark[] = [];
  if (made.rewritten) marks.push({ kind: 'renamed', message: `${profile.label} renames '${presented}' to '${made.name}'` });
  for (const doubt of made.doubts) marks.push({ kind: 'unknown', message: doubt });
  const combined = serverKey.length + presented.length;
  const leftOut =
    profile.combinedLimit !== null && combined >= profile.combinedLimit
      ? `${profile.label} leaves out tools whose server key and name reach ${profile.combinedLimit} characters together (${combined})`
      : null;
  const refused =
    profile.refuses && !profile.refuses.pattern.test(made.name)
      ? { kind: 'refused-by-client' as const, message: `${profile.label} fails the request: ${profile.refuses.what}` }
      : null;
  return { name: made.name, marks, leftOut, refused, rewritten: made.rewritten, tokens };
}

/**
 * Name forms per client and server key, for the known client profiles: a second list through
 * the same client (another mode, target, naming or catalog version) reads them instead of
 * composing and checking every name again. A form is made from the profile, the key and the
 * name alone, so it never goes stale; bounded by the forms held, least recently used key first.
 */
class NameForms {
  private readonly byClient = new Map<string, Map<string, NameForm>>();
  private size = 0;

  constructor(private readonly maxForms: number) {}

  /** The forms of one client and key: null for a profile that is not one of the known ones (not cached). */
  of(profile: ClientProfile, serverKey: string): Map<string, NameForm> | null {
    if (profile !== CLIENTS[profile.id]) return null;
    const slot = `${profile.id}\u0000${serverKey}`;
    let forms = this.byClient.get(slot);
    if (forms) this.byClient.delete(slot);
    // One key's forms alone stay within half the bound, however many catalog versions it sees:
    // a 50,000-tool catalog's typed and favindex names through one client are 100,000 forms.
    if (!forms || forms.size > this.maxForms / 2) {
      this.size -= forms?.size ?? 0;
      forms = new Map();
    }
    this.byClient.set(slot, forms);
    return forms;
  }

  /** Counts what a list added, then drops the least recently used keys' forms while over the bound. */
  added(count: number): void {
    this.size += count;
    for (const [slot, forms] of this.byClient) {
      if (this.size <= this.maxForms || this.byClient.size === 1) break;
      this.byClient.delete(slot);
      this.size -= forms.size;
    }
  }
}

/** The names of a 10,000-tool catalog under both namings through every client, or of a 50,000-tool one through two. */
const nameForms = new NameForms(400_000);

function entryOf(tool: ListedTool, name: string, marks: ToolMark[], nameTokens: NameTokens): ClientTool {
  const entry: ClientTool = { name, canonical: tool.canonical, source: tool.source, body: tool.body, presented: tool.name, marks, received: true, nameTokens };
  if (tool.placeholder !== undefined) entry.placeholder = tool.placeholder;
  if (tool.alwaysLoad !== undefined) entry.alwaysLoad = tool.alwaysLoad;
  return entry;
}

/**
 * A mode's list as the client sends it: every MCP tool renamed as the client does, the ones it
 * leaves out marked, and whether it fails the request as a whole. Agent tools are the client's
 * own and keep their names. `toolCap` is the client's cap on the tools it sends (default: the
 * profile's; VS Code's applies only for the models it does not defer for).
 */
export function applyClient(
  profile: ClientProfile,
  serverKey: string,
  tools: readonly ListedTool[],
  toolCap: ClientProfile['toolCap'] = profile.toolCap,
): ClientList {
  const out: ClientTool[] = [];
  const notes: string[] = [];
  const refused: string[] = [];
  const holders = new Map<string, ClientTool>();
  const forms = nameForms.of(profile, serverKey);
  // The marks whose message is the same for every tool they fall on: one object each, shared.
  const marks = new SharedMarks();
  const taken = () => marks.of('refused-by-client', `${profile.label} skips a tool whose name is already taken`);
  const pastCap = (cap: NonNullable<ClientProfile['toolCap']>) =>
    cap.over === 'drops-rest'
      ? marks.of('refused-by-client', `${profile.label} sends only the first ${cap.max} tools`)
      : cap.over === 'groups-rest'
        ? marks.of('grouped', `${profile.label} groups the tools past ${cap.max} behind virtual activate_* tools`)
        : marks.of('unknown', `past ${profile.label}'s ${cap.max} tools: what happens to this one is not known`);
  let capMark: ToolMark | null = null;
  const before = forms?.size ?? 0;
  const named = tools.map((tool) => (tool.source === 'agent' ? null : formOf(forms, profile, serverKey, tool.name)));
  // Names only the client's key was put before cannot become one another's: only a list with a rewritten name can collide.
  const mayCollide = named.some((form) => form?.rewritten);
  let sent = 0;
  let overCap = 0;
  for (const [i, tool] of tools.entries()) {
    const form = named[i];
    if (!form) {
      out.push(entryOf(tool, tool.name, [], nameTokensOf(tool.name)));
      continue;
    }
    const entry = entryOf(tool, form.name, form.marks.length > 0 ? form.marks.slice() : [], form.tokens);
    out.push(entry);
    if (form.leftOut !== null) {
      leaveOut(entry, marks.of('refused-by-client', form.leftOut));
      continue;
    }
    if (form.refused) {
      entry.marks.push(form.refused);
      refused.push(form.name);
    }
    const holder = mayCollide ? holders.get(form.name) : undefined;
    if (holder && holder.presented !== tool.name) {
      const message = `'${tool.name}' and '${holder.presented}' both become '${form.name}'`;
      holder.marks.push({ kind: 'collision', message });
      entry.marks.push({ kind: 'collision', message });
      if (profile.duplicates === 'keeps-first') {
        leaveOut(entry, taken());
        continue;
      }
    }
    if (mayCollide && !holder) holders.set(form.name, entry);
    if (toolCap && sent >= toolCap.max) {
      overCap++;
      capMark ??= pastCap(toolCap);
      if (toolCap.over === 'drops-rest') {
        leaveOut(entry, capMark);
        continue;
      }
      entry.marks.push(capMark);
      if (toolCap.over === 'groups-rest') {
        entry.received = false;
        continue;
      }
    }
    sent++;
  }
  if (forms) nameForms.added(forms.size - before);
  if (overCap > 0 && toolCap) notes.push(`${overCap} tool(s) past ${profile.label}'s ${toolCap.max}-tool limit`);
  const refusal =
    refused.length > 0
      ? `${profile.label} would fail the whole request: ${refused.length} tool name(s) break its rule (${profile.refuses?.what}), e.g. '${refused[0]}'`
      : null;
  return { tools: out, refusal, notes };
}

function formOf(forms: Map<string, NameForm> | null, profile: ClientProfile, serverKey: string, presented: string): NameForm {
  let form = forms?.get(presented);
  if (!form) {
    form = nameForm(profile, serverKey, presented);
    forms?.set(presented, form);
  }
  return form;
}

function leaveOut(entry: ClientTool, mark: ToolMark): void {
  entry.received = false;
  entry.marks.push(mark);
}

/**
 * Marks of one kind and message as one object, however many tools carry them: a cap or a rule
 * marks thousands of tools alike, and an answer's marks are written, never changed.
 */
export class SharedMarks {
  private readonly byKind = new Map<ToolMark['kind'], Map<string, ToolMark>>();

  of(kind: ToolMark['kind'], message: string): ToolMark {
    let byMessage = this.byKind.get(kind);
    if (!byMessage) {
      byMessage = new Map();
      this.byKind.set(kind, byMessage);
    }
    let mark = byMessage.get(message);
    if (!mark) {
      mark = { kind, message };
      byMessage.set(message, mark);
    }
    return mark;
  }
}
