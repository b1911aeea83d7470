import { PALETTE } from '@/components/charts/palette';
import { createElement, type CSSProperties } from 'react';
import { formatPercent } from '@/lib/format';
import type { Namespace } from '@/lib/names/resolution';

/** Each namespace has its colour of the one palette, on every chart. */
export const NAMESPACE_SERIES: { key: Namespace; label: string; color: string }[] = [
  { key: 'favourite', label: 'favourite names (fav_…, favourite/…)', color: PALETTE.favourite },
  { key: 'all', label: 'all names (all_…, all/…)', color: PALETTE.all },
  { key: 'typed', label: 'typed server__tool', color: PALETTE.typed },
  { key: 'invoke', label: 'mcp_invoke_tool', color: PALETTE.invoke },
  { key: 'canonical', label: 'server/tool', color: PALETTE.canonical },
  { key: 'bare', label: 'bare tool', color: PALETTE.bare },
  { key: 'meta', label: 'meta tools', color: PALETTE.meta },
  { key: 'router', label: 'router ops', color: PALETTE.router },
];

const axisTick = { fill: 'var(--muted)', fontSize: 12 };
const axisLine = { stroke: 'var(--border)' };
export const gridStroke = 'var(--border)';

export const tooltipStyle: CSSProperties = {
  background: 'var(--surface)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--text)',
  fontSize: 12,
};
export const tooltipLabelStyle: CSSProperties = { color: 'var(--text)', fontWeight: 600 };
const tooltipCursor = { fill: 'var(--surface-2)' };
export const legendStyle: CSSProperties = { fontSize: 12, color: 'var(--muted)' };

/** "11-29" for an ISO day: the year and month are in the window's heading. */
export function shortDay(day: string): string {
  return day.slice(5);
}

/** Legend labels in the text colour; the swatch beside each carries the series colour. */
export function legendLabel(value: unknown) {
  return createElement('span', { style: { color: 'var(--muted)' } }, String(value));
}

/** The props every chart's axes share: muted ticks, no tick marks; only the category axis draws its line. */
export const categoryAxis = { tick: axisTick, axisLine, tickLine: false } as const;
export const valueAxis = { tick: axisTick, axisLine: false, tickLine: false, width: 48 } as const;
/** A value axis of shares, 0 to 100 %. */
export const shareAxis = { ...valueAxis, domain: [0, 1], tickFormatter: (v: unknown) => formatPercent(Number(v), 0) } as const;
/** The tooltip of every chart. */
export const tooltipProps = { contentStyle: tooltipStyle, labelStyle: tooltipLabelStyle, cursor: tooltipCursor } as const;
/** Room around bars, and a little more for lines, whose dots and labels reach the edge. */
export const BAR_MARGIN = { top: 8, right: 8, bottom: 0, left: 0 } as const;
export const LINE_MARGIN = { top: 16, right: 16, bottom: 4, left: 0 } as const;

/**
 * What a screen reader hears of a chart (the SVG's title and description), with recharts'
 * keyboard layer on so the arrow keys read it point by point: every chart takes all three.
 */
export function described(title: string, desc: string) {
  return { accessibilityLayer: true, title, desc } as const;
}
export type ChartA11y = ReturnType<typeof described>;

/** A label at the end of the category axis, naming what it counts. */
export function axisLabel(value: string) {
  return { value, position: 'insideBottomRight', offset: -2, fill: 'var(--muted)', fontSize: 12 } as const;
}
