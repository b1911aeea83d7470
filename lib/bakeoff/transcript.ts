import { errorMessage } from '@/lib/thrown';

/** One cell of a bake-off run: a task, shown in one presentation, to one model, the run-th time. */
export interface CellKey {
  taskId: string;
  /** The presentation's id, e.g. `pinned`, `lazy`, `full`. */
  presentation: string;
  model: string;
  /** 0-based: the run index of the schedule's outer loop. */
  run: number;
}

/** One request to the model and its answer. */
export interface ModelTurn {
  inputTokens: number;
  /** Prompt tokens the endpoint served from its cache; absent when it did not say. */
  cachedTokens?: number;
  outputTokens: number;
  wallMs: number;
}

/** The arguments of a call as the model wrote them, read as JSON or not. */
export type ParsedArguments = { ok: true; value: unknown } | { ok: false; error: string };

/** One tool call, in the order the model made them. */
export interface ToolCallRecord {
  /** The model turn (0-based) the call came in. */
  turn: number;
  /** The name as the model called it: whatever the presentation showed. */
  presented: string;
  /** The canonical `server/tool` the name resolves to; null when it resolves to nothing (an invented tool). */
  canonical: string | null;
  /**
   * Set for a tool that is no server's: favindex's own (`meta`: a search, a listing; a call
   * through the invoke tool is recorded as the call it makes) or the agent's (`agent`). Such a
   * call is neither the target nor invented; it counts as a call and as wander.
   */
  source?: 'meta' | 'agent';
  /** The server a call through mcp_invoke_tool named that the project does not have (then `canonical` is null). */
  inventedServer?: string;
  /**
   * A call of a router (§routers): the router's name and the op as sent. With `source: 'meta'`
   * it asked for list_ops; with a canonical it named a right op, recorded as the call it makes
   * (that tool, the op's arguments); with neither it named an op the router lacks (isWrongOp).
   */
  router?: string;
  op?: string;
  /** The argument text as sent, so a parse failure can be seen as it was. */
  rawArguments: string;
  arguments: ParsedArguments;
}

/**
 * How a run ended. `completed`: the model gave a final answer (whether or not it called the
 * target, which the `completed` measure judges); `gave_up`: it said it could not; `turn_limit`:
 * it was stopped at the task's maxTurns; `endpoint_error`: the endpoint failed it (after its
 * retries), so the run measured nothing and is run again.
 */
export const RUN_OUTCOMES = ['completed', 'gave_up', 'turn_limit', 'endpoint_error'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

export interface Transcript {
  key: CellKey;
  turns: ModelTurn[];
  calls: ToolCallRecord[];
  outcome: RunOutcome;
  /** What went wrong, for `endpoint_error` (status and message as the endpoint gave them). */
  error?: string;
}

/** A router call naming an op the router lacks: nothing was called, and the model read the UNKNOWN_OP answer. */
export function isWrongOp(call: ToolCallRecord): boolean {
  return call.router !== undefined && call.canonical === null && call.source === undefined;
}

/** A cell key as one string, for sets and maps: parts joined by NUL, which no id holds. */
export function cellKeyText(key: CellKey): string {
  return [key.taskId, key.presentation, key.model, String(key.run)].join('\u0000');
}

/** A call's argument text read as JSON. Empty text is `{}`: some endpoints send it for a call without arguments. */
export function parseArguments(raw: string): ParsedArguments {
  if (raw.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(raw);
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: errorMessage(err) };
  }
}

/** A run that measured something: every outcome but an endpoint failure. */
export function counts(transcript: Transcript): boolean {
  return transcript.outcome !== 'endpoint_error';
}

/**
 * The transcripts that count, one per cell, in the order given. A cell's first counted
 * transcript wins and later ones for the same key are dropped: results are appended, so a
 * report once computed stays true when a second runner or a merged file repeats a cell.
 * Endpoint failures never count; a later transcript of the same cell that measured something
 * takes its place.
 */
export function countedTranscripts(transcripts: readonly Transcript[]): Transcript[] {
  const seen = new Set<string>();
  const counted: Transcript[] = [];
  for (const transcript of transcripts) {
    if (!counts(transcript)) continue;
    const key = cellKeyText(transcript.key);
    if (seen.has(key)) continue;
    seen.add(key);
    counted.push(transcript);
  }
  return counted;
}

/** The keys of the cells already measured, for schedule's `remaining`. */
export function doneKeys(transcripts: readonly Transcript[]): Set<string> {
  return new Set(transcripts.filter(counts).map((t) => cellKeyText(t.key)));
}
