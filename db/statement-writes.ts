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

/** One token per punctuation mark, shared: a bulk INSERT's commas and brackets are tens of thousands. */
const PUNCTUATION = new Map<string, Token>();
function punctuation(mark: string): Token {
  let token = PUNCTUATION.get(mark);
  if (!token) {
    token = { text: mark, quoted: false };
    if (PUNCTUATION.size < 256) PUNCTUATION.set(mark, token);
  }
  return token;
}

const DOLLAR_TAG = /\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/y;

/**
 * Words, quoted names and punctuation; comments, string constants and parameters ($1) left out.
 * An unterminated string, comment or quoted name ends the text (it cannot be run as it is
 * anyway). Characters are compared by code: a 1,000-row INSERT is 150 kB of text.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (isBlank(c)) i++;
    else if (c === DASH && next === DASH) i = endOf(text, '\n', i + 2);
    else if (c === SLASH && next === STAR) i = endOf(text, '*/', i + 2);
    else if (c === QUOTE) i = endOfQuoted(text, QUOTE, i + 1, isEscapeStringPrefix(text, i));
    else if (c === DOUBLE_QUOTE) {
      const end = endOfQuoted(text, DOUBLE_QUOTE, i + 1, false);
      tokens.push({ text: text.slice(i + 1, end - 1).replaceAll('""', '"'), quoted: true });
      i = end;
    } else if (c === DOLLAR) {
      DOLLAR_TAG.lastIndex = i;
      const tag = DOLLAR_TAG.exec(text);
      if (tag) i = endOf(text, tag[0], i + tag[0].length);
      else while (++i < text.length && isDigit(text.charCodeAt(i)));
    } else if (startsWord(c)) {
      const start = i;
      while (++i < text.length && inWord(text.charCodeAt(i)));
      tokens.push({ text: text.slice(start, i).toLowerCase(), quoted: false });
    } else {
      tokens.push(punctuation(text.charAt(i)));
      i++;
    }
  }
  return tokens;
}

// - / * ' " $ \ by their codes.
const DASH = 45;
const SLASH = 47;
const STAR = 42;
const QUOTE = 39;
const DOUBLE_QUOTE = 34;
const DOLLAR = 36;
const BACKSLASH = 92;
const isBlank = (c: number) => c === 32 || (c >= 9 && c <= 13);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c >= 128;
const startsWord = isLetter;
const inWord = (c: number) => isLetter(c) || isDigit(c) || c === DOLLAR;

/** A quote at `i` opens E'…' (backslash escapes) when an E stands alone right before it. */
function isEscapeStringPrefix(text: string, i: number): boolean {
  const e = text.charCodeAt(i - 1);
  return (e === 69 || e === 101) && !(i >= 2 && inWord(text.charCodeAt(i - 2)));
}

function endOf(text: string, closer: string, from: number): number {
  const at = text.indexOf(closer, from);
  return at === -1 ? text.length : at + closer.length;
}

/** Past the closing quote; a doubled quote is one inside it, and so is a backslash-escaped one in E'…'. */
function endOfQuoted(text: string, quote: number, from: number, backslashEscapes: boolean): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (backslashEscapes && c === BACKSLASH) i += 2;
    else if (c === quote && text.charCodeAt(i + 1) === quote) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  return text.length;
}
