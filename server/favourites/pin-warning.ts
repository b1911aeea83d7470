import type { AppContext } from '@/server/app-context';
import { deniedPinsWarning } from '@/server/policy/denied-to';
import { notServedWarning } from '@/server/proxies/proxies';
import { pinBudgetWarning } from '@/server/surface/budget';

/**
 * What a write that pins `tools` warns of, the pin stored all the same: tools no connected proxy
 * serves, tools the tool policy denies to every identity (§policy), and a list the pin pushes
 * past the attention budget (§routers). Null when none of them.
 */
export async function pinWarning(app: AppContext, projectId: string, tools: readonly string[]): Promise<string | null> {
  // One after another: inside a transaction the queries share one connection.
  const unserved = await notServedWarning(app.db, projectId, tools);
  const denied = await deniedPinsWarning(app.db, projectId, tools);
  const budget = await pinBudgetWarning(app, projectId, tools);
  const warnings = [unserved, denied, budget].filter((w) => w !== null);
  return warnings.length === 0 ? null : warnings.join('. ');
}
