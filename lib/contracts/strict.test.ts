import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { favouritesViewSchema } from './favourites';
import { previewResponseSchema } from './preview';
import { strictContract } from './strict';

describe('strictContract', () => {
  const item = z.object({ name: z.string(), tags: z.array(z.object({ k: z.string() })).optional() });
  const schema = z.object({ items: z.array(item), meta: z.record(z.string(), z.object({ n: z.number() })).nullable(), pick: z.union([item, z.null()]) });

  it('refuses unknown keys at every depth, where z.object would strip them', () => {
    const ok = { items: [{ name: 'a', tags: [{ k: 'x' }] }], meta: { m: { n: 1 } }, pick: null };
    expect(strictContract(schema).safeParse(ok).success).toBe(true);
    const deep = { ...ok, items: [{ name: 'a', tags: [{ k: 'x', extra: 1 }] }] };
    expect(schema.safeParse(deep).success).toBe(true);
    const result = strictContract(schema).safeParse(deep);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['extra'], path: ['items', 0, 'tags', 0] });
    expect(strictContract(schema).safeParse({ ...ok, meta: { m: { n: 1, x: 2 } } }).success).toBe(false);
    expect(strictContract(schema).safeParse({ ...ok, pick: { name: 'a', x: 1 } }).success).toBe(false);
    expect(strictContract(schema).safeParse({ ...ok, top: 1 }).success).toBe(false);
  });

  it('keeps what the contract checks: types, nullability, formats, discriminated unions', () => {
    const strict = strictContract(favouritesViewSchema);
    const view = {
      project: 'p',
      enabled: true,
      maxFavourites: 15,
      tools: ['a/b'],
      version: 2,
      updatedAt: '2026-11-29T10:00:00.123Z',
      pinned: 1,
      full: false,
      missingFromCatalog: [],
    };
    expect(strict.parse(view)).toEqual(view);
    expect(strict.safeParse({ ...view, updatedAt: 'yesterday' }).success).toBe(false);
    expect(strict.safeParse({ ...view, version: 1.5 }).success).toBe(false);
    const { pinned: _pinned, ...missing } = view;
    expect(strict.safeParse(missing).success).toBe(false);
    const session = strictContract(previewResponseSchema.shape.session);
    expect(session.safeParse({ source: 'explicit', activated: ['a/b'], calledServers: ['a'] }).success).toBe(true);
    expect(session.safeParse({ source: 'explicit', activated: ['a/b'], calledServers: ['a'], step: 1 }).success).toBe(false);
    expect(session.safeParse(null).success).toBe(true);
  });

  it('makes a defaulted key required, and refuses transforms', () => {
    const defaulted = z.object({ a: z.string().default('x') });
    expect(defaulted.safeParse({}).success).toBe(true);
    expect(strictContract(defaulted).safeParse({}).success).toBe(false);
    expect(() => strictContract(z.object({ a: z.string().transform((s) => s.length) }))).toThrow(/cannot hold a pipe/);
  });
});
