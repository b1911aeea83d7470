import { createHash } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** A server that keeps handing out cursors past this is looping. */
const MAX_PAGES = 1_000;
/** Past this many entries of one kind a server's list is cut (and the proxy says so once per list). */
export const MAX_ENTRIES = 10_000;

/**
 * Every page of one of a server's lists, following nextCursor; a cursor seen twice ends it as an error.
 * Pages come from `client.request()`: the SDK's typed list verbs read up to 64 pages themselves and stop.
 */
export async function readPages<T>(
  server: string,
  method: string,
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>,
  log: (message: string) => void,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let n = 0; ; n++) {
    const result = await page(cursor);
    items.push(...result.items);
    if (items.length >= MAX_ENTRIES) {
      log(`${server}: ${method} lists more than ${MAX_ENTRIES} entries; the proxy passes on the first ${MAX_ENTRIES}`);
      return items.slice(0, MAX_ENTRIES);
    }
    cursor = result.nextCursor;
    if (cursor === undefined) return items;
    if (seen.has(cursor) || n + 1 >= MAX_PAGES) {
      throw new ProtocolError(ProtocolErrorCode.InternalError, `MCP server '${server}' keeps paging ${method} (cursor '${cursor.slice(0, 40)}' again)`);
    }
    seen.add(cursor);
  }
}

/** The proxy hands out each list whole: a cursor from the client cannot be one of its own. */
export function refuseCursor(params: { cursor?: string } | undefined, method: string): void {
  if (params?.cursor !== undefined) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `favindex proxy gives ${method} in one page and hands out no cursors: list again without one`);
  }
}

/**
 * Names of one kind across servers (§names for prompts): a name only one server lists is kept;
 * a name two or more list is `<server>_<name>` for each, and one that is still taken gets `-`
 * and 8 hex digits of the SHA-256 of `<server>/<name>`. Servers in config order, so the same
 * lists always give the same names.
 */
export function presentedNames(entries: readonly { server: string; name: string }[]): string[] {
  const count = new Map<string, number>();
  for (const e of entries) count.set(e.name, (count.get(e.name) ?? 0) + 1);
  const taken = new Set(entries.filter((e) => count.get(e.name) === 1).map((e) => e.name));
  return entries.map((e) => {
    if (count.get(e.name) === 1) return e.name;
    let name = `${e.server}_${e.name}`;
    if (taken.has(name)) name = `${name}-${createHash('sha256').update(`${e.server}/${e.name}`).digest('hex').slice(0, 8)}`;
    taken.add(name);
    return name;
  });
}
