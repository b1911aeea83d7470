/**
 * The `favindex` command (bin/favindex.mjs runs the bundle of this file, dist/cli.mjs).
 * Everything is in run.ts; this only connects it to the process.
 */
import { runCli } from './run';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  // Sound: stdin is read without an encoding, so every chunk is a Buffer.
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin,
  env: process.env,
});
// Let stdout drain (a pipe into `head` or a file) before the exit code is set.
process.exitCode = code;
