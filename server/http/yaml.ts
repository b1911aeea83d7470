import { ApiError } from '@/lib/errors';

/** A YAML response; `download` makes browsers save it under `filename`. */
export function yamlResponse(text: string, options: { download: boolean; filename: string }): Response {
  const headers: Record<string, string> = { 'content-type': 'application/yaml; charset=utf-8', 'cache-control': 'no-store' };
  if (options.download) headers['content-disposition'] = `attachment; filename="${options.filename}"`;
  return new Response(text, { status: 200, headers });
}

/** The plan basis a reviewed apply carries in If-Match (see applyProjectDocuments). */
export function readBasis(req: Request): string | undefined {
  const raw = req.headers.get('if-match');
  if (raw === null) return undefined;
  const match = /^"?(sha256:[0-9a-f]{64})"?$/.exec(raw.trim());
  if (!match) {
    throw new ApiError('MALFORMED_REQUEST', `If-Match '${raw}' is not a plan basis`, {
      suggestedAction: 'send the basis of a dry run (sha256:…) as If-Match, or leave the header out',
      citedRule: '§yaml',
    });
  }
  return match[1];
}
