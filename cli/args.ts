import { parseArgs } from 'node:util';
import { badArguments } from './exit-codes';
import { recordOf } from '@/lib/records';
import { errorMessage } from '@/lib/thrown';

export const DEFAULT_URL = 'http://127.0.0.1:3000';

/** One option of a command, as node:util parseArgs takes it. */
export type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };

/** Options that each take a value (`--name VALUE`), by name. */
export function valueOptions<const N extends string>(...names: N[]): Record<N, OptionSpec> {
  return recordOf(names, () => ({ type: 'string' }));
}

/** Options every command takes; each may also come from the environment. */
const GLOBAL_OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  project: { type: 'string', short: 'p' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, OptionSpec>;

export interface GlobalOptions {
  /** The API's base URL, without a trailing slash. */
  url: string;
  token: string | null;
  project: string | null;
  json: boolean;
  timeoutMs: number;
  help: boolean;
}

export type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

export interface ParsedCommand {
  global: GlobalOptions;
  values: Values;
  positionals: string[];
}

/** Parse one command's arguments (its own options plus the global ones); anything unknown is exit code 2. */
export function parseCommand(argv: string[], options: Record<string, OptionSpec>, env: Record<string, string | undefined>): ParsedCommand {
  let parsed: { values: Values; positionals: string[] };
  try {
    // Sound: parseArgs types its values from these very options; TypeScript cannot follow the spread of the two option sets.
    parsed = parseArgs({ args: argv, options: { ...GLOBAL_OPTIONS, ...options }, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (err) {
    throw badArguments(errorMessage(err).replace(/\. To specify a positional argument.*$/s, ''));
  }
  return { global: globalOptions(parsed.values, env), values: parsed.values, positionals: parsed.positionals };
}

function globalOptions(values: Values, env: Record<string, string | undefined>): GlobalOptions {
  const rawUrl = stringValue(values.url) ?? (env.FAVINDEX_URL || DEFAULT_URL);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw badArguments(`--url '${rawUrl}' is not a URL`, 'give the favindex address, e.g. --url http://127.0.0.1:3000');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badArguments(`--url '${rawUrl}' is not an http(s) URL`);
  const timeout = stringValue(values.timeout);
  return {
    url: url.toString().replace(/\/+$/, ''),
    token: stringValue(values.token) ?? (env.FAVINDEX_TOKEN || null),
    project: stringValue(values.project) ?? (env.FAVINDEX_PROJECT || null),
    json: values.json === true,
    timeoutMs: timeout === undefined ? 30_000 : integer(timeout, '--timeout', 1, 3_600) * 1_000,
    help: values.help === true,
  };
}

export function stringValue(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A whole number in [min, max], or exit code 2 naming the option. */
export function integer(raw: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw badArguments(`${name} must be a whole number, not '${raw}'`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw badArguments(`${name} must be ${min} to ${max}, not ${value}`);
  return value;
}

/** The option `name` as a whole number in [min, max] (see integer); undefined when it is not given. */
export function optionalInteger(values: Values, name: string, min: number, max: number): number | undefined {
  const raw = stringValue(values[name]);
  return raw === undefined ? undefined : integer(raw, `--${name}`, min, max);
}

/** A decimal number of `unit` in [min, max], or exit code 2 naming the option. */
export function decimal(raw: string, name: string, min: number, max: number, unit: string): number {
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value < min || value > max) throw badArguments(`${name} must be ${min} to ${max} ${unit}, not '${raw}'`);
  return value;
}

/** Seconds as the user gives them (decimals allowed), in milliseconds. */
export function seconds(raw: string, name: string, min: number, max: number): number {
  return Math.round(decimal(raw, name, min, max, 'seconds') * 1000);
}

/** --window in days, given as `30` or `30d`, from 1 to `maxDays`; undefined when not given. */
export function windowDays(value: Values[string], maxDays: number): number | undefined {
  const raw = stringValue(value);
  return raw === undefined ? undefined : integer(raw.replace(/d$/, ''), '--window', 1, maxDays);
}

/** --window as the API's query takes it (`30d`). */
export function windowQuery(value: Values[string], maxDays: number): string | undefined {
  const days = windowDays(value, maxDays);
  return days === undefined ? undefined : `${days}d`;
}

export function requireProject(global: GlobalOptions): string {
  if (!global.project) throw badArguments('which project? give --project <id> or set FAVINDEX_PROJECT');
  return global.project;
}
