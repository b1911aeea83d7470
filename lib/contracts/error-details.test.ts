import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { move, pin } from '@/lib/favourites/operations';
import { checkAgainstMaximum, checkFavouriteIndex, versionMismatch } from '@/lib/favourites/rules';
import { parseProjectDocuments } from '@/lib/yaml/parse-project-documents';
import { errorDetails, listedIssues } from './error-details';

/** The envelope a refusal is answered with. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return err.toEnvelope();
    throw err;
  }
  throw new Error('no refusal');
}

const full = { enabled: true, maxFavourites: 2, tools: ['github/a', 'github/b'] };
const stale = versionMismatch(3, { ...full, version: 4, updatedAt: '2026-12-01T00:00:00.000Z' }).toEnvelope();

describe('the details of a refusal, read by its code', () => {
  it('reads each code in the shape the server writes it', () => {
    const mismatch = errorDetails(stale, 'VERSION_MISMATCH');
    expect(mismatch && 'currentVersion' in mismatch ? mismatch.current : null).toEqual(full);
    expect(
      errorDetails(
        refusal(() => pin(full, 'github/c')),
        'MAX_FAVOURITES_EXCEEDED',
      ),
    ).toEqual({ pinned: 2, maxFavourites: 2, tool: 'github/c' });
    expect(
      errorDetails(
        refusal(() => move(full, 'github/c', 0)),
        'FAVOURITE_NOT_PINNED',
      )?.pinned,
    ).toEqual(full.tools);
    const lowered = refusal(() => checkAgainstMaximum(full, { ...full, maxFavourites: 1 }));
    expect(errorDetails(lowered, 'MAX_FAVOURITES_BELOW_PINNED')?.unpin).toEqual(['github/b']);
    expect(
      errorDetails(
        refusal(() => checkFavouriteIndex({ ...full, tools: ['nope'] })),
        'INVALID_TOOL_NAME',
      )?.invalid,
    ).toEqual(['nope']);
  });

  it('is nothing for another code, or details of another shape', () => {
    expect(errorDetails(stale, 'CONFLICT')).toBeUndefined();
    expect(errorDetails({ ...stale, details: { currentVersion: 'four' } }, 'VERSION_MISMATCH')).toBeUndefined();
    expect(errorDetails(null, 'VERSION_MISMATCH')).toBeUndefined();
  });

  it('lists the problems of refused YAML by line, and of a refused request by path', () => {
    const yaml = refusal(() => parseProjectDocuments('apiVersion: favindex/v1\nkind: Project\nmetadata: {}\n'));
    expect(yaml.error_code).toBe('YAML_INVALID');
    expect(listedIssues(yaml)[0]).toMatchObject({ document: 1, line: expect.any(Number), column: expect.any(Number) });
    const fields = [{ path: 'name', message: 'is required' }];
    expect(listedIssues({ error_code: 'VALIDATION_FAILED', details: fields })).toEqual(fields);
    expect(listedIssues({ error_code: 'VALIDATION_FAILED', details: { duplicates: ['github/a'] } })).toEqual([]);
  });
});
