import type { RoutersView } from '@/lib/contracts/routers';
import type { AppContext } from '@/server/app-context';
import { routersBudgetWarning } from '@/server/surface/budget';
import { missingWarning } from './routers';

/**
 * What a routers write (PUT, undo) warns of, the routers stored all the same: tools the catalog
 * does not list, and a routers list past the attention budget (§routers). Null when neither.
 */
export async function routersWarning(app: AppContext, view: RoutersView): Promise<string | null> {
  const budget = await routersBudgetWarning(app, view.project, { routers: view.routers, singletons: view.singletons });
  const warnings = [missingWarning(view), budget].filter((w) => w !== null);
  return warnings.length === 0 ? null : warnings.join('. ');
}
