import { listedIssues } from '@/lib/contracts/error-details';
import type { CliError } from './exit-codes';
import { itemAt } from '@/lib/arrays';

/** Where a command reads and writes; the real process, or a test's buffers. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  env: Record<string, string | undefined>;
}

/** Columns padded to their widest cell; `right` aligns numbers. */
export function table(rows: string[][], right: boolean[] = []): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => [...(row[col] ?? '')].length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, col) => {
          // Every row is as wide as the first, whose columns set `widths`.
          const pad = ' '.repeat(itemAt(widths, col) - [...cell].length);
          return right[col] ? pad + cell : cell + pad;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

export function printJson(io: Io, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** An argument as a shell reads it back: quoted only when it must be. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * The error on stderr: favindex's message, its code and status, what to do, and the issues
 * it listed (paths, YAML lines). With --json, the same as one JSON object.
 */
export function reportError(io: Io, err: CliError, asJson: boolean): void {
  const { envelope, status, suggestedAction } = err.extra;
  if (asJson) {
    io.stderr(
      `${JSON.stringify({
        exit_code: err.exitCode,
        ...(status !== undefined ? { status } : {}),
        ...(envelope ?? { message: err.message, ...(suggestedAction ? { suggested_action: suggestedAction } : {}) }),
      })}\n`,
    );
    return;
  }
  const code = envelope ? ` (HTTP ${status} ${envelope.error_code})` : '';
  const lines = [`favindex: ${err.message}${code}`];
  if (suggestedAction) lines.push(`  → ${suggestedAction}`);
  const issues = listedIssues(envelope);
  for (const issue of issues.slice(0, 10)) {
    const where = ('line' in issue ? [`document ${issue.document}`, `line ${issue.line}:${issue.column}`, issue.path] : [issue.path]).filter(Boolean).join(' ');
    lines.push(`  - ${where ? `${where}: ` : ''}${issue.message}`);
  }
  if (issues.length > 10) lines.push(`  … and ${issues.length - 10} more`);
  io.stderr(`${lines.join('\n')}\n`);
}
