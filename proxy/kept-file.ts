import fs from 'node:fs';
import path from 'node:path';
import { errorMessage } from '@/lib/thrown';

/**
 * Keep `value` as JSON in `file` for the next start: written whole to a temporary file, then
 * renamed over the old one, so a crash mid-write leaves the last whole copy, never half of one.
 * What the proxy keeps is a help to its next start, not its duty: a failure is logged, not thrown.
 */
export function keepJson(file: string, value: unknown, what: string, log: (message: string) => void): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(value));
    fs.renameSync(tmp, file);
  } catch (err) {
    log(`cannot keep ${what} on disk: ${errorMessage(err)}`);
  }
}
