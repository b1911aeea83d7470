import { SURFACE_MODES, type SurfaceMode } from '@/lib/schemas/surface-config';
import { buildModeList } from './modes';
import type { PreparedCatalog } from './prepared-catalog';
import { checkAgainstTarget, type Target } from './targets';
import { estimateTokens, TOKEN_METHODS } from './tokens';
import type { ListedTool, ModeInputs } from './types';
import type { PreviewTool } from '@/lib/contracts/preview';
import type { ModePreview } from '@/lib/contracts/preview';
export type { ModePreview } from '@/lib/contracts/preview';
export type { PreviewTool } from '@/lib/contracts/preview';

export type PreviewDetail = 'full' | 'names';

/** One mode's list checked against the target, with its token estimate (§surface "Every preview reports"). */
export function previewMode(mode: SurfaceMode, catalog: PreparedCatalog, inputs: ModeInputs, target: Target, detail: PreviewDetail = 'full'): ModePreview {
  const list = buildModeList(mode, catalog, inputs);
  const tokens = estimateTokens(list.tools, target.tokenMethod);
  return {
    mode,
    ...checkAgainstTarget(list.tools, target),
    tokens: { ...tokens, methodDescription: TOKEN_METHODS[tokens.method] },
    leftOut: list.leftOut,
    notes: list.notes,
    instruction: list.instruction,
    tools: list.tools.map((t) => toPreviewTool(t, detail)),
  };
}

export function previewModes(
  modes: readonly SurfaceMode[] | 'all',
  catalog: PreparedCatalog,
  inputs: ModeInputs,
  target: Target,
  detail: PreviewDetail = 'full',
): ModePreview[] {
  return (modes === 'all' ? SURFACE_MODES : modes).map((mode) => previewMode(mode, catalog, inputs, target, detail));
}

function toPreviewTool(tool: ListedTool, detail: PreviewDetail): PreviewTool {
  const out: PreviewTool = { name: tool.name, canonical: tool.canonical, source: tool.source };
  if (tool.placeholder) out.placeholder = true;
  if (detail === 'full' && !tool.placeholder) {
    out.description = tool.body.description ?? '';
    out.inputSchema = tool.body.inputSchema;
  }
  return out;
}
