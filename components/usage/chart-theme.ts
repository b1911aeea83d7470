import { PALETTE } from '@/components/charts/palette';
import { createElement, type CSSProperties } from 'react';
import type { Namespace } from '@/lib/names/resolve';

/** Each namespace has its colour of the one palette, on every chart. */
export const NAMESPACE_SERIES: { key: Namespace; label: string; color: string }[] = [
  { key: 'favourite', label: 'favourite/…', color: PALETTE.favourite },
  { key: 'all', label: 'all/<server>/…', color: PALETTE.all },
  { key: 'typed', label: 'typed server__tool', color: PALETTE.typed },
  { key: 'invoke', label: 'mcp_invoke_tool', color: PALETTE.invoke },
  { key: 'canonical', label: 'server/tool', color: PALETTE.canonical },
  { key: 'bare', label: 'bare tool', color: PALETTE.bare },
  { key: 'meta', label: 'meta tools', color: PALETTE.meta },
];

export const axisTick = { fill: 'var(--muted)', fontSize: 12 };
export const axisLine = { stroke: 'var(--border)' };
export const gridStroke = 'var(--border)';

export const tooltipStyle: CSSProperties = {
  background: 'var(--surface)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--text)',
  fontSize: 12,
};
export const tooltipLabelStyle: CSSProperties = { color: 'var(--text)', fontWeight: 600 };
export const tooltipCursor = { fill: 'var(--surface-2)' };
export const legendStyle: CSSProperties = { fontSize: 12, color: 'var(--muted)' };

/** "11-29" for an ISO day: the year and month are in the window's heading. */
export function shortDay(day: string): string {
  return day.slice(5);
}

/** Legend labels in the text colour; the swatch beside each carries the series colour. */
export function legendLabel(value: unknown) {
  return createElement('span', { style: { color: 'var(--muted)' } }, String(value));
}
