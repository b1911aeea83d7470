import fs from 'node:fs';
import path from 'node:path';
import { BoundedMap } from '@/lib/bounded-map';
import { writeFailure } from './spool-files';

export interface SetAsideOptions {
  /** `<stateDir>/spool/rejected`: made when the first trace is set aside. */
  dir: string;
  /** The folder holds at most this much; the oldest files go first. */
  maxBytes: number;
  log(message: string): void;
}

/** Files a folder is kept in: the oldest goes whole when the folder is full. */
const FILES_KEPT = 4;
/** A line past this keeps only the fields that say which call it was. */
const MAX_LINE_BYTES = 64 * 1024;

/**
 * Traces favindex will never take (refused as invalid, or too large to send even alone): kept
 * for a person to look at, never sent again, so they hold up no newer trace. NDJSON lines of
 * `{setAsideAt, reason, message, event}` in `<time>-<pid>.ndjson` files, at most `maxBytes` in
 * all. Said on stderr once per reason; never throws (a disk that refuses them loses them).
 */
export class SetAside {
  /** Traces set aside since this process started. */
  count = 0;
  private file: { name: string; bytes: number } | null = null;
  private readonly said = new Set<string>();
  /** Ids set aside already: a segment sent again after a failure sets aside the same events again. */
  private readonly seen = new BoundedMap<string, true>(10_000);

  constructor(private readonly options: SetAsideOptions) {}

  /** Keep `event` (`reason`: an ingest error code, or TOO_LARGE) with favindex's `message`. */
  put(event: Record<string, unknown>, reason: string, message: string): void {
    const id = typeof event.id === 'string' ? event.id : null;
    if (id !== null && this.seen.get(id)) return;
    if (id !== null) this.seen.set(id, true);
    this.count++;
    if (!this.said.has(reason)) {
      this.said.add(reason);
      this.options.log(
        `favindex refused a trace (${reason}: ${message.slice(0, 300)}); it is set aside in ${this.options.dir} and not sent again, and newer traces go on (${this.count} set aside since start)`,
      );
    }
    let line = `${JSON.stringify({ setAsideAt: new Date().toISOString(), reason, message: message.slice(0, 1_000), event })}\n`;
    if (Buffer.byteLength(line) > MAX_LINE_BYTES) {
      const { id: _, tool, timestamp, client, sessionId } = event;
      line = `${JSON.stringify({ setAsideAt: new Date().toISOString(), reason, message: message.slice(0, 1_000), event: { id, tool, timestamp, client, sessionId } })}\n`;
    }
    try {
      this.write(line);
    } catch (err) {
      if (!this.said.has('write')) {
        this.said.add('write');
        this.options.log(`cannot keep set-aside traces in ${this.options.dir}: ${writeFailure(err)}; they are counted only`);
      }
    }
  }

  private write(line: string): void {
    const perFile = Math.floor(this.options.maxBytes / FILES_KEPT);
    const bytes = Buffer.byteLength(line);
    if (!this.file || this.file.bytes + bytes > perFile) {
      fs.mkdirSync(this.options.dir, { recursive: true });
      const kept = fs
        .readdirSync(this.options.dir)
        .filter((n) => n.endsWith('.ndjson'))
        .sort();
      for (const old of kept.slice(0, Math.max(0, kept.length - FILES_KEPT + 1))) fs.rmSync(path.join(this.options.dir, old), { force: true });
      this.file = { name: `${String(Date.now()).padStart(15, '0')}-${process.pid}-${this.count}.ndjson`, bytes: 0 };
    }
    if (bytes > perFile) return; // cannot be kept within the bound; counted all the same
    fs.appendFileSync(path.join(this.options.dir, this.file.name), line);
    this.file.bytes += bytes;
  }
}
