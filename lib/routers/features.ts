import type { CatalogTool } from '@/lib/schemas/catalog';
import type { PreparedCatalog } from '@/lib/surface/prepared-catalog';
import { searchWords } from '@/lib/surface/retrieve';
import { kept } from '@/lib/kept';
import { type Shape, shapeOf } from './shape';
import { nameWords, verbFamily } from './words';

/** What the clustering reads of one catalog tool. */
export interface ToolFeatures {
  /** Position in the catalog: every order here falls back on it, so results are stable. */
  index: number;
  server: string;
  canonical: string;
  /** The name eager mode presents the tool under (`server__tool`), whose definition a router replaces. */
  typedName: string;
  tool: CatalogTool;
  /** The name's words, less its server's prefix. */
  words: string[];
  verb: string | null;
  nouns: string[];
  /**
   * What the tool acts on: of its nouns, the one most tools of its server name (`pull` in
   * `get_pull_request_files`, as ten tools name pull requests and four name files), the first on a tie.
   */
  topic: string | null;
  shape: Shape;
}

/** A first word at least this share of a server's tools begin with is the server's prefix (`jira_get_issue`), not a noun. */
const PREFIX_SHARE = 0.8;

function serverPrefix(tools: readonly CatalogTool[]): string[] {
  if (tools.length < 3) return [];
  const firsts = new Map<string, number>();
  for (const tool of tools) {
    const first = searchWords(tool.name)[0];
    if (first !== undefined) firsts.set(first, (firsts.get(first) ?? 0) + 1);
  }
  for (const [word, count] of firsts) if (count >= tools.length * PREFIX_SHARE && verbFamily(word) === null) return [word];
  return [];
}

function serverFeatures(catalog: PreparedCatalog): ToolFeatures[] {
  const all: ToolFeatures[] = [];
  let index = 0;
  for (const server of catalog.servers) {
    const prefix = serverPrefix(server.tools);
    const named = server.tools.map((tool) => ({ tool, ...nameWords(tool.name, prefix) }));
    const counts = new Map<string, number>();
    for (const { nouns } of named) for (const noun of nouns) counts.set(noun, (counts.get(noun) ?? 0) + 1);
    for (const { tool, words, verb, nouns } of named) {
      let topic: string | null = null;
      for (const noun of nouns) if (topic === null || (counts.get(noun) ?? 0) > (counts.get(topic) ?? 0)) topic = noun;
      const entry = catalog.byCanonical.get(`${server.name}/${tool.name}`);
      if (!entry) continue;
      all.push({
        index: index++,
        server: server.name,
        canonical: entry.canonical,
        typedName: entry.typedName,
        tool,
        words,
        verb,
        nouns,
        topic,
        shape: shapeOf(tool),
      });
    }
  }
  return all;
}

const featuresByCatalog = new WeakMap<PreparedCatalog, { all: ToolFeatures[]; byCanonical: Map<string, ToolFeatures> }>();

/** Every catalog tool's features, in catalog order, worked out once per prepared catalog. */
export function catalogFeatures(catalog: PreparedCatalog): { all: readonly ToolFeatures[]; byCanonical: ReadonlyMap<string, ToolFeatures> } {
  return kept(featuresByCatalog, catalog, () => {
    const all = serverFeatures(catalog);
    return { all, byCanonical: new Map(all.map((f) => [f.canonical, f])) };
  });
}
