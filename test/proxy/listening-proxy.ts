import { type ChildProcess, spawn } from 'node:child_process';
import { ROOT } from './harness';

export interface ListeningProxy {
  child: ChildProcess;
  /** The Streamable HTTP endpoint it printed (`--listen 127.0.0.1:0` picks the port). */
  url: string;
  stderr(): string;
}

/**
 * The built `favindex proxy --listen …` as a child process, once it says where it listens: the
 * promise settles on that line of its stderr (or fails when it exits first, with what it said),
 * not on a poll of its output. `args` come from proxyArgs, with --listen among them.
 */
export function listeningProxy(args: string[], env: Record<string, string> = {}): Promise<ListeningProxy> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`favindex proxy exited (${code}) before it listened:\n${stderr}`));
    child.once('exit', onExit);
    child.stderr?.on('data', (chunk: Buffer) => {
      const before = stderr;
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (!match || /listening on (http:\/\/\S+\/mcp)/.test(before)) return;
      child.off('exit', onExit);
      resolve({ child, url: match[1]!, stderr: () => stderr });
    });
  });
}
