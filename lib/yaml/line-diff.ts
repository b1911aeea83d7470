import { itemAt } from '@/lib/arrays';

export type DiffOp = { kind: 'same' | 'add' | 'remove'; text: string };

/** Beyond this many cells the middle of the two texts is shown as replaced, not aligned. */
const MAX_LCS_CELLS = 4_000_000;

/** A line diff: common head and tail kept, the middle aligned by longest common subsequence. */
export function diffLines(before: string, after: string): DiffOp[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const same = (text: string): DiffOp => ({ kind: 'same', text });
  return [...a.slice(0, head).map(same), ...alignMiddle(midA, midB), ...a.slice(a.length - tail).map(same)];
}

function alignMiddle(a: string[], b: string[]): DiffOp[] {
  if (a.length * b.length > MAX_LCS_CELLS) {
    return [...a.map((text) => ({ kind: 'remove' as const, text })), ...b.map((text) => ({ kind: 'add' as const, text }))];
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..]. Every i <= a.length and
  // j <= b.length below, so every cell read is inside the table.
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        // biome-ignore lint/style/noNonNullAssertion: i < a.length and j < b.length, so every cell read is inside the (a+1)×(b+1) table; this is the O(a×b) loop.
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const out: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: itemAt(a, i++) });
      j++;
    } else if (itemAt(lcs, (i + 1) * width + j) >= itemAt(lcs, i * width + j + 1)) {
      out.push({ kind: 'remove', text: itemAt(a, i++) });
    } else {
      out.push({ kind: 'add', text: itemAt(b, j++) });
    }
  }
  while (i < a.length) out.push({ kind: 'remove', text: itemAt(a, i++) });
  while (j < b.length) out.push({ kind: 'add', text: itemAt(b, j++) });
  return out;
}

/** A unified diff with `context` lines around each change; '' when the texts are equal. */
export function unifiedDiff(before: string, after: string, labels: { from: string; to: string }, context = 3): string {
  const ops = diffLines(before, after);
  if (ops.every((op) => op.kind === 'same')) return '';
  const lines = [`--- ${labels.from}`, `+++ ${labels.to}`];
  const changed = ops.map((op, k) => (op.kind === 'same' ? -1 : k)).filter((k) => k >= 0);
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, itemAt(changed, k) - context);
    let end = Math.min(ops.length, itemAt(changed, k) + context + 1);
    while (k + 1 < changed.length && itemAt(changed, k + 1) - context <= end) {
      k++;
      end = Math.min(ops.length, itemAt(changed, k) + context + 1);
    }
    k++;
    const oldStart = ops.slice(0, start).filter((op) => op.kind !== 'add').length;
    const newStart = ops.slice(0, start).filter((op) => op.kind !== 'remove').length;
    const hunk = ops.slice(start, end);
    const oldLen = hunk.filter((op) => op.kind !== 'add').length;
    const newLen = hunk.filter((op) => op.kind !== 'remove').length;
    lines.push(`@@ -${oldStart + (oldLen ? 1 : 0)},${oldLen} +${newStart + (newLen ? 1 : 0)},${newLen} @@`);
    for (const op of hunk) lines.push(`${op.kind === 'same' ? ' ' : op.kind === 'add' ? '+' : '-'}${op.text}`);
  }
  return `${lines.join('\n')}\n`;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
