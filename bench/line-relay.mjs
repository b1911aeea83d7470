// The proxy bench's floor (issue #26): a process that only passes lines between its stdin/stdout
// and a stdio server's, parsing nothing. What it adds to a call is what any stdio proxy pays for
// the two extra pipe hops on this machine, before doing anything with a message.
//   node bench/line-relay.mjs <command> [args…]
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node bench/line-relay.mjs <command> [args…]\n');
  process.exit(2);
}
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });

/** Whole lines only, as a proxy that reads messages would pass them. */
function relay(from, to) {
  let held = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const text = held + chunk;
    const end = text.lastIndexOf('\n');
    if (end === -1) {
      held = text;
      return;
    }
    held = text.slice(end + 1);
    to.write(text.slice(0, end + 1));
  });
}

relay(process.stdin, server.stdin);
relay(server.stdout, process.stdout);
// The client went away: so does the server.
process.stdin.on('end', () => {
  server.kill();
  process.exit(0);
});
