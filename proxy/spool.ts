import fs from 'node:fs';
import path from 'node:path';
import { SetAside } from './set-aside';
import {
  countLines,
  dropOldestSealed,
  fileSize,
  OPEN,
  READY,
  readSegment,
  sealOrphans,
  type SegmentContent,
  segmentsIn,
  WriteTrouble,
  writeFailure,
} from './spool-files';
import { StartedCalls } from './started-calls';
import { errorCode } from '@/lib/thrown';

export interface SpoolOptions {
  dir: string;
  /** The whole spool, the segment being written included. */
  maxBytes: number;
  /** A segment is sealed (ready to send) at this many events … */
  segmentEvents: number;
  /** … or this long after its first event. */
  sealAfterMs: number;
  /** Appends reach the disk (fsync) at most this long after they were written. */
  fsyncMs: number;
  log(message: string): void;
}

interface OpenSegment {
  name: string;
  fd: number;
  bytes: number;
  events: number;
  dirty: boolean;
}

/**
 * Traces on disk before they are sent: append-only NDJSON segments. This process appends to
 * its own `<time>-<pid>-<seq>.open` file with a synchronous write per event (a SIGKILL after
 * the write loses nothing) and fsyncs it every `fsyncMs`; a segment is sealed by renaming it
 * to `.ready`, which the sender posts and then deletes. Segments left `.open` by a process
 * that died are sealed by the next one to start. Past `maxBytes` the oldest sealed segments
 * are dropped, and how many events that lost is counted and logged. A trace the disk will not
 * take (full, read-only, too many open files) is lost and counted, never an error of its call.
 * A call under way is kept apart as started (StartedCalls) until its trace is appended.
 */
export class Spool {
  private current: OpenSegment | null = null;
  private seq = 0;
  private sealTimer: NodeJS.Timeout | null = null;
  private readonly fsyncTimer: NodeJS.Timeout;
  private readonly segmentBytes: number;
  /** Events dropped because the spool was full, since this process started. */
  dropped = 0;
  /** Traces the disk refused: how many, and why the last one was. */
  readonly trouble: WriteTrouble;
  /** Traces favindex will never take, kept in `rejected/` (a quarter of the spool's size, 1 MiB at most). */
  readonly rejected: SetAside;
  onSealed: (() => void) | null = null;
  /** Calls under way, each on disk as started until its trace is appended (§events). */
  private readonly started: StartedCalls;

  constructor(private readonly options: SpoolOptions) {
    this.trouble = new WriteTrouble(options.dir, options.log);
    this.rejected = new SetAside({ dir: path.join(options.dir, 'rejected'), maxBytes: Math.min(1 << 20, Math.floor(options.maxBytes / 4)), log: options.log });
    // Always room for several segments, so dropping the oldest leaves the newest.
    // At most 4 MiB: a segment is one request to favindex, which takes 10 MiB.
    this.segmentBytes = Math.min(4 << 20, Math.max(4_096, Math.floor(options.maxBytes / 8)));
    try {
      fs.mkdirSync(options.dir, { recursive: true });
      sealOrphans(options.dir);
    } catch (err) {
      // The calls go on without it; each trace tries the disk again.
      this.trouble.failed(err, false);
    }
    this.fsyncTimer = setInterval(() => this.sync(), options.fsyncMs);
    this.fsyncTimer.unref();
    this.started = new StartedCalls(options.dir, options.log, (trace) => this.append(trace));
    // What a killed proxy had under way, once each, as of unknown outcome.
    this.started.recover();
  }

  /**
   * A call is about to go to its server: `trace`, its trace so far (status unknown), is on disk
   * when this returns, and is what the spool sends if the proxy dies before the call's own trace,
   * of the same id, is appended.
   */
  begin(trace: Record<string, unknown>): void {
    this.started.begin(trace);
  }

  /** The trace of a call that has ended, built by `trace`, appended after its answer leaves if the call was begun (StartedCalls.traceAfterAnswer). */
  appendAfterAnswer(id: string, trace: () => Record<string, unknown>): void {
    this.started.traceAfterAnswer(id, trace);
  }

  /**
   * Write one event; it is on disk (in the OS's cache, fsynced soon) when this returns. Never
   * throws: a trace the disk refuses is lost and counted, and the call it traces goes on.
   */
  append(event: Record<string, unknown>): void {
    let segment: OpenSegment;
    try {
      segment = this.write(`${JSON.stringify(event)}\n`);
    } catch (err) {
      this.trouble.failed(err, true);
      return;
    } finally {
      // Its started trace is done with, written or not: a trace the disk refused is lost and counted.
      if (typeof event.id === 'string') this.started.end(event.id);
    }
    this.trouble.wrote();
    if (segment.events >= this.options.segmentEvents || segment.bytes >= this.segmentBytes) this.seal();
    else if (!this.sealTimer) {
      this.sealTimer = setTimeout(() => this.seal(), this.options.sealAfterMs);
      this.sealTimer.unref();
    }
  }

  /** The whole line or nothing of it: a write cut short (ENOSPC mid-line) is cut off again. */
  private write(text: string): OpenSegment {
    let segment = this.current;
    // Written as text, and made a buffer only for a write cut short: one copy fewer per trace (#26).
    const bytes = Buffer.byteLength(text);
    // Sealed before it grows past segmentBytes, so a segment stays one request's worth.
    if (segment && segment.events > 0 && segment.bytes + bytes > this.segmentBytes) {
      this.seal();
      segment = null;
    }
    if (!segment) {
      this.makeRoom(this.segmentBytes);
      segment = this.openSegment();
    }
    let written = 0;
    try {
      written = fs.writeSync(segment.fd, text);
      if (written < bytes) {
        const line = Buffer.from(text);
        while (written < bytes) {
          const n = fs.writeSync(segment.fd, line, written);
          if (n <= 0) throw Object.assign(new Error('the disk took no bytes'), { code: 'ENOSPC' });
          written += n;
        }
      }
    } catch (err) {
      this.cutBack(segment, written > 0);
      throw err;
    }
    segment.bytes += bytes;
    segment.events++;
    segment.dirty = true;
    return segment;
  }

