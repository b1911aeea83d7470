import { MAX_CUSTOM_CAP } from '@/lib/limits';
import { SURFACE_MODES, type SurfaceMode, TARGET_IDS, type TargetId } from '@/lib/schemas/surface-config';
import { formatNumber } from '@/lib/format';
import { MCP_REVISIONS, type McpRevision } from './clients';
import { isOneOf } from '@/lib/records';

/** What of the preview a link carries: the target, the custom cap as typed, the mode opened and the MCP revision picked. */
export interface PreviewUrlState {
  target: TargetId | null;
  cap: string | null;
  open: SurfaceMode | null;
  /** null: the revision the client most likely uses. */
  protocol: McpRevision | null;
}

export function readPreviewUrl(search: Pick<URLSearchParams, 'get'>): PreviewUrlState {
  const target = search.get('target');
  const open = search.get('open');
  const protocol = search.get('protocol');
  return {
    target: isOneOf(TARGET_IDS, target) ? target : null,
    cap: search.get('cap'),
    open: isOneOf(SURFACE_MODES, open) ? open : null,
    protocol: isOneOf(MCP_REVISIONS, protocol) ? protocol : null,
  };
}

/**
 * What is wrong with a custom cap as typed, in plain words; null when it is a cap. The preview is
 * not asked for until this is null, so a half-typed cap never meets the API's validator.
 */
export function customCapProblem(text: string): string | null {
  const trimmed = text.trim();
  const range = `a whole number of tools from 1 to ${formatNumber(MAX_CUSTOM_CAP)}`;
  if (trimmed === '') return `Enter the cap: ${range}.`;
  if (!/^\d+$/.test(trimmed)) return `The cap is ${range}.`;
  const n = Number(trimmed);
  if (n < 1) return 'The cap must be at least 1 tool.';
  if (n > MAX_CUSTOM_CAP) return `The cap is at most ${formatNumber(MAX_CUSTOM_CAP)} tools.`;
  return null;
}
