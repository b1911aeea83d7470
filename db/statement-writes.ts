/**
 * The tables a statement writes, read from its SQL text: drizzle's statements and the project's
 * own `sql` templates. Only what can be told for sure is told; whatever cannot (a statement of a
 * kind not known here, a target that is not a plain name, `select … into`) is null, which a
 * caller takes as "may write anything". Reads write nothing: the schema has no function that
 * writes but the surface notify trigger's (a test holds it to that).
 */

/** Statement kinds that write only what their INSERT/UPDATE/DELETE/MERGE/TRUNCATE targets name (none for a read). */
const KNOWN_KINDS = new Set([
  'select',
  'with',
  'values',
  'table',
  'insert',
  'update',
  'delete',
  'merge',
  'truncate',
  'show',
  'set',
  'reset',
  'begin',
  'start',
  'commit',
  'end',
  'rollback',
  'savepoint',
  'release',
  'listen',
  'unlisten',
  'lock',
]);

/** A word (lower-cased unless it was quoted: then it is a name, never a keyword) or one punctuation mark. */
interface Token {
  text: string;
  quoted: boolean;
}

/** The names of the tables `sqlText` writes (schema left off), or null when that cannot be told. */
export function tablesWritten(sqlText: string): ReadonlySet<string> | null {
  const written = new Set<string>();
  for (const statement of statements(tokenize(sqlText))) {
    const first = statement[0];
    if (!first || first.quoted || !KNOWN_KINDS.has(first.text)) return null;
    for (const [i, token] of statement.entries()) {
      const targets = targetsAt(statement, token, i);
      if (targets === null) return null;
      for (const t of targets) written.add(t);
    }
  }
  return written;
}

const isWord = (token: Token | undefined, word: string) => token !== undefined && !token.quoted && token.text === word;

/** The tables the keyword at `i` writes ([] when it writes none), or null when they cannot be told. */
function targetsAt(tokens: Token[], token: Token, i: number): string[] | null {
  if (token.quoted) return [];
  const before = tokens[i - 1];
  switch (token.text) {
    case 'insert':
    case 'merge':
      return isWord(tokens[i + 1], 'into') ? oneName(tokens, i + 2) : [];
    case 'into':
      // `select … into t` makes a table; INSERT and MERGE name theirs above.
      return isWord(before, 'insert') || isWord(before, 'merge') ? [] : null;
    case 'update':
      // `on conflict do update set` and MERGE's `then update set` write the table named above;
      // `for [no key] update` only locks.
      return isWord(tokens[i + 1], 'set') || isWord(before, 'for') || isWord(before, 'key') ? [] : oneName(tokens, i + 1);
    case 'delete':
      return isWord(tokens[i + 1], 'from') ? oneName(tokens, i + 2) : [];
    case 'truncate':
      return nameList(tokens, i + 1);
    default:
      return [];
  }
}

/** The table named at `i` (after ONLY, schema left off), or null when no plain name is there. */
function oneName(tokens: Token[], i: number): string[] | null {
  const parsed = nameAt(tokens, i);
  return parsed && [parsed.name];
}

function nameList(tokens: Token[], start: number): string[] | null {
  const names: string[] = [];
  let i = isWord(tokens[start], 'table') ? start + 1 : start;
  for (;;) {
    const parsed = nameAt(tokens, i);
    if (!parsed) return null;
    names.push(parsed.name);
    if (tokens[parsed.next]?.text !== ',' || tokens[parsed.next]?.quoted) return names;
    i = parsed.next + 1;
  }
}

function nameAt(tokens: Token[], start: number): { name: string; next: number } | null {
  let i = isWord(tokens[start], 'only') ? start + 1 : start;
  let name: string | null = null;
  for (;;) {
    const token = tokens[i];
    if (!token || !isName(token)) return null;
    name = token.text;
    i++;
    if (!isWord(tokens[i], '.')) return { name, next: i };
    i++;
  }
}

const isName = (token: Token) => token.quoted || /^[a-z_][a-z0-9_$]*$/.test(token.text);

function statements(tokens: Token[]): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    if (!isWord(token, ';')) current.push(token);
    else if (current.length > 0) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Words, quoted names and punctuation; comments, string constants and parameters ($1) left out.
 * An unterminated string or quoted name ends the text (it cannot be run as it is anyway).
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    const next = text[i + 1];
    if (/\s/.test(c)) i++;
    else if (c === '-' && next === '-') i = endOf(text, '\n', i + 2);
    else if (c === '/' && next === '*') i = endOf(text, '*/', i + 2);
    else if (c === "'") i = endOfQuoted(text, "'", i + 1, /[eE]/.test(text[i - 1] ?? '') && !/[\w$]/.test(text[i - 2] ?? ''));
    else if (c === '"') {
      const end = endOfQuoted(text, '"', i + 1, false);
      tokens.push({ text: text.slice(i + 1, end - 1).replaceAll('""', '"'), quoted: true });
      i = end;
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) i = endOf(text, tag[0], i + tag[0].length);
      else i = skipWhile(text, i + 1, /[0-9]/);
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const end = skipWhile(text, i + 1, /[A-Za-z0-9_$\u0080-\uffff]/);
      tokens.push({ text: text.slice(i, end).toLowerCase(), quoted: false });
      i = end;
    } else {
      tokens.push({ text: c, quoted: false });
      i++;
    }
  }
  return tokens;
}

function endOf(text: string, closer: string, from: number): number {
  const at = text.indexOf(closer, from);
  return at === -1 ? text.length : at + closer.length;
}

/** Past the closing quote; a doubled quote is one inside it, and so is a backslash-escaped one in E'…'. */
function endOfQuoted(text: string, quote: string, from: number, backslashEscapes: boolean): number {
  let i = from;
  while (i < text.length) {
    const c = text.charAt(i);
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote && text[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  return text.length;
}

function skipWhile(text: string, from: number, pattern: RegExp): number {
  let i = from;
  while (i < text.length && pattern.test(text.charAt(i))) i++;
  return i;
}
