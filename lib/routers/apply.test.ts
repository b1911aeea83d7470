import { describe, expect, it } from 'vitest';
import { emptyRoutersConfig, type RoutersConfig, routersConfigSchema } from '@/lib/schemas/routers';
import { routersCatalog } from '@/test/routers-catalog';
import { type AppliedRouters, applyPlacements, applySuggestion } from './apply';
import { placeNewTools } from './place';
import { placedTools, suggestRouters } from './suggest';

const catalog = routersCatalog();
const { suggestions } = suggestRouters(catalog, emptyRoutersConfig());

function config(applied: AppliedRouters): RoutersConfig {
  if (!applied.ok) throw new Error(applied.problems.join('; '));
  return applied.config;
}

describe('applying a suggestion', () => {
  it('adds its router after the current ones, by a config the schema takes', () => {
    const current: RoutersConfig = { routers: [], singletons: [{ tool: 'github/get_me', reason: 'The signed-in user, no sibling.' }] };
    const [first] = suggestions;
    if (!first) throw new Error('no suggestion');
    const next = config(applySuggestion(current, first));
    expect(next).toEqual({ routers: [first.router], singletons: current.singletons });
    expect(routersConfigSchema.safeParse(next).success).toBe(true);
  });

  it('one after another, places every suggested tool once', () => {
    const all = suggestions.reduce((current, s) => config(applySuggestion(current, s)), emptyRoutersConfig());
    expect(routersConfigSchema.safeParse(all).success).toBe(true);
    expect(placedTools(all)).toEqual(new Set(suggestions.flatMap((s) => s.router.ops.map((o) => o.tool))));
    expect(suggestRouters(catalog, all).suggestions).toEqual([]);
  });

  it('refuses a suggestion whose router or tools the config has since taken, and leaves the config as it was', () => {
    const [first] = suggestions;
    if (!first) throw new Error('no suggestion');
    const current = config(applySuggestion(emptyRoutersConfig(), first));
    const kept = structuredClone(current);
    const again = applySuggestion(current, first);
    expect(again.ok).toBe(false);
    if (again.ok) return;
    expect(again.problems).toContain(`routers.1.name: two routers are named ${first.router.name}`);
    expect(again.problems).toContain(
      `routers.1.ops.0.tool: ${first.router.ops[0]?.tool} is already op ${first.router.ops[0]?.op} of router ${first.router.name}: a tool is in one place`,
    );
    expect(current).toEqual(kept);
  });

  it('refuses a placement into a router that is no longer there, naming it', () => {
    const before = suggestRouters(routersCatalog({ without: ['github/create_issue'] }), emptyRoutersConfig()).suggestions.reduce(
      (current, s) => config(applySuggestion(current, s)),
      emptyRoutersConfig(),
    );
    const proposal = placeNewTools(catalog, before, ['github/create_issue']);
    expect(proposal.placements[0]).toMatchObject({ rule: 'existing-router', router: 'github_issue' });
    const gone = { ...before, routers: before.routers.filter((r) => r.name !== 'github_issue') };
    expect(applyPlacements(gone, proposal)).toEqual({
      ok: false,
      problems: ['there is no router named github_issue for op create (github/create_issue) to join'],
    });
  });
});
