import { YAML_ENDPOINTS } from '@/lib/api/yaml';
import { BODY_LIMITS } from '@/lib/limits';
import { YAML_MEDIA_TYPES } from '@/lib/schemas/yaml';
import { readDocumentSteps, sentNames } from '@/lib/yaml/parse-project-documents';
import { requireOwnProjects } from '@/server/auth/authorise';
import { readBodyText, requireMediaType } from '@/server/http/body';
import { answer, endpointRoute } from '@/server/http/endpoint-route';
import { runSteps } from '@/server/http/steps';
import { readBasis } from '@/server/http/yaml';
import { applyProjectDocuments } from '@/server/yaml/project-documents';

/**
 * Apply YAML project documents (§yaml): create or update by metadata.name, all or nothing;
 * what a document leaves out stays as it is.
 * `?dryRun=true` returns the plan and diff and writes nothing; If-Match: <basis> applies only
 * if the projects are still as that dry run saw them. A config:write token may name only its
 * own project, in a dry run too (the diff shows the current config).
 */
export const POST = endpointRoute(YAML_ENDPOINTS.apply, async ({ db, req, principal, query }) => {
  const expectedBasis = readBasis(req);
  requireMediaType(req, YAML_MEDIA_TYPES, '§yaml');
  const sent = await runSteps(readDocumentSteps(await readBodyText(req, BODY_LIMITS.yaml, '§yaml')));
  // Before the documents are judged: judging reads the projects they name, merging onto each.
  requireOwnProjects(principal, sentNames(sent));
  return answer(200, await applyProjectDocuments(db, sent, { dryRun: query.dryRun, expectedBasis }));
});
