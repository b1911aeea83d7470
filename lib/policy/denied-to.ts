import type { ToolPolicy } from '@/lib/schemas/policy';
import { compilePolicy, type PolicyTool } from './decide';
import { type KnownNames, knownIdentities } from './plan';
import { identityLabel, tokensById } from './token-refs';

/** Whom of the identities favindex knows of the policy keeps a tool from. */
export interface DeniedTo {
  /** As the Policy page names them: `token:<name>`, `client:<name>`, and `*` for anyone no rule names. */
  identities: string[];
  /** True when no known identity may call it, `*` included: no session would ever be allowed it. */
  everyone: boolean;
}

const NOBODY: DeniedTo = { identities: [], everyone: false };

/**
 * Whom the policy denies a tool (§policy), asked of the same identities the policy view and
 * plan speak of, so that a suggestion, a pin and the Policy page agree. Made once per policy
 * and names, then asked per tool.
 */
export function deniedToOf(policy: ToolPolicy, names: KnownNames): (tool: PolicyTool) => DeniedTo {
  const compiled = compilePolicy(policy);
  if (compiled.allowsEverything) return () => NOBODY;
  const identities = knownIdentities(names, policy);
  const byId = tokensById(names.tokens);
  return (tool) => {
    const denied = identities.filter(({ as }) => !compiled.decide(as, tool).allowed).map(({ identity }) => identityLabel(identity, byId));
    return denied.length === 0 ? NOBODY : { identities: denied, everyone: denied.length === identities.length };
  };
}

/** The warning a pin of a tool denied to every identity answers with: it is stored, and no session is ever shown it. */
export function deniedPinWarning(tools: readonly string[]): string | null {
  if (tools.length === 0) return null;
  const they = tools.length === 1 ? 'it' : 'them';
  return `${tools.join(', ')} ${tools.length === 1 ? 'is' : 'are'} denied to every identity by the project's tool policy: no session is shown ${they} or may call ${they}; change the policy, or unpin ${they}`;
}
