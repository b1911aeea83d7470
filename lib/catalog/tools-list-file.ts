import { BODY_LIMITS } from '@/lib/limits';
import { isServerName } from '@/lib/names/canonical';
import { type CatalogTool, toolsListSchema } from '@/lib/schemas/catalog';
import { issueDetails, PLAIN_ERRORS } from '@/lib/validation';
import { errorMessage } from '@/lib/thrown';
import { isObject } from '@/lib/records';

/** A `tools/list` file read for upload: its tools and the server it names, or why it cannot be used. */
export type ToolsListFile =
  | {
      ok: true;
      tools: CatalogTool[];
      /** The server the file names itself (`"server": "github"`), if it does. */
      server: string | null;
      /** A server name read off the file name (`github.json` → `github`), to offer when the file names none. */
      suggestedServer: string | null;
    }
  | { ok: false; problem: string };

const SHOWN_PROBLEMS = 3;

/** Too big to upload: the PUT would be refused; say so before reading it. */
export function fileTooLarge(bytes: number): string | null {
  if (bytes <= BODY_LIMITS.catalog) return null;
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `The file is ${mib(bytes)}; a catalog upload is at most ${mib(BODY_LIMITS.catalog)}.`;
}

/**
 * Read what a person drops on the Catalog tab: a `tools/list` result (`{"tools": […]}`, as the
 * CLI and the API take it, optionally with `"server"`), the JSON-RPC response that carries one
 * (`{"result": {"tools": […]}}`), or a bare list of tools. Problems are said in plain words.
 */
export function readToolsListFile(text: string, fileName = ''): ToolsListFile {
  if (text.trim() === '') return { ok: false, problem: 'The file is empty.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, problem: `The file is not JSON: ${errorMessage(err)}.` };
  }
  const unwrapped = unwrap(value);
  if ('problem' in unwrapped) return { ok: false, problem: unwrapped.problem };
  const parsed = toolsListSchema.safeParse({ tools: unwrapped.tools }, PLAIN_ERRORS);
  if (!parsed.success) {
    const details = issueDetails(parsed.error);
    const lines = details.slice(0, SHOWN_PROBLEMS).map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
    const more = details.length > SHOWN_PROBLEMS ? ` (and ${details.length - SHOWN_PROBLEMS} more)` : '';
    return { ok: false, problem: `The tools list is not valid: ${lines.join('; ')}${more}.` };
  }
  const named = unwrapped.server;
  return {
    ok: true,
    tools: parsed.data.tools,
    server: named !== null && isServerName(named) ? named : null,
    suggestedServer: serverFromFileName(fileName),
  };
}

function unwrap(value: unknown): { tools: unknown[]; server: string | null } | { problem: string } {
  if (Array.isArray(value)) return { tools: value, server: null };
  if (!isObject(value)) return { problem: 'The file holds a single value, not a tools/list result like {"tools": [{"name": …}]}.' };
  if (isObject(value.error) && !('result' in value)) {
    const message = typeof value.error.message === 'string' ? `: ${value.error.message}` : '';
    return { problem: `The file is a JSON-RPC error response${message}, not a tools/list result.` };
  }
  const server = typeof value.server === 'string' ? value.server : null;
  const holder = isObject(value.result) ? value.result : value;
  if (!('tools' in holder)) return { problem: 'The file has no "tools" list: upload the result of tools/list, like {"tools": [{"name": …}]}.' };
  if (!Array.isArray(holder.tools)) return { problem: 'The file\'s "tools" is not a list.' };
  return { tools: holder.tools, server };
}

/** `github.json`, `github-tools-list.json`, `tools-list.github.json` → `github`, when that is a server name. */
export function serverFromFileName(fileName: string): string | null {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.json$/i, '');
  const name = base
    .replace(/[-_.]?tools[-_.]?list[-_.]?/i, '')
    .replace(/[-_.]?tools$/i, '')
    .replace(/^[-_.]+|[-_.]+$/g, '');
  return name && isServerName(name) ? name : null;
}
