import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PALETTE } from './palette';

// Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
const SIMULATIONS = {
  none: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
} as const;

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** CIELAB (D65) of a colour as someone with the given vision sees it. */
function seen(hex: string, matrix: readonly (readonly number[])[]): [number, number, number] {
  const rgb = [1, 3, 5].map((i) => linear(Number.parseInt(hex.slice(i, i + 2), 16) / 255));
  const [r, g, b] = matrix.map((row) => Math.min(1, Math.max(0, row[0]! * rgb[0]! + row[1]! * rgb[1]! + row[2]! * rgb[2]!))) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

describe('the chart palette', () => {
  for (const [vision, matrix] of Object.entries(SIMULATIONS)) {
    it(`keeps every pair of meanings apart with ${vision} (ΔE76 ≥ 10)`, () => {
      const entries = Object.entries(PALETTE);
      const close: string[] = [];
      for (let i = 0; i < entries.length; i++)
        for (let j = i + 1; j < entries.length; j++) {
          const [a, b] = [seen(entries[i]![1], matrix), seen(entries[j]![1], matrix)];
          const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
          if (distance < 10) close.push(`${entries[i]![0]} / ${entries[j]![0]}: ${distance.toFixed(1)}`);
        }
      expect(close).toEqual([]);
    });
  }

  it('is where every chart takes its colours from: no chart names a colour of its own', () => {
    const root = path.join(import.meta.dirname, '..');
    const charts: string[] = [];
    for (const dir of fs.readdirSync(root)) {
      const folder = path.join(root, dir);
      if (!fs.statSync(folder).isDirectory()) continue;
      for (const file of fs.readdirSync(folder)) {
        if (!/\.(tsx|ts|css)$/.test(file) || file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
        const text = fs.readFileSync(path.join(folder, file), 'utf8');
        if (text.includes("from 'recharts'")) charts.push(`${dir}/${file}`);
        if (/--chart-\d|(?:fill|stroke|color)[=:]\s*['"{]?#[0-9a-f]{3,6}/i.test(text)) throw new Error(`${dir}/${file} names a chart colour of its own`);
      }
    }
    expect(charts.length).toBeGreaterThan(4);
    for (const chart of charts) {
      const text = fs.readFileSync(path.join(root, chart), 'utf8');
      const colours = /\b(fill|stroke)=/.test(text) || /color:/.test(text);
      if (colours) expect(text, `${chart} takes its colours from the palette`).toMatch(/PALETTE|chart-theme/);
    }
  });
});
