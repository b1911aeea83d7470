import { createHash } from 'node:crypto';
import type { Db } from '@/db/client';
import { lockProjects, projectConfigs } from '@/db/queries/project-configs';
import { setBakeoffTasks } from '@/db/queries/bakeoff-tasks';
import { setTestQueries } from '@/db/queries/test-queries';
import { withTransactionRetry } from '@/db/sql';
import { policyTokens } from '@/db/queries/policy';
import { ApiError, projectNotFound } from '@/lib/errors';
import { resolveTokenRefs } from '@/lib/policy/token-refs';
import type { RevisionChange } from '@/lib/impact/revisions';
import { defaultToolPolicy, isDefaultPolicy } from '@/lib/schemas/policy';
import { defaultFavouriteIndex } from '@/lib/schemas/favourites';
import { emptyRoutersConfig, isEmptyRouters } from '@/lib/schemas/routers';
import { stableStringify } from '@/lib/stable-json';
import { judgeDocumentSteps, type SentDocuments, sentNames } from '@/lib/yaml/parse-project-documents';
import { planDocument, type DocumentPlan, type PolicyContext } from '@/lib/yaml/plan';
import { toProjectDocument, type ProjectDocument } from '@/lib/yaml/project-document';
import { catalogToolNames } from '@/server/catalog/catalog';
import { writeFavourites } from '@/server/favourites/favourites';
import { catalogPolicyTools } from '@/server/policy/inputs';
import { savePolicy } from '@/server/policy/policy';
import { writeRouters } from '@/server/routers/routers';
import { runSteps } from '@/server/http/steps';
import { createProject, updateProject } from '@/server/projects/projects';
import type { ApplyResult } from '@/lib/contracts/yaml';
export type { ApplyResult } from '@/lib/contracts/yaml';

/** Projects as YAML documents (§yaml), ordered by name; all of them when `ids` is not given. */
export async function loadProjectDocuments(db: Db, ids?: readonly string[]): Promise<ProjectDocument[]> {
  return (await projectConfigs(db, ids)).map(toProjectDocument);
}

export async function loadProjectDocument(db: Db, id: string): Promise<ProjectDocument> {
  const [document] = await loadProjectDocuments(db, [id]);
  if (!document) throw projectNotFound(id);
  return document;
}

/**
 * Create or update each project by metadata.name (§yaml), all in one transaction: every
 * document is applied or none is. Each document is merged onto its project as it is in that
 * transaction, so what a document leaves out stays as it is. Projects not named in the set are
 * left alone. Favourites changes are recorded in their history as made via yaml.
 */
export async function applyProjectDocuments(db: Db, sent: SentDocuments, options: { dryRun: boolean; expectedBasis?: string }): Promise<ApplyResult> {
  if (options.dryRun) return (await plan(db, sent, options.expectedBasis)).result;
  return withTransactionRetry(() =>
    db.transaction(async (tx) => {
      // Lock in name order, so two applies touching the same projects cannot deadlock.
      await lockProjects(tx, sentNames(sent).sort());
      const { result, documents } = await plan(tx, sent, options.expectedBasis);
      for (const [i, document] of documents.entries()) {
        const step = result.projects[i];
        if (!step) throw new Error('plan() returns one step per document');
        if (step.action === 'create') await createFromDocument(tx, document);
        if (step.action === 'update') await updateFromDocument(tx, document, step);
      }
      return { ...result, dryRun: false, applied: true };
    }),
  );
}

/**
 * Each document's policy with the tokens it names by id (resolveTokenRefs, §policy), so a rule
 * written `token:<name>` plans and saves as the policy will hold it, and an export applied again
 * plans no change.
 */
async function withTokenIds(db: Db, documents: readonly ProjectDocument[]): Promise<ProjectDocument[]> {
  const resolved: ProjectDocument[] = [];
  // One after another: inside the apply's transaction the queries share one connection.
  for (const d of documents) {
    const policy = d.spec.policy;
    resolved.push(policy ? { ...d, spec: { ...d.spec, policy: resolveTokenRefs(policy, await policyTokens(db, d.metadata.name)) } } : d);
  }
  return resolved;
}

