import type { Db } from '@/db/client';
import { splitCanonical } from '@/lib/names/canonical';
import { compilePolicy } from '@/lib/policy/decide';
import { type DeniedTo, deniedPinWarning, deniedToOf } from '@/lib/policy/denied-to';
import { catalogPolicyTools, knownNames, requirePolicy } from './inputs';

const NOBODY: DeniedTo = { identities: [], everyone: false };

/**
 * Whom the policy in force denies a tool, by its canonical name (§policy): what the suggestions
 * mark and withhold, and what a pin warns of. A name no catalog lists is judged as a tool that
 * says nothing of itself. A policy that allows everything reads neither catalog nor names.
 */
export async function policyDeniedTo(db: Db, projectId: string): Promise<(canonical: string) => DeniedTo> {
  const stored = await requirePolicy(db, projectId);
  if (compilePolicy(stored.policy).allowsEverything) return () => NOBODY;
  const catalog = new Map((await catalogPolicyTools(db, projectId)).map((tool) => [tool.canonical, tool]));
  const deniedTo = deniedToOf(stored.policy, await knownNames(db, projectId));
  return (canonical) => deniedTo(catalog.get(canonical) ?? { canonical, server: splitCanonical(canonical)?.server ?? '' });
}

/** The warning of a pin of tools the policy denies to every identity (stored all the same), or null. */
export async function deniedPinsWarning(db: Db, projectId: string, tools: readonly string[]): Promise<string | null> {
  const deniedTo = await policyDeniedTo(db, projectId);
  return deniedPinWarning(tools.filter((tool) => deniedTo(tool).everyone));
}
