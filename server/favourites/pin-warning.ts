import type { Db } from '@/db/client';
import { deniedPinsWarning } from '@/server/policy/denied-to';
import { notServedWarning } from '@/server/proxies/proxies';

/**
 * What a write that pins `tools` warns of, the pin stored all the same: tools no connected proxy
 * serves, and tools the tool policy denies to every identity (§policy). Null when neither.
 */
export async function pinWarning(db: Db, projectId: string, tools: readonly string[]): Promise<string | null> {
  // One after another: inside a transaction the queries share one connection.
  const unserved = await notServedWarning(db, projectId, tools);
  const denied = await deniedPinsWarning(db, projectId, tools);
  const warnings = [unserved, denied].filter((w) => w !== null);
  return warnings.length === 0 ? null : warnings.join('. ');
}
