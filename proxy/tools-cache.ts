import fs from 'node:fs';
import path from 'node:path';
import { catalogFingerprint } from '@/lib/catalog/fingerprint';
import type { UpstreamTools } from './upstreams';
import { keepJson } from './kept-file';

/** What a server listed, with the fingerprint favindex would give that catalog. */
export type HeldTools = UpstreamTools & { fingerprint: string };

/**
 * What each upstream server listed last. Kept on disk too, so that a restart presents the tools
 * before the servers are up; a file that cannot be written costs only that head start.
 */
export class ToolsCache {
  private readonly held = new Map<string, HeldTools>();

  constructor(
    servers: Iterable<string>,
    private readonly dir: string,
    private readonly log: (message: string) => void,
  ) {
    for (const name of servers) {
      try {
        // Sound while the file is this cache's own: it wrote it from an UpstreamTools.
        const saved = JSON.parse(fs.readFileSync(this.file(name), 'utf8')) as UpstreamTools;
        this.held.set(name, { ...saved, fingerprint: catalogFingerprint(saved.tools) });
      } catch {
        // never listed yet
      }
    }
  }

  get(server: string): HeldTools | undefined {
    return this.held.get(server);
  }

  has(server: string): boolean {
    return this.held.has(server);
  }

  /** The servers held, those kept from the last run first, then in the order they listed. */
  servers(): IterableIterator<string> {
    return this.held.keys();
  }

  entries(): IterableIterator<[string, HeldTools]> {
    return this.held.entries();
  }

  /** Keep what a server listed; false when it is the catalog held already (nothing to rebuild). */
  set(server: string, tools: UpstreamTools): boolean {
    const fingerprint = catalogFingerprint(tools.tools);
    if (this.held.get(server)?.fingerprint === fingerprint) return false;
    this.held.set(server, { ...tools, fingerprint });
    keepJson(this.file(server), { tools: tools.tools, raw: tools.raw }, `${server}'s tools`, this.log);
    return true;
  }

  private file(server: string): string {
    return path.join(this.dir, `${server}.json`);
  }
}
