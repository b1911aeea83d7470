import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '@/lib/process-alive';
import { spooledIds, writeFailure } from './spool-files';
import { errorMessage } from '@/lib/thrown';
import { isObject } from '@/lib/records';

/** Past this, the journal is written again with only the calls under way (it is never cut shorter before). */
const COMPACT_BYTES = 1 << 20;
/** Ends not yet noted are written with the next call's start, or after this long. */
const END_NOTE_MS = 200;

/**
 * Calls sent to a server and not yet traced, on disk (§events, a call under way): before a call
 * goes to its server, its trace as it stands then (status `unknown`, no duration) is appended to
 * this process's journal, `<spool>/started/<time>-<pid>-<n>.ndjson`. Once the call's own trace is
 * in the spool, an `{"ended": id}` line says so, written with the next call's start (one write a
 * call) or END_NOTE_MS later. Past COMPACT_BYTES the journal is written again with the calls
 * under way only; it is not cut back sooner, so it never hands the spool back room, a block at a
 * time, that a full disk would then flap over. A proxy killed mid-call (SIGKILL, a crash) leaves
 * the started traces of its calls there, and the next proxy to start on the folder moves them
 * into the spool: each such call is then sent once, as of unknown outcome. Its trace and the
 * started one share their id, so ingest never counts a call twice, whichever reaches it; an end
 * the kill kept from the journal costs at most a trace sent again (favindex counts it once).
 * Never throws: a journal the disk refuses only costs the trace of a call under way at a kill.
 */
export class StartedCalls {
  private fd: number | null = null;
  private file = '';
  private bytes = 0;
  /** The calls under way, by id: their started lines, to write again when the journal is compacted. */
  private readonly open = new Map<string, string>();
  private failing = false;
  private seq = 0;
  /** `{"ended": id}` lines not written yet. */
  private ends = '';
  private endTimer: NodeJS.Timeout | null = null;

  private readonly dir: string;
  /** Traces of answered calls, to append once their answers have left (traceAfterAnswer). */
  private owed: Array<() => Record<string, unknown>> = [];

  /** The journals of the spool in `spoolDir` (`started/` in it); `append` puts a trace in the spool. */
  constructor(
    private readonly spoolDir: string,
    private readonly log: (message: string) => void,
    private readonly append: (trace: Record<string, unknown>) => void,
  ) {
    this.dir = path.join(spoolDir, 'started');
  }

  /** The call is about to go to its server: its trace as of now, on disk before this returns. */
  begin(trace: Record<string, unknown>): void {
    if (typeof trace.id !== 'string') return;
    const line = `${JSON.stringify(trace)}\n`;
    this.open.set(trace.id, line);
    this.write(this.takeEnds() + line);
  }

  /**
   * The trace of a call that has ended, built by `trace`. A call begun here (on disk as started)
   * gets it once this turn of the event loop is done, when the call's answer has left: the append
   * is then off the answer's path (#47), and a proxy killed in between still sends the call, as
   * of unknown outcome. Any other call's trace is appended now, before its answer leaves.
   */
  traceAfterAnswer(id: string, trace: () => Record<string, unknown>): void {
    if (!this.open.has(id)) {
      this.append(trace());
      return;
    }
    if (this.owed.length === 0) setImmediate(() => this.appendOwed());
    this.owed.push(trace);
  }

  private appendOwed(): void {
    const owed = this.owed;
    this.owed = [];
    for (const trace of owed) this.append(trace());
  }

  /** The call's own trace is in the spool: its started trace is done with. */
  end(id: string): void {
    if (!this.open.delete(id)) return;
    if (this.bytes > COMPACT_BYTES) {
      this.compact();
      return;
    }
    this.ends += `${JSON.stringify({ ended: id })}\n`;
    if (this.endTimer) return;
    this.endTimer = setTimeout(() => {
      this.endTimer = null;
      if (this.ends) this.write(this.takeEnds());
    }, END_NOTE_MS);
    this.endTimer.unref();
  }

  private takeEnds(): string {
    const ends = this.ends;
    this.ends = '';
    return ends;
  }

  /** A clean stop: the journal is removed when no call is under way (else it is left for the next start). */
  close(): void {
    this.appendOwed();
    if (this.endTimer) clearTimeout(this.endTimer);
    this.endTimer = null;
    if (this.open.size > 0 && this.ends) this.write(this.takeEnds());
    if (this.fd === null || this.open.size > 0) return;
    try {
      fs.closeSync(this.fd);
      fs.rmSync(this.file, { force: true });
    } catch {
      // Empty: the next start removes it.
    }
    this.fd = null;
  }

  /**
   * Journals left by processes that are gone: each started call without an end and whose trace
   * the spool does not hold is handed to `append` (into the spool), then the journal is removed.
   */
  recover(): void {
    for (const name of this.journals()) {
      const pid = Number(name.split('-')[1]);
      if (pid === process.pid || processAlive(pid)) continue;
      const file = path.join(this.dir, name);
      try {
        const started = unended(fs.readFileSync(file, 'utf8'));
        // A trace appended just before the kill, its end not yet noted, is in the spool already.
        const found = started.size > 0 ? spooledIds(this.spoolDir, [...started.keys()]) : new Set<string>();
        for (const [id, trace] of started) if (!found.has(id)) this.append(trace);
        fs.rmSync(file, { force: true });
      } catch (err) {
        this.log(`cannot read the calls a stopped proxy left under way (${file}): ${errorMessage(err)}; tried again at the next start`);
      }
    }
  }

  private journals(): string[] {
    try {
      return fs.readdirSync(this.dir).filter((name) => name.endsWith('.ndjson'));
    } catch {
      return [];
    }
  }

  private write(line: string): void {
    try {
      if (this.fd === null) this.openJournal();
      // biome-ignore lint/style/noNonNullAssertion: openJournal sets fd or throws.
      this.bytes += fs.writeSync(this.fd!, line);
      this.failing = false;
    } catch (err) {
      this.trouble(err);
    }
  }

  /** The journal written again with only the calls under way, and put in place of the old one. */
  private compact(): void {
    const old = this.fd;
    const oldFile = this.file;
    this.fd = null;
    this.bytes = 0;
    this.ends = '';
    for (const line of this.open.values()) this.write(line);
    if (old === null) return;
    try {
      fs.closeSync(old);
      fs.rmSync(oldFile, { force: true });
    } catch (err) {
      this.trouble(err);
    }
  }

  private openJournal(): void {
    fs.mkdirSync(this.dir, { recursive: true });
    this.file = path.join(this.dir, `${String(Date.now()).padStart(15, '0')}-${process.pid}-${this.seq++}.ndjson`);
    this.fd = fs.openSync(this.file, 'a');
    this.bytes = 0;
  }

  private trouble(err: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.log(`cannot note calls under way in ${this.dir}: ${writeFailure(err)}; a call under way when the proxy is killed then leaves no trace`);
  }
}

/** The started traces of a journal whose end is not noted, by id; a line torn by the kill is skipped. */
function unended(text: string): Map<string, Record<string, unknown>> {
  const started = new Map<string, Record<string, unknown>>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isObject(record)) continue;
    if (typeof record.ended === 'string') started.delete(record.ended);
    else if (typeof record.id === 'string') started.set(record.id, record);
  }
  return started;
}
