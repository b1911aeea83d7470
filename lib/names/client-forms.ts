import { createHash } from 'node:crypto';
import type { ClientNaming } from './client-rules';

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

function makeName(naming: ClientNaming, serverKey: string, presented: string): ClientName {
  const doubts = naming.doubts.filter((d) => d.pattern.test(presented)).map((d) => d.note);
  let tool = presented;
  for (const { pattern, to } of naming.rewrites) tool = tool.replace(pattern, to);
  const server = serverPartOf(naming, serverKey);
  let name = naming.template.replace('{server}', server).replace('{tool}', tool);
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
      const hash = sha1Hex(naming.template.replace('{server}', server).replace('{tool}', presented));
      name = name.slice(0, length.max - hash.length) + hash;
    }
  }
  return { name, rewritten, doubts };
}

/** A human-readable form of the composition, e.g. `mcp__favindex__<tool>`. */
export function compositionOf(naming: ClientNaming, serverKey: string): string {
  return naming.template.replace('{server}', serverPartOf(naming, serverKey)).replace('{tool}', '<tool>');
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
