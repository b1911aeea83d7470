import { splitCanonical } from '@/lib/names/canonical';
import type { SessionState } from './types';

/**
 * One call of a recorded session: its canonical tool when it resolved to one (meta and
 * unresolved calls change nothing).
 */
export interface SessionCall {
  canonical: string | null;
}

/** The state after one more call: the tool is the most recently activated, its server the most recently called. */
export function applyCall(state: SessionState, canonicalName: string | null): SessionState {
  if (!canonicalName) return state;
  const parts = splitCanonical(canonicalName);
  if (!parts) return state;
  // Already the latest call: the same state, so a session's cached list stays valid (#26).
  if (state.activated.at(-1) === canonicalName && state.calledServers[0] === parts.server) return state;
  return {
    activated: [...state.activated.filter((t) => t !== canonicalName), canonicalName],
    calledServers: [parts.server, ...state.calledServers.filter((s) => s !== parts.server)],
  };
}

/** The state after the first `steps` calls of a session: what the model saw at call `steps + 1`. */
export function replaySession(calls: readonly SessionCall[], steps = calls.length): SessionState {
  let state: SessionState = { activated: [], calledServers: [] };
  for (const call of calls.slice(0, steps)) state = applyCall(state, call.canonical);
  return state;
}

/** Every state of a session in turn, from before its first call to after its last. */
export function sessionStates(calls: readonly SessionCall[]): SessionState[] {
  let state: SessionState = { activated: [], calledServers: [] };
  const states = [state];
  for (const call of calls) {
    state = applyCall(state, call.canonical);
    states.push(state);
  }
  return states;
}

/**
 * Explicit state: the activated tools, and the called servers when given; otherwise the
 * servers of the activated tools, most recent first.
 */
export function explicitSession(activated: readonly string[], calledServers?: readonly string[]): SessionState {
  if (calledServers) return { activated: dedupeKeepLast(activated), calledServers: dedupeKeepFirst(calledServers) };
  let state: SessionState = { activated: [], calledServers: [] };
  for (const tool of activated) state = applyCall(state, tool);
  return state;
}

function dedupeKeepLast(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of [...list].reverse()) {
    if (seen.has(item)) continue;
    seen.add(item);
    out.unshift(item);
  }
  return out;
}

function dedupeKeepFirst(list: readonly string[]): string[] {
  return [...new Set(list)];
}

/**
 * The state after `mcp_find_tools` found these tools: each becomes the most recently activated
 * (in the order found), and no server counts as called until one of its tools is.
 */
export function activateTools(state: SessionState, canonicals: readonly string[]): SessionState {
  const found = new Set(canonicals);
  return { activated: [...state.activated.filter((t) => !found.has(t)), ...found], calledServers: state.calledServers };
}
