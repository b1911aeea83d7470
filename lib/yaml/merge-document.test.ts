import { describe, expect, it } from 'vitest';
import { defaultSurfaceConfig } from '@/lib/schemas/surface-config';
import { mergeOntoCurrent } from './merge-document';
import { toProjectDocument } from './project-document';

const current = toProjectDocument({
  id: 'myproj',
  description: 'Team agent',
  metaTools: ['search_tools'],
  retentionDays: 90,
  surface: { ...defaultSurfaceConfig(), agentTools: 56 },
  favourites: { enabled: true, maxFavourites: 15, tools: ['k8s/get_pods', 'gitea/create_pull_request'] },
  policy: { default: 'deny', rules: [{ effect: 'allow', tools: ['k8s/*'] }] },
});

describe('a sent document over the current one', () => {
  it('changes the one field it names and keeps every other', () => {
    const merged = mergeOntoCurrent(current, {
      apiVersion: 'favindex/v1',
      kind: 'Project',
      metadata: { name: 'myproj' },
      spec: { surface: { mode: 'deferred' } },
    });
    expect(merged).toEqual({ ...current, spec: { ...current.spec, surface: { ...current.spec.surface, mode: 'deferred' } } });
  });

  it('replaces a list whole: the favourites sent are the favourites', () => {
    const merged = mergeOntoCurrent(current, { spec: { favouriteIndex: { tools: ['gitea/create_pull_request'] }, policy: { rules: [] } } });
    expect(merged).toMatchObject({
      spec: { favouriteIndex: { enabled: true, maxFavourites: 15, tools: ['gitea/create_pull_request'] }, policy: { default: 'deny', rules: [] } },
    });
  });

  it('takes null and wrong types as sent, for the schema to judge', () => {
    expect(mergeOntoCurrent(current, { spec: { retentionDays: null } })).toMatchObject({ spec: { retentionDays: null, metaTools: ['search_tools'] } });
    expect(mergeOntoCurrent(current, { spec: { surface: 'deferred' } })).toMatchObject({ spec: { surface: 'deferred' } });
    expect(mergeOntoCurrent(current, { spec: [1] })).toMatchObject({ spec: [1] });
  });

  it('keeps a key named __proto__ as a key, never as the prototype', () => {
    const sent = JSON.parse('{"spec": {"__proto__": {"polluted": true}}}');
    const merged = mergeOntoCurrent(current, sent) as { spec: Record<string, unknown> };
    expect(Object.hasOwn(merged.spec, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(merged.spec)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
