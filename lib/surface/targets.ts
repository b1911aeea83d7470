import type { TargetId } from '@/lib/schemas/surface-config';
import type { ListedTool } from './types';
import type { TargetProblem } from '@/lib/contracts/preview';
export type { TargetProblem } from '@/lib/contracts/preview';

export type TokenMethodId = 'openai-functions' | 'anthropic-tools';

/** What a provider accepts in one request's tool list (§surface). */
export interface Target {
  id: TargetId;
  label: string;
  /** Hard cap on the number of tools; null when there is none. */
  cap: number | null;
  /** A soft limit: no rejection, but quality drops beyond it. */
  warnAbove: number | null;
  /** Names the provider accepts; null when it states no rule. */
  namePattern: RegExp | null;
  descriptionLimit: number | null;
  tokenMethod: TokenMethodId;
  /** The longest name it accepts; null when it states none. */
  maxNameLength: number | null;
  /** Past the cap the provider refuses the whole request (OpenAI: `array too long`), rather than a client dropping tools. */
  capRefusesRequest: boolean;
}

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const OPENAI_LIKE = { namePattern: OPENAI_NAME, maxNameLength: 64, descriptionLimit: 1024, tokenMethod: 'openai-functions', capRefusesRequest: true } as const;
/** What a target states nothing about: no soft limit, no name or description rule; past a cap tools are dropped, the request not refused. */
const NOTHING_STATED = {
  warnAbove: null,
  namePattern: null,
  maxNameLength: null,
  descriptionLimit: null,
  tokenMethod: 'openai-functions',
  capRefusesRequest: false,
} as const;

/**
 * Targets as data. Caps and rules are the ones §surface states; gemini's name rule is its API
 * reference's. Anthropic checks names against ^[a-zA-Z0-9_-]{1,128}$ and, separately, at most 64
 * characters ("String should have at most 64 characters", anthropics/claude-code#2326, #2412).
 */
export const TARGETS: Record<Exclude<TargetId, 'custom'>, Target> = {
  openai: { id: 'openai', label: 'OpenAI', cap: 128, warnAbove: null, ...OPENAI_LIKE },
  'azure-openai': { id: 'azure-openai', label: 'Azure OpenAI', cap: 128, warnAbove: null, ...OPENAI_LIKE },
  groq: { id: 'groq', label: 'Groq', cap: 128, warnAbove: null, ...OPENAI_LIKE },
  'github-copilot': { id: 'github-copilot', label: 'GitHub Copilot', cap: 128, warnAbove: null, ...OPENAI_LIKE },
  // FunctionDeclaration.name: starts with a letter or underscore; letters, digits, _ . : -; at most 64.
  gemini: {
    id: 'gemini',
    label: 'Gemini',
    cap: 512,
    warnAbove: null,
    namePattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    maxNameLength: 64,
    descriptionLimit: null,
    tokenMethod: 'openai-functions',
    capRefusesRequest: false,
  },
  cursor: { id: 'cursor', label: 'Cursor', cap: 40, ...NOTHING_STATED },
  windsurf: { id: 'windsurf', label: 'Windsurf', cap: 50, ...NOTHING_STATED },
  anthropic: {
    ...NOTHING_STATED,
    id: 'anthropic',
    label: 'Anthropic',
    cap: null,
    warnAbove: 30,
    namePattern: /^[a-zA-Z0-9_-]{1,64}$/,
    maxNameLength: 64,
    tokenMethod: 'anthropic-tools',
  },
};

/** `custom` is any cap N, with no name or description rule. */
export function resolveTarget(id: TargetId, customCap?: number | null): Target {
  if (id !== 'custom') return TARGETS[id];
  return {
    id: 'custom',
    label: `Custom (${customCap ?? 'no'} cap)`,
    cap: customCap ?? null,
    ...NOTHING_STATED,
  };
}

export interface TargetFit {
  count: number;
  cap: number | null;
  fits: boolean;
  /** How many tools over the cap; 0 when it fits. */
  overBy: number;
  /** Over the target's soft limit (anthropic: 30). */
  warn: boolean;
  /** Every name or description the target would reject, and names listed twice. */
  problems: TargetProblem[];
  /** Per problem, the place in the tools checked of the tool it is about. */
  problemTools: number[];
}

/**
 * `loaded` is how many of the tools are sent with their schema, when a client or provider search
 * defers the rest: the cap and the soft limit are checked against those, since whether deferred
 * tools count toward a provider's cap is not known.
 */
export function checkAgainstTarget(tools: readonly ListedTool[], target: Target, loaded = tools.length): TargetFit {
  const count = tools.length;
  const overBy = target.cap !== null && loaded > target.cap ? loaded - target.cap : 0;
  const problems: TargetProblem[] = [];
  const problemTools: number[] = [];
  const seen = new Set<string>();
  // One text for every name the rule rejects.
  const nameRule = target.namePattern ? `${target.label} rejects the name: it must match ${target.namePattern.source}` : '';
  const problem = (at: number, tool: ListedTool, field: TargetProblem['field'], message: string) => {
    problems.push({ name: tool.name, canonical: tool.canonical, field, message });
    problemTools.push(at);
  };
  for (const [at, tool] of tools.entries()) {
    if (tool.placeholder) continue;
    if (seen.has(tool.name)) problem(at, tool, 'name', `'${tool.name}' is listed twice; tool names must be unique`);
    seen.add(tool.name);
    if (target.namePattern && !target.namePattern.test(tool.name)) problem(at, tool, 'name', nameRule);
    const length = tool.body.description?.length ?? 0;
    if (target.descriptionLimit !== null && length > target.descriptionLimit) {
      problem(at, tool, 'description', `description is ${length} characters; ${target.label} accepts at most ${target.descriptionLimit}`);
    }
  }
  return {
    count,
    cap: target.cap,
    fits: overBy === 0,
    overBy,
    warn: target.warnAbove !== null && loaded > target.warnAbove,
    problems,
    problemTools,
  };
}
