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
}

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Targets as data. Caps and rules are the ones §surface states; gemini and anthropic name rules are their API references'. */
export const TARGETS: Record<Exclude<TargetId, 'custom'>, Target> = {
  openai: { id: 'openai', label: 'OpenAI', cap: 128, warnAbove: null, namePattern: OPENAI_NAME, descriptionLimit: 1024, tokenMethod: 'openai-functions' },
  'azure-openai': {
    id: 'azure-openai',
    label: 'Azure OpenAI',
    cap: 128,
    warnAbove: null,
    namePattern: OPENAI_NAME,
    descriptionLimit: 1024,
    tokenMethod: 'openai-functions',
  },
  groq: { id: 'groq', label: 'Groq', cap: 128, warnAbove: null, namePattern: OPENAI_NAME, descriptionLimit: 1024, tokenMethod: 'openai-functions' },
  'github-copilot': {
    id: 'github-copilot',
    label: 'GitHub Copilot',
    cap: 128,
    warnAbove: null,
    namePattern: OPENAI_NAME,
    descriptionLimit: 1024,
    tokenMethod: 'openai-functions',
  },
  // FunctionDeclaration.name: starts with a letter or underscore; letters, digits, _ . : -; at most 64.
  gemini: {
    id: 'gemini',
    label: 'Gemini',
    cap: 512,
    warnAbove: null,
    namePattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    descriptionLimit: null,
    tokenMethod: 'openai-functions',
  },
  cursor: { id: 'cursor', label: 'Cursor', cap: 40, warnAbove: null, namePattern: null, descriptionLimit: null, tokenMethod: 'openai-functions' },
  windsurf: { id: 'windsurf', label: 'Windsurf', cap: 50, warnAbove: null, namePattern: null, descriptionLimit: null, tokenMethod: 'openai-functions' },
  anthropic: {
    id: 'anthropic',
    label: 'Anthropic',
    cap: null,
    warnAbove: 30,
    namePattern: /^[a-zA-Z0-9_-]{1,128}$/,
    descriptionLimit: null,
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
    warnAbove: null,
    namePattern: null,
    descriptionLimit: null,
    tokenMethod: 'openai-functions',
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
}

export function checkAgainstTarget(tools: readonly ListedTool[], target: Target): TargetFit {
  const count = tools.length;
  const overBy = target.cap !== null && count > target.cap ? count - target.cap : 0;
  const problems: TargetProblem[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    if (tool.placeholder) continue;
    if (seen.has(tool.name)) {
      problems.push({ name: tool.name, canonical: tool.canonical, field: 'name', message: `'${tool.name}' is listed twice; tool names must be unique` });
    }
    seen.add(tool.name);
    if (target.namePattern && !target.namePattern.test(tool.name)) {
      problems.push({
        name: tool.name,
        canonical: tool.canonical,
        field: 'name',
        message: `${target.label} rejects the name: it must match ${target.namePattern.source}`,
      });
    }
    const length = tool.body.description?.length ?? 0;
    if (target.descriptionLimit !== null && length > target.descriptionLimit) {
      problems.push({
        name: tool.name,
        canonical: tool.canonical,
        field: 'description',
        message: `description is ${length} characters; ${target.label} accepts at most ${target.descriptionLimit}`,
      });
    }
  }
  return {
    count,
    cap: target.cap,
    fits: overBy === 0,
    overBy,
    warn: target.warnAbove !== null && count > target.warnAbove,
    problems,
  };
}