/** The documents as they apply (each merged onto its project's current document), and their plan. */
async function plan(db: Db, sent: SentDocuments, expectedBasis?: string): Promise<{ result: ApplyResult; documents: ProjectDocument[] }> {
  const currentByName = new Map((await loadProjectDocuments(db, sentNames(sent))).map((d) => [d.metadata.name, d]));
  const merged = await runSteps(judgeDocumentSteps(sent, (name) => currentByName.get(name) ?? null));
  const documents = await withTokenIds(db, merged);
  const currents = documents.map((d) => currentByName.get(d.metadata.name) ?? null);
  const basis = `sha256:${createHash('sha256').update(stableStringify(currents)).digest('hex')}`;
  // One after another: inside the apply's transaction the queries share one connection.
  const catalogs: Set<string>[] = [];
  const policies: PolicyContext[] = [];
  for (const d of documents) {
    const exists = currentByName.has(d.metadata.name);
    catalogs.push(exists ? await catalogToolNames(db, d.metadata.name) : new Set());
    // Only a document with a policy needs its catalog's annotations and the token names.
    policies.push(
      exists && d.spec.policy
        ? { catalog: await catalogPolicyTools(db, d.metadata.name), tokens: await policyTokens(db, d.metadata.name) }
        : { catalog: [], tokens: [] },
    );
  }
  const projectsPlan = documents.map((d, i) => planDocument(currentByName.get(d.metadata.name) ?? null, d, catalogs[i], policies[i]));
  if (expectedBasis !== undefined && expectedBasis !== basis) {
    throw new ApiError('VERSION_MISMATCH', 'the projects changed since this YAML was previewed', {
      suggestedAction: 'review the new diff in details and apply again with its basis',
      citedRule: '§yaml',
      details: { basis, projects: projectsPlan },
    });
  }
  const count = (action: DocumentPlan['action']) => projectsPlan.filter((p) => p.action === action).length;
  const result: ApplyResult = {
    dryRun: true,
    applied: false,
    basis,
    summary: { create: count('create'), update: count('update'), unchanged: count('unchanged') },
    projects: projectsPlan,
  };
  return { result, documents };
}

async function createFromDocument(db: Db, document: ProjectDocument): Promise<void> {
  const { metadata, spec } = document;
  await createProject(
    db,
    { id: metadata.name, description: metadata.description, metaTools: spec.metaTools, retentionDays: spec.retentionDays, surface: spec.surface },
    'yaml',
  );
  if (stableStringify(spec.favouriteIndex) !== stableStringify(defaultFavouriteIndex())) {
    await writeFavourites(db, metadata.name, spec.favouriteIndex, { via: 'yaml' });
  }
  if (spec.policy && !isDefaultPolicy(spec.policy)) await savePolicy(db, metadata.name, spec.policy, { dryRun: false, via: 'yaml' });
  if (spec.routers && !isEmptyRouters(spec.routers)) await writeRouters(db, metadata.name, spec.routers, { via: 'yaml' });
  // Kept as written, for tools a catalog may only list later; the report says which it lacks.
  if (spec.testQueries && spec.testQueries.length > 0) await setTestQueries(db, metadata.name, spec.testQueries);
  if (spec.bakeoffTasks && spec.bakeoffTasks.length > 0) await setBakeoffTasks(db, metadata.name, spec.bakeoffTasks);
}

const TEST_QUERIES_PATH = 'spec.testQueries';
const BAKEOFF_TASKS_PATH = 'spec.bakeoffTasks';
const POLICY_PATH = 'spec.policy.';
const ROUTERS_PATH = 'spec.routers.';

/**
 * One document's changes are one surface revision, so the Impact page judges them as one change
 * against the revision before: favourites first, then the routers, then the policy, then the
 * settings; the last of them that changes records the revision for all. `document` is already
 * merged onto the project, so only what it changes is in `step.changes`.
 */
async function updateFromDocument(db: Db, document: ProjectDocument, step: DocumentPlan): Promise<void> {
  const { metadata, spec } = document;
  const changed = (prefix: string) => step.changes.some((c) => c.path.startsWith(prefix));
  // Test queries and bake-off tasks change no surface, so they make no surface revision.
  const testQueriesChanged = step.changes.some((c) => c.path === TEST_QUERIES_PATH);
  const bakeoffTasksChanged = step.changes.some((c) => c.path === BAKEOFF_TASKS_PATH);
  const routersChanged = changed(ROUTERS_PATH);
  const policyChanged = changed(POLICY_PATH);
  const settingsChanged = step.changes.some(
    (c) =>
      !['spec.favouriteIndex.', ROUTERS_PATH, POLICY_PATH].some((p) => c.path.startsWith(p)) && c.path !== TEST_QUERIES_PATH && c.path !== BAKEOFF_TASKS_PATH,
  );
  if (testQueriesChanged) await setTestQueries(db, metadata.name, spec.testQueries ?? []);
  if (bakeoffTasksChanged) await setBakeoffTasks(db, metadata.name, spec.bakeoffTasks ?? []);
  const before: RevisionChange[] = [];
  if (step.favourites) {
    await writeFavourites(db, metadata.name, spec.favouriteIndex, { via: 'yaml', recordRevision: !routersChanged && !policyChanged && !settingsChanged });
    before.push('favourites');
  }
  if (routersChanged) {
    const last = !policyChanged && !settingsChanged;
    await writeRouters(db, metadata.name, spec.routers ?? emptyRoutersConfig(), { via: 'yaml', recordRevision: last, alsoChanged: [...before] });
    before.push('routers');
  }
  if (policyChanged) {
    await savePolicy(db, metadata.name, spec.policy ?? defaultToolPolicy(), {
      dryRun: false,
      via: 'yaml',
      recordRevision: !settingsChanged,
      alsoChanged: [...before],
    });
    before.push('policy');
  }
  if (settingsChanged) {
    await updateProject(
      db,
      metadata.name,
      { description: metadata.description, metaTools: spec.metaTools, retentionDays: spec.retentionDays, surface: spec.surface },
      'yaml',
      before,
    );
  }
}
