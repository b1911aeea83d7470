import type { ChildProcess } from 'node:child_process';

/**
 * Stop a child the way it asks to be stopped (`signal`), and SIGKILL it if it has not exited
 * after `graceMs`; resolves once it has exited.
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(force);
}
