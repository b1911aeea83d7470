import { errorCode } from './thrown';

/**
 * Whether process `pid` still runs (EPERM: it does, as another user). A question to the OS
 * that changes nothing: a lock or a file left by a process is stale only once this says no.
 */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}