  /**
   * After a failed write: a segment with nothing in it is let go (its file and descriptor freed);
   * a torn last line is cut off, or, when even that fails, the segment is sealed as it is, so
   * the torn line is the only damaged one (the reader skips it) and the next trace starts a new
   * segment.
   */
  private cutBack(segment: OpenSegment, torn: boolean): void {
    try {
      if (segment.events === 0) {
        this.detach();
        fs.closeSync(segment.fd);
        fs.rmSync(path.join(this.options.dir, segment.name), { force: true });
        return;
      }
      if (torn) fs.ftruncateSync(segment.fd, segment.bytes);
    } catch {
      this.seal();
    }
  }

  /** Sealed segments, oldest first. */
  ready(): string[] {
    return segmentsIn(this.options.dir, READY);
  }

  /** The events of a sealed segment (null once it is gone); a line torn by a crash mid-write is skipped and counted. */
  read(segment: string): Promise<SegmentContent | null> {
    return readSegment(path.join(this.options.dir, segment));
  }

  remove(segment: string): void {
    fs.rmSync(path.join(this.options.dir, segment), { force: true });
  }

  /**
   * Seal the segment being written (if it holds anything) so the sender can take it: on disk
   * first, then renamed. Off the event loop, so a slow disk does not hold up the calls; a
   * crash before the rename leaves it `.open`, and the next start seals it.
   */
  seal(): void {
    const segment = this.detach();
    if (!segment) return;
    const from = path.join(this.options.dir, segment.name);
    const to = path.join(this.options.dir, segment.name.slice(0, -OPEN.length) + READY);
    fs.fsync(segment.fd, () => {
      fs.close(segment.fd, () => {
        fs.rename(from, to, (err) => {
          if (err) this.options.log(`cannot seal ${segment.name}: ${err.message}`);
          this.syncDir();
          this.onSealed?.();
        });
      });
    });
  }

  /** Seal what is open, synchronously, and stop the timers (a clean shutdown). */
  close(): void {
    clearInterval(this.fsyncTimer);
    this.started.close();
    const segment = this.detach();
    if (!segment) return;
    try {
      fs.fsyncSync(segment.fd);
      fs.closeSync(segment.fd);
      fs.renameSync(path.join(this.options.dir, segment.name), path.join(this.options.dir, segment.name.slice(0, -OPEN.length) + READY));
    } catch (err) {
      this.options.log(`cannot seal ${segment.name}: ${writeFailure(err)}; the next start sends it`);
    }
    this.syncDir();
  }

  private detach(): OpenSegment | null {
    if (this.sealTimer) clearTimeout(this.sealTimer);
    this.sealTimer = null;
    const segment = this.current;
    this.current = null;
    return segment;
  }

  /** The traces waiting, sealed and open: how many, their bytes, and when the oldest was written (by its segment's name; null when none waits). */
  backlog(): { events: number; bytes: number; oldestAt: number | null } {
    const ready = this.ready();
    let [events, bytes] = [this.current?.events ?? 0, this.current?.bytes ?? 0];
    for (const file of ready.map((name) => path.join(this.options.dir, name))) {
      events += countLines(file);
      bytes += fileSize(file);
    }
    const oldest = ready[0] ?? this.current?.name;
    return { events, bytes, oldestAt: oldest === undefined ? null : Number(oldest.split('-')[0]) };
  }

  /** Events waiting in sealed segments and the open one (for status lines and tests). */
  pending(): number {
    return this.backlog().events;
  }

  private openSegment(): OpenSegment {
    const name = `${String(Date.now()).padStart(15, '0')}-${process.pid}-${String(this.seq++).padStart(6, '0')}${OPEN}`;
    const file = path.join(this.options.dir, name);
    let fd: number;
    try {
      fd = fs.openSync(file, 'a');
    } catch (err) {
      // The folder was not made at start (or was removed since): make it and try once more.
      if (errorCode(err) !== 'ENOENT') throw err;
      fs.mkdirSync(this.options.dir, { recursive: true });
      fd = fs.openSync(file, 'a');
    }
    this.current = { name, fd, bytes: 0, events: 0, dirty: false };
    return this.current;
  }

  private sync(): void {
    const segment = this.current;
    if (!segment?.dirty) return;
    segment.dirty = false;
    fs.fsync(segment.fd, () => {});
  }

  /** Make the renames durable. Some file systems cannot fsync a directory; the renames still happened. */
  private syncDir(): void {
    fs.open(this.options.dir, 'r', (err, fd) => {
      if (err) return;
      fs.fsync(fd, () => fs.close(fd, () => {}));
    });
  }

  /** Drop the oldest sealed segments until `incoming` more bytes fit under maxBytes, and say what that lost. */
  private makeRoom(incoming: number): void {
    const lost = dropOldestSealed(this.options.dir, this.options.maxBytes, incoming);
    if (lost === 0) return;
    this.dropped += lost;
    const kib = Math.round(this.options.maxBytes / 1024);
    this.options.log(`trace spool full (${kib} KiB): dropped the ${lost} oldest unsent events (${this.dropped} since start); is favindex reachable?`);
  }
}
