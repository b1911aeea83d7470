import { describe, expect, it } from 'vitest';
import { errorDetails } from '@/lib/contracts/error-details';
import { ApiError } from './errors';

/*
 * What a refusal's details hold is checked by tsc where it is thrown (npm run typecheck): each
 * line marked @ts-expect-error builds one whose details its code does not declare, and if tsc
 * accepted one the marker itself would fail the type check.
 */
const rule = { suggestedAction: 'reload and try again', citedRule: '§favourites' } as const;

describe('an ApiError', () => {
  it('carries the details its code declares, which a client reads back by that code', () => {
    const stale = new ApiError('VERSION_MISMATCH', 'changed meanwhile', {
      ...rule,
      details: { currentVersion: 4, current: { enabled: true, maxFavourites: 5, tools: ['github/create_issue'] } },
    });
    expect(errorDetails(stale.toEnvelope(), 'VERSION_MISMATCH')).toEqual({
      currentVersion: 4,
      current: { enabled: true, maxFavourites: 5, tools: ['github/create_issue'] },
    });
    expect(stale.status).toBe(412);
    const plain = new ApiError('PROJECT_NOT_FOUND', 'no such project', rule);
    expect(plain.toEnvelope()).not.toHaveProperty('details');
  });

  it('fails tsc when its details are not the shape its code declares', () => {
    const refusals = [
      // @ts-expect-error: the version in force is a count, not a word
      new ApiError('VERSION_MISMATCH', 'x', { ...rule, details: { currentVersion: 'four', current: { enabled: true, maxFavourites: 5, tools: [] } } }),
      // @ts-expect-error: a pinned list over its cap names how many are pinned
      new ApiError('MAX_FAVOURITES_EXCEEDED', 'x', { ...rule, details: { maxFavourites: 5, over: ['a/b'] } }),
      // @ts-expect-error: the problems of a refused input are a list of path and message
      new ApiError('INVALID_PARAMETER', 'x', { ...rule, details: 'window must be 1d to 90d' }),
      // @ts-expect-error: a code that declares no details carries none
      new ApiError('PROJECT_NOT_FOUND', 'x', { ...rule, details: { project: 'p' } }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([412, 409, 400, 404]);
  });
});
