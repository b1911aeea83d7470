import type { Db } from '@/db/client';
import { catalogVersionSchemas, type StoredVersion, storedCatalogVersions } from '@/db/queries/catalog-versions-at';
import { argumentsSize } from '@/lib/arguments/argument-size';
import { SchemaChecks } from '@/lib/arguments/schema-checks';
import type { ArgumentsToCheck, StoredProblem } from '@/lib/events/to-row';
import { BoundedMap } from '@/lib/bounded-map';
import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';

/** The work one request's checks have done so far (ARGUMENT_CHECK_LIMITS.ingestRequestWork): a request checked in several calls of `check` shares one. */
export interface CheckBudget {
  work: number;
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

  /** `requestWork`: the work one request's checks may do; §arguments' bound, smaller in tests. */
  constructor(private readonly requestWork: number = ARGUMENT_CHECK_LIMITS.ingestRequestWork) {
    this.requestSpent = `this request's argument checks did their ${requestWork.toLocaleString('en')} units of work before this event; send fewer events with arguments per request`;
  }

  /**
   * What each call's check found, in order. The checks run on the request's path, so their work
   * is bounded (§arguments): arguments too long or too deep are not checked, and once the checks
   * of one request have done ARGUMENT_CHECK_LIMITS.ingestRequestWork (their calls' characters
   * and the schemas compiled for them), the calls after are not checked either; each says why.
   * Work is counted rather than timed, so the same request is checked alike on a busy machine.
   */
  async check(db: Db, catalog: CatalogKey, calls: readonly ArgumentsToCheck[], budget: CheckBudget = { work: 0 }): Promise<CallChecked[]> {
    if (calls.length === 0) return [];
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
      const size = budget.work > this.requestWork ? { tooLarge: this.requestSpent } : argumentsSize(call.args);
      if ('tooLarge' in size) {
        found.push({ unchecked: size.tooLarge });
        continue;
      }
      if (!this.schemas.has(schema)) budget.work += ARGUMENT_CHECK_LIMITS.ingestCompileWork;
      budget.work += size.characters;
      const compiled = this.schemas.for(schema);
      const checked = compiled.ok ? compiled.check(call.args) : null;
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
