import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProxyInstall } from '@/lib/onboarding/proxy-config';

/**
 * Where this favindex runs from, for the first-run step's client config: the server is started in
 * its checkout (Next reads `.next` from the working folder), so its `bin/favindex.mjs` is there,
 * and the snippet runs it with this very node, needing no `npm link` and no PATH. Null when the
 * server was started elsewhere; the page then says to run it from the checkout.
 */
export function proxyInstall(): ProxyInstall | null {
  const cli = path.join(process.cwd(), 'bin', 'favindex.mjs');
  if (!fs.existsSync(cli)) return null;
  return { node: process.execPath, cli, serversFile: path.join(os.homedir(), '.favindex', 'servers.json') };
}
