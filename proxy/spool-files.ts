// The spool's files: reading a sealed segment, sizes and line counts, and what a failed write means.
import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '@/lib/process-alive';
import { errorCode } from '@/lib/thrown';

/** A segment being written; sealed, it is `.ready` to send. */
export const OPEN = '.open';
export const READY = '.ready';

export interface SegmentContent {
  events: Record<string, unknown>[];
  /** Lines that are not JSON: torn by a crash or a failed write. */
  damaged: number;
}

/** A sealed segment's events, or null when it is gone (sent by another proxy meanwhile). */
export async function readSegment(file: string): Promise<SegmentContent | null> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null;
    throw err;
  }
  const events: Record<string, unknown>[] = [];
  let damaged = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      // The proxy wrote each line itself as one event object; the server checks each event on upload.
      events.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      damaged++;
    }
  }
  return { events, damaged };
}

/** The segments of `dir` with this suffix, oldest first; none when the folder cannot be read (it is tried again next time). */
export function segmentsIn(dir: string, suffix: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((n) => n.endsWith(suffix))
      .sort();
  } catch {
    return [];
  }
}

/** Segments left open by a process that is gone are complete as they are: sealed. */
export function sealOrphans(dir: string): void {
  for (const name of segmentsIn(dir, OPEN)) {
    const pid = Number(name.split('-')[1]);
    if (pid !== process.pid && processAlive(pid)) continue;
    fs.renameSync(path.join(dir, name), path.join(dir, name.slice(0, -OPEN.length) + READY));
  }
}

/** Which of `ids` a segment of `dir` (sealed or open) holds a trace of. */
export function spooledIds(dir: string, ids: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const name of [...segmentsIn(dir, READY), ...segmentsIn(dir, OPEN)]) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, name), 'utf8');
    } catch {
      continue;
    }
    // The proxy writes each trace's id as its first member, as JSON.stringify spells it.
    for (const id of ids) if (text.includes(`{"id":${JSON.stringify(id)},`)) found.add(id);
  }
  return found;
}

/** Remove the oldest sealed segments of `dir` until `incoming` more bytes fit under `maxBytes`: how many events that lost. */
export function dropOldestSealed(dir: string, maxBytes: number, incoming: number): number {
  const segments = segmentsIn(dir, READY).map((name) => ({ name, bytes: fileSize(path.join(dir, name)) }));
  // Segments still being sealed (or written by another proxy) count too; only sealed ones are dropped.
  const open = segmentsIn(dir, OPEN).reduce((sum, name) => sum + fileSize(path.join(dir, name)), 0);
  let total = open + segments.reduce((sum, s) => sum + s.bytes, 0);
  let lost = 0;
  for (const segment of segments) {
    if (total + incoming <= maxBytes) break;
    const file = path.join(dir, segment.name);
    lost += countLines(file);
    fs.rmSync(file, { force: true });
    total -= segment.bytes;
  }
  return lost;
}

export function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export function countLines(file: string): number {
  try {
    const data = fs.readFileSync(file);
    let n = 0;
    for (const byte of data) if (byte === 10) n++;
    return n;
  } catch {
    return 0;
  }
}

const WRITE_FAILURES: Record<string, string> = {
  ENOSPC: 'disk full',
  EDQUOT: 'disk quota used up',
  EROFS: 'read-only file system',
  EACCES: 'no permission to write',
  EPERM: 'no permission to write',
  EIO: 'disk I/O error',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  EFBIG: 'file too large',
};

/** Why a write failed, in a few words a status line can show: `disk full (ENOSPC)`. */
export function writeFailure(err: unknown): string {
  const code = errorCode(err);
  if (code) return `${WRITE_FAILURES[code] ?? 'cannot write'} (${code})`;
  return (err instanceof Error ? err.message : String(err)).slice(0, 100);
}

/** Traces the disk refused: counted, and said once per cause and once more when writes work again. */
export class WriteTrouble {
  lost = 0;
  lostCause: string | null = null;
  /** The failure being lived with now. */
  private failing: { cause: string; lost: number } | null = null;

  constructor(
    private readonly dir: string,
    private readonly log: (message: string) => void,
  ) {}

  /** A write failed; `lostOne`: a trace was lost with it (not so for preparing the folder at start). */
  failed(err: unknown, lostOne: boolean): void {
    const cause = writeFailure(err);
    if (lostOne) {
      this.lost++;
      this.lostCause = cause;
    }
    if (this.failing?.cause === cause) {
      this.failing.lost += lostOne ? 1 : 0;
      return;
    }
    this.failing = { cause, lost: lostOne ? 1 : 0 };
    const until = 'until it can be written again: free space there, or pass another --state-dir';
    this.log(`cannot write traces to ${this.dir}: ${cause}. Calls go on; their traces are lost and counted (${this.lost} since start) ${until}`);
  }

  wrote(): void {
    if (!this.failing) return;
    this.log(`traces are written to ${this.dir} again; ${this.failing.lost} were lost while it failed (${this.failing.cause})`);
    this.failing = null;
  }
}
