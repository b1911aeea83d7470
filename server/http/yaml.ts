import { ApiError } from '@/lib/errors';

/** The header of a YAML export asked as a download: browsers save it under `filename`. */
export function downloadAs(download: boolean, filename: string): Record<string, string> | undefined {
  return download ? { 'content-disposition': `attachment; filename="${filename}"` } : undefined;
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
