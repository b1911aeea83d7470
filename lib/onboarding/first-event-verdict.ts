/**
 * What the first-run page says of a project's first events: green once any call resolved to a
 * tool of the catalog and was answered (the set-up works, whatever comes after); until then
 * amber, with why and what to do, since an unresolved call before any resolved one is the sign of
 * a setup that is not done yet (usually a catalog that was never uploaded). An unknown name after
 * the set-up works is news for the Events tab, not a failed set-up.
 */

export interface FirstEventFacts {
  kind: string;
  canonical: string | null;
  unresolvedReason: string | null;
}

export interface FirstEventContext {
  /** The servers the project's catalog has. */
  servers: readonly string[];
  /** Every server/tool of the catalog: a canonical name outside it is no resolution, whatever the event says. */
  tools: ReadonlySet<string>;
  /** A token of the project was refused catalog:write: the proxy's upload is what is missing. */
  catalogRefused: boolean;
}

export type FirstEventVerdict = { tone: 'ok'; text: string } | { tone: 'warn'; text: string; reason: string; fix: string };

export function firstEventVerdict(event: FirstEventFacts, ctx: FirstEventContext): FirstEventVerdict {
  if (event.kind === 'tool' && event.canonical && ctx.tools.has(event.canonical)) {
    return { tone: 'ok', text: `It resolved to ${event.canonical}, a tool of the catalog.` };
  }
  if (event.kind === 'tool' && event.canonical) {
    return {
      tone: 'warn',
      text: `It was counted as ${event.canonical}, which the catalog does not list.`,
      reason: 'the call came before its server’s catalog, and its name was guessed',
      fix: 'check the catalog has the server (the proxy uploads it as it starts), then make another call',
    };
  }
  if (event.kind === 'meta') {
    return {
      tone: 'warn',
      text: 'It is a call of a favindex meta tool, not of one of your servers.',
      reason: 'a meta call (finding or invoking tools) counts for no tool',
      fix: 'call a tool of one of your servers to see it counted',
    };
  }
  const reason = event.unresolvedReason ?? 'no catalog tool has this name';
  if (ctx.catalogRefused) {
    return {
      tone: 'warn',
      text: 'It is unresolved: its server’s catalog is not uploaded.',
      reason,
      fix: 'the proxy’s token may not upload the catalog (catalog:write): make a token for a proxy, put it in the client config and restart the client',
    };
  }
  if (ctx.servers.length === 0) {
    return {
      tone: 'warn',
      text: 'It is unresolved: its server’s catalog is not uploaded.',
      reason,
      fix: 'a proxy uploads each server’s tools as it starts them; without one, upload the catalog on the Catalog tab. The event is resolved again when it arrives',
    };
  }
  return {
    tone: 'warn',
    text: 'It is unresolved: no catalog tool matches it.',
    reason,
    fix: `the catalog has ${ctx.servers.join(', ')}; upload the server that has this tool (the event is resolved again when it arrives)`,
  };
}

/** A call as setupWorks reads it. */
export interface SetupCallFacts {
  kind: string;
  canonical: string | null;
  status: string;
}

/**
 * The call that shows the set-up works, if any: the newest of `calls` whose name resolved to a
 * tool of the catalog and whose server answered it (status ok).
 */
export function setupWorks<T extends SetupCallFacts>(calls: readonly T[], ctx: Pick<FirstEventContext, 'tools'>): T | null {
  return calls.find((call) => call.kind === 'tool' && call.canonical !== null && ctx.tools.has(call.canonical) && call.status === 'ok') ?? null;
}
