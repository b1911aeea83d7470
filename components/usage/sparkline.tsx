'use client';

import { PALETTE } from '@/components/charts/palette';
import { Line, LineChart, Tooltip, YAxis } from 'recharts';
import { formatNumber } from '@/lib/format';
import { tooltipStyle } from './chart-theme';

/** A project's calls per day, drawn small; the text beside it carries the number for screen readers. */
export function Sparkline({ daily, label }: { daily: { day: string; calls: number }[]; label: string }) {
  return (
    <LineChart
      width={110}
      height={30}
      data={daily}
      accessibilityLayer
      title={label}
      desc={daily.map((d) => `${d.day}: ${d.calls}`).join(', ')}
      margin={{ top: 3, right: 3, bottom: 3, left: 3 }}
    >
      <YAxis hide domain={[0, 'dataMax']} />
      <Tooltip
        contentStyle={{ ...tooltipStyle, padding: '2px 8px' }}
        labelFormatter={(_, payload) => payload?.[0]?.payload?.day ?? ''}
        formatter={(value) => [formatNumber(Number(value)), 'calls']}
        allowEscapeViewBox={{ x: true, y: true }}
      />
      <Line type="monotone" dataKey="calls" stroke={PALETTE.other} strokeWidth={1.5} dot={false} isAnimationActive={false} />
    </LineChart>
  );
}
