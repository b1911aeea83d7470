import { surfaceForIdentity } from '@/lib/policy/surface-for-identity';
import type { RoutersConfig } from '@/lib/schemas/routers';
import type { SurfaceMode } from '@/lib/schemas/surface-config';
import { type BudgetCheck, presentedBudget } from '@/lib/surface/budget';
import { modeName } from '@/lib/surface/mode-traits';
import { presentedList, presentedSurfaceOf } from '@/lib/surface/presented';
import type { FavouritesInput } from '@/lib/surface/types';
import type { AppContext } from '@/server/app-context';
import { runningProxies } from '@/server/proxies/proxies';
import { loadSurfaceInputs, type SurfaceInputs } from './inputs';

/** Whose list a write is judged by: an identity no rule of the policy names, as the preview shows it by default. */
const ANYONE = { token: null, client: null };

/** The project's inputs as the preview reads them: while a proxy is connected, only the servers connected proxies run. */
async function budgetInputs(app: AppContext, projectId: string): Promise<SurfaceInputs> {
  const running = await runningProxies(app.db, projectId);
  return loadSurfaceInputs(app.db, app.catalogs, projectId, running?.servers ?? null);
}

/** The list a new session gets in `mode` with these favourites and routers, against the project's attention budget. */
function listBudget(inputs: SurfaceInputs, change: { favourites?: FavouritesInput; routers?: RoutersConfig; mode?: SurfaceMode }): BudgetCheck {
  const routers = change.routers ?? inputs.routers;
  const mine = surfaceForIdentity(inputs.catalog, change.favourites ?? inputs.favourites, inputs.policy, ANYONE);
  const list = presentedList(presentedSurfaceOf(inputs.surface, mine.favourites, { mode: change.mode ?? inputs.surface.mode, routers }), mine.catalog);
  return presentedBudget(inputs.surface, list, routers);
}

/** A warning of the answer's, which joins its warnings into one text: without the sentence's full stop. */
const clause = (message: string) => message.replace(/\.$/, '');

/**
 * What a pin of `pinned` (now in force) warns of when it pushes the list of the mode in force
 * past the attention budget, or further past it (§routers): the favourites first and routers
 * modes list a favourite twice. Null when the list is within the budget, or the pin added nothing to it.
 */
export async function pinBudgetWarning(app: AppContext, projectId: string, pinned: readonly string[]): Promise<string | null> {
  const inputs = await budgetInputs(app, projectId);
  const after = listBudget(inputs, {});
  if (after.message === null) return null;
  const gone = new Set(pinned);
  const before = listBudget(inputs, { favourites: { ...inputs.favourites, tools: inputs.favourites.tools.filter((t) => !gone.has(t)) } });
  if (after.counted <= before.counted) return null;
  return `the ${modeName(inputs.surface.mode)} list in force is ${clause(after.message)}`;
}

/**
 * What a routers write warns of when the routers mode's list with `routers` is past the
 * attention budget, whether or not the project presents that mode yet (a team folds its tools
 * before it switches); null within it.
 */
export async function routersBudgetWarning(app: AppContext, projectId: string, routers: RoutersConfig): Promise<string | null> {
  const inputs = await budgetInputs(app, projectId);
  const check = listBudget(inputs, { routers, mode: 'routers' });
  if (check.message === null) return null;
  const mode = inputs.surface.mode;
  const list = mode === 'routers' ? 'the routers list in force' : `the routers list (the project presents ${modeName(mode)} mode now)`;
  return `${list} is ${clause(check.message)}`;
}
