import { getDb } from '@/db/client';
import { applyProjectDocuments } from '@/db/queries/project-documents';
import { requireOwnProjects } from '@/lib/auth/authorize';
import { readBodyText, requireMediaType } from '@/lib/http/body';
import { json } from '@/lib/http/respond';
import { apiRoute } from '@/lib/http/route';
import { parseQuery } from '@/lib/http/validate';
import { applyQuerySchema, readBasis, YAML_MEDIA_TYPES } from '@/lib/yaml/http';
import { MAX_YAML_BYTES, parseProjectDocuments } from '@/lib/yaml/parse-project-documents';

/**
 * Apply YAML project documents (§yaml): create or update by metadata.name, all or nothing.
 * `?dryRun=true` returns the plan and diff and writes nothing; If-Match: <basis> applies only
 * if the projects are still as that dry run saw them. A config:write token may name only its
 * own project, in a dry run too (the diff shows the current config).
 */
export const POST = apiRoute('config:write', async ({ req, principal }) => {
  const { dryRun } = parseQuery(applyQuerySchema, req.url, '§yaml');
  const expectedBasis = readBasis(req);
  requireMediaType(req, YAML_MEDIA_TYPES, '§yaml');
  const documents = parseProjectDocuments(await readBodyText(req, MAX_YAML_BYTES, '§yaml'));
  requireOwnProjects(
    principal,
    documents.map((d) => d.metadata.name),
  );
  return json(await applyProjectDocuments(await getDb(), documents, { dryRun, expectedBasis }));
});
