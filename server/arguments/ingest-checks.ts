import type { Db } from '@/db/client';
import { catalogVersionSchemas, type StoredVersion, storedCatalogVersions } from '@/db/queries/catalog-versions-at';
import { argumentsTooLarge } from '@/lib/arguments/argument-size';
import { compileToolSchema } from '@/lib/arguments/check';
import { SchemaChecks } from '@/lib/arguments/schema-checks';
import type { ArgumentsToCheck, StoredProblem } from '@/lib/events/to-row';
import { BoundedMap } from '@/lib/bounded-map';
import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';

/** What one request's checks have taken so far: a request checked in several calls of `check` shares one. */
export interface CheckBudget {
  spentMs: number;
}

/** What decides a project's version timeline: a catalog change bumps the version, a new project has a new creation time. */
export interface CatalogKey {
  projectId: string;
  catalogVersion: number;
  createdAt: number;
}

type Schemas = Map<string, Record<string, unknown>>;

/**
 * What ingest made of one call's arguments: the problems it found (none when nothing was
 * checked: no schema, or one that does not compile), and why it did not check them, or only in
 * part, when a bound of §arguments stopped it.
 */
export interface CallChecked {
  problems?: StoredProblem[];
  unchecked?: string;
}

/**
 * Ingest's check of the arguments other proxies send (§arguments): each call against the
 * inputSchema of the catalog version in force at the call's time, so a call made before a
 * schema changed is judged by the schema it was made against. Per project, the timeline of
 * stored versions is cached by the project's catalog version (a new version gives a new key);
 * per (project, server, version), the schemas, so each is compiled once (SchemaChecks holds
 * the compiled check by the schema object, and forgets it with the cached version).
 */
export class IngestArgumentChecks {
  private readonly timelines = new BoundedMap<string, { key: string; servers: Map<string, StoredVersion[]> }>(256);
  private readonly versions = new BoundedMap<string, Schemas | null>(1024);
  private readonly schemas = new SchemaChecks();
  private readonly requestSpent: string;

  /** `requestMs`: what one request's checks may take; §arguments' bound, smaller in tests. */
  constructor(private readonly requestMs: number = ARGUMENT_CHECK_LIMITS.ingestRequestMs) {
    this.requestSpent = `this request spent its ${requestMs} ms of argument checks before this event; send fewer events with arguments per request`;
  }

  /**
   * What each call's check found, in order. The checks run on the request's path, so their work
   * is bounded (§arguments): arguments too long or too deep are not checked, and once the checks
   * of one request have taken ARGUMENT_CHECK_LIMITS.ingestRequestMs (compiles included; reads
   * from the database not), the calls after are not checked either; each says why.
   */
  async check(db: Db, catalog: CatalogKey, calls: readonly ArgumentsToCheck[], budget: CheckBudget = { spentMs: 0 }): Promise<CallChecked[]> {
    if (calls.length === 0) return [];
    warmUp();
    const servers = await this.timeline(db, catalog);
    const found: CallChecked[] = [];
    for (const call of calls) {
      const version = inForceAt(servers.get(call.server), call.at);
      const schemas = version ? await this.versionSchemas(db, catalog.projectId, version) : null;
      const schema = schemas?.get(call.tool);
      if (!schema) {
        found.push({});
        continue;
      }
      const tooLarge = budget.spentMs > this.requestMs ? this.requestSpent : argumentsTooLarge(call.args);
      if (tooLarge) {
        found.push({ unchecked: tooLarge });
        continue;
      }
      const t0 = performance.now();
      const compiled = this.schemas.for(schema);
      const checked = compiled.ok ? compiled.check(call.args) : null;
      budget.spentMs += performance.now() - t0;
      if (!checked) found.push({});
      else if (checked.problems === null) found.push({ unchecked: checked.unchecked });
      else if (checked.unchecked === undefined) found.push({ problems: checked.problems.map(stored) });
      else found.push({ problems: checked.problems.map(stored), unchecked: `checked in part: ${checked.unchecked}` });
    }
    return found;
  }

  private async timeline(db: Db, catalog: CatalogKey): Promise<Map<string, StoredVersion[]>> {
    const key = `${catalog.catalogVersion}|${catalog.createdAt}`;
    const hit = this.timelines.get(catalog.projectId);
    if (hit && hit.key === key) return hit.servers;
    const servers = new Map<string, StoredVersion[]>();
    for (const version of await storedCatalogVersions(db, catalog.projectId)) {
      const list = servers.get(version.server);
      if (list) list.push(version);
      else servers.set(version.server, [version]);
    }
    this.timelines.set(catalog.projectId, { key, servers });
    return servers;
  }

  private async versionSchemas(db: Db, projectId: string, version: StoredVersion): Promise<Schemas | null> {
    const key = `${projectId}\u0000${version.server}\u0000${version.version}\u0000${version.fingerprint}`;
    const hit = this.versions.get(key);
    if (hit !== undefined) return hit;
    const schemas = await catalogVersionSchemas(db, projectId, version.server, version.version);
    this.versions.set(key, schemas);
    return schemas;
  }
}

let warm = false;

/**
 * A process's first compile also compiles ajv's and RE2's own code (about 100 ms, ten times a
 * later one): done once, before any request's checks are timed, so the first request after a
 * start is not cut short by it.
 */
function warmUp(): void {
  if (warm) return;
  warm = true;
  compileToolSchema({ type: 'object', properties: { a: { type: 'string', pattern: '^a+$', format: 'date' } }, required: ['a'] });
}

/** The newest version created by `at`; before the first, the first (events may precede their catalog). */
export function inForceAt(versions: readonly StoredVersion[] | undefined, at: number): StoredVersion | undefined {
  if (!versions || versions.length === 0) return undefined;
  let chosen = versions[0];
  for (const version of versions) if (version.createdAt <= at) chosen = version;
  return chosen;
}

/** `expected` stays out of storage; a path cut at its limit may have split a surrogate pair, which jsonb refuses. */
function stored(problem: StoredProblem & { expected?: string }): StoredProblem {
  const { expected: _expected, ...rest } = problem;
  // ES2024 String.prototype.toWellFormed: in Node 20 but not in the ES2023 lib this project compiles against.
  return { ...rest, path: (rest.path as string & { toWellFormed(): string }).toWellFormed() };
}
