import type { ToolMark } from '@/lib/contracts/preview';
import { clientName } from '@/lib/names/client-forms';
import type { ClientProfile } from './clients';
import type { ListedTool } from './types';

/** One entry of the list after the client: the name the model receives, and what happened to it. */
export interface ClientTool extends ListedTool {
  /** The name the proxy presented. */
  presented: string;
  marks: ToolMark[];
  /** False when the client leaves the tool out of what it sends. */
  received: boolean;
}

export interface ClientList {
  tools: ClientTool[];
  /** Why the client itself fails the request, if it does. */
  refusal: string | null;
  notes: string[];
}

/**
 * A mode's list as the client sends it: every MCP tool renamed as the client does, the ones it
 * leaves out marked, and whether it fails the request as a whole. Agent tools are the client's
 * own and keep their names.
 */
export function applyClient(profile: ClientProfile, serverKey: string, tools: readonly ListedTool[]): ClientList {
  const out: ClientTool[] = [];
  const notes: string[] = [];
  const refused: string[] = [];
  const holders = new Map<string, ClientTool>();
  let sent = 0;
  let overCap = 0;
  for (const tool of tools) {
    if (tool.source === 'agent') {
      out.push({ ...tool, presented: tool.name, marks: [], received: true });
      continue;
    }
    const made = clientName(profile, serverKey, tool.name);
    const entry: ClientTool = { ...tool, name: made.name, presented: tool.name, marks: [], received: true };
    if (made.rewritten) entry.marks.push({ kind: 'renamed', message: `${profile.label} renames '${tool.name}' to '${made.name}'` });
    for (const doubt of made.doubts) entry.marks.push({ kind: 'unknown', message: doubt });
    out.push(entry);
    if (profile.combinedLimit !== null && serverKey.length + tool.name.length >= profile.combinedLimit) {
      leaveOut(
        entry,
        `${profile.label} leaves out tools whose server key and name reach ${profile.combinedLimit} characters together (${serverKey.length + tool.name.length})`,
      );
      continue;
    }
    if (profile.refuses && !profile.refuses.pattern.test(made.name)) {
      entry.marks.push({ kind: 'refused-by-client', message: `${profile.label} fails the request: ${profile.refuses.what}` });
      refused.push(made.name);
    }
    const holder = holders.get(made.name);
    if (holder && holder.presented !== tool.name) {
      const message = `'${tool.name}' and '${holder.presented}' both become '${made.name}'`;
      holder.marks.push({ kind: 'collision', message });
      entry.marks.push({ kind: 'collision', message });
      if (profile.duplicates === 'keeps-first') {
        leaveOut(entry, `${profile.label} skips a tool whose name is already taken`);
        continue;
      }
    }
    if (!holder) holders.set(made.name, entry);
    const cap = profile.toolCap;
    if (cap && sent >= cap.max) {
      overCap++;
      if (cap.over === 'drops-rest') {
        leaveOut(entry, `${profile.label} sends only the first ${cap.max} tools`);
        continue;
      }
      if (cap.over === 'groups-rest') {
        entry.received = false;
        entry.marks.push({ kind: 'grouped', message: `${profile.label} groups the tools past ${cap.max} behind virtual activate_* tools` });
        continue;
      }
      entry.marks.push({ kind: 'unknown', message: `past ${profile.label}'s ${cap.max} tools: what happens to this one is not known` });
    }
    sent++;
  }
  if (overCap > 0 && profile.toolCap) notes.push(`${overCap} tool(s) past ${profile.label}'s ${profile.toolCap.max}-tool limit`);
  const refusal =
    refused.length > 0
      ? `${profile.label} would fail the whole request: ${refused.length} tool name(s) break its rule (${profile.refuses?.what}), e.g. '${refused[0]}'`
      : null;
  return { tools: out, refusal, notes };
}

function leaveOut(entry: ClientTool, message: string): void {
  entry.received = false;
  entry.marks.push({ kind: 'refused-by-client', message });
}
