import { type SurfaceConfig, type SurfaceLimits, surfaceConfigSchema } from '@/lib/schemas/surface-config';
import { recordOf } from '@/lib/records';

export const LIMIT_FIELDS = [
  'maxToolsPerRequest',
  'maxActivatedToolsPerSession',
  'maxPinnedServers',
  'retrieveK',
] as const satisfies readonly (keyof SurfaceLimits)[];

/** The form's values: numbers as typed, so a half-typed one is not turned into something else. */
export interface SettingsDraft {
  mode: SurfaceConfig['mode'];
  naming: SurfaceConfig['naming'];
  target: SurfaceConfig['target'];
  customCap: string;
  alwaysLoadFavourites: boolean;
  argumentChecks: SurfaceConfig['argumentChecks'];
  toolBudget: string;
  limits: Record<(typeof LIMIT_FIELDS)[number], string>;
}

export function draftOf(surface: SurfaceConfig): SettingsDraft {
  return {
    mode: surface.mode,
    naming: surface.naming,
    target: surface.target,
    customCap: surface.customCap === undefined ? '' : String(surface.customCap),
    alwaysLoadFavourites: surface.alwaysLoadFavourites,
    argumentChecks: surface.argumentChecks,
    toolBudget: String(surface.toolBudget),
    limits: {
      maxToolsPerRequest: String(surface.limits.maxToolsPerRequest),
      maxActivatedToolsPerSession: String(surface.limits.maxActivatedToolsPerSession),
      maxPinnedServers: String(surface.limits.maxPinnedServers),
      retrieveK: String(surface.limits.retrieveK),
    },
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function plainProblem(issue: { code: string; message: string; minimum?: unknown; maximum?: unknown }): string {
  if (issue.code === 'too_small') return `at least ${String(issue.minimum)}`;
  if (issue.code === 'too_big') return `at most ${String(issue.maximum)}`;
  if (issue.code === 'invalid_type' || issue.code === 'invalid_format') return 'a whole number is needed here';
  return issue.message;
}

/** The config the form would save over `surface` (its other fields kept), or each field's problem. */
export function configOf(
  surface: SurfaceConfig,
  draft: SettingsDraft,
): { config: SurfaceConfig; problems: null } | { config: null; problems: Map<string, string> } {
  const { customCap: _, ...rest } = surface;
  const custom = draft.target === 'custom';
  const candidate = {
    ...rest,
    mode: draft.mode,
    naming: draft.naming,
    target: draft.target,
    alwaysLoadFavourites: draft.alwaysLoadFavourites,
    argumentChecks: draft.argumentChecks,
    toolBudget: number(draft.toolBudget),
    // A cap only a custom provider uses is kept while another provider is picked, so picking custom again finds it.
    ...(custom || draft.customCap.trim() !== '' ? { customCap: number(draft.customCap) } : {}),
    limits: Object.fromEntries(LIMIT_FIELDS.map((f) => [f, number(draft.limits[f])])),
  };
  const parsed = surfaceConfigSchema.safeParse(candidate);
  if (parsed.success) return { config: parsed.data, problems: null };
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!problems.has(path)) problems.set(path, plainProblem(issue));
  }
  return { config: null, problems };
}

/**
 * The form moved to a config saved meanwhile (`next`): each field this person changed from what
 * they saw keeps their text, even half-typed; every other field shows the new config.
 */
export function rebaseDraft(seen: SettingsDraft, draft: SettingsDraft, next: SettingsDraft): SettingsDraft {
  const pick = <K extends keyof Omit<SettingsDraft, 'limits'>>(key: K) => (draft[key] !== seen[key] ? draft[key] : next[key]);
  return {
    mode: pick('mode'),
    naming: pick('naming'),
    target: pick('target'),
    customCap: pick('customCap'),
    alwaysLoadFavourites: pick('alwaysLoadFavourites'),
    argumentChecks: pick('argumentChecks'),
    toolBudget: pick('toolBudget'),
    limits: recordOf(LIMIT_FIELDS, (f) => (draft.limits[f] !== seen.limits[f] ? draft.limits[f] : next.limits[f])),
  };
}
