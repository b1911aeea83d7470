import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { TokenMethodId } from './targets';

/**
 * Names whose tokens are counted apart from the rest of their definition: ASCII letters and
 * digits at both ends, `_ . / : -` between. o200k_base splits a text into pieces by a regex and
 * counts each piece on its own; such a name never shares a piece with the text around it (in
 * `type <name> = (` the space before it joins its first piece, in `{"name":"<name>","` the quote
 * before it joins `":"`), so a definition's tokens are its tokens under any other such name, less
 * that name's, plus this one's. token-names.test.ts checks the sum against the count of the whole.
 */
const PLAIN_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9_./:-]*[A-Za-z0-9])?$/;

/**
 * Where a plain name splits into segments counted apart: before each run of `_ . / : -` that
 * follows a letter or digit, and after each such run of two or more that a letter or digit
 * follows. o200k_base cuts a text into pieces by a regex and counts each piece on its own, and
 * no piece of a plain name spans these places (a piece is letters with at most one mark before
 * them, up to three digits, or a run of marks), so the name's tokens are its segments' tokens
 * added up. A client's name (`mcp__favindex__` or `mcp_favindex_` and the presented name) then
 * costs the counts of segments every other name shares: `mcp`, `_favindex`, `_create`, `_issue`.
 */
const SEGMENT_BOUNDARY = /(?<=[A-Za-z0-9])(?=[_./:-])|(?<=[_./:-]{2})(?=[A-Za-z0-9])/;
const MARK = /[_./:-]/;
/** What may come before a plain name so that the two are counted apart (PrefixedName): a letter or digit first, then plain characters, a mark last. */
const PREFIX = /^[A-Za-z0-9][A-Za-z0-9_./:-]*[_./:-]$/;

/**
 * Segments' tokens (alone, or the first of a name after a space), and each name's NameTokens,
 * kept by text. Cleared when full: the names and segments of a 50,000-tool catalog through a
 * few clients.
 */
const MAX_COUNTED = 400_000;
const segments = new Map<string, number>();
const names = new Map<string, NameTokens>();

function segmentTokens(segment: string): number {
  let n = segments.get(segment);
  if (n === undefined) {
    n = countTokens(segment);
    if (segments.size >= MAX_COUNTED) segments.clear();
    segments.set(segment, n);
  }
  return n;
}

/** A plain text's tokens from its segments': alone, or after a space (the first segment's count is then of it after the space). */
function segmentedTokens(text: string, spaced: boolean): number {
  let count = 0;
  for (const [i, segment] of text.split(SEGMENT_BOUNDARY).entries()) count += segmentTokens(i === 0 && spaced ? ` ${segment}` : segment);
  return count;
}

/** A plain name's first segment: its leading letters and digits (the first boundary is before its first mark). */
function leadOf(name: string): string {
  const end = name.search(MARK);
  return end < 0 ? name : name.slice(0, end);
}

/**
 * One name's own tokens: whether it is plain, and a plain name's piece of a definition, alone
 * (in Anthropic's JSON, in a list of names) and after a space (OpenAI's rendering), each
 * counted on first need. One per name text (nameTokensOf); a client's name form holds its
 * name's, so a list through that client reads its counts instead of looking each name up.
 */
export class NameTokens {
  readonly plain: boolean;
  // Private to the class (#): counts not yet asked for are no part of what the name is.
  #alone = -1;
  #spaced = -1;
  /** The name is a prefix's and another name's, counted from theirs (prefixedNameTokens). */
  readonly #prefixed: { prefix: PrefixTokens; after: NameTokens } | null;

  constructor(
    readonly name: string,
    prefixed: { prefix: PrefixTokens; after: NameTokens } | null = null,
  ) {
    this.#prefixed = prefixed;
    this.plain = prefixed !== null || PLAIN_NAME.test(name);
  }

  /** The name's piece under a method (a plain name's only). */
  piece(method: TokenMethodId): number {
    if (method !== 'openai-functions') return this.aloneTokens();
    if (this.#spaced < 0) this.#spaced = this.#count(true);
    return this.#spaced;
  }

  /** The name alone (a plain name's only). */
  aloneTokens(): number {
    if (this.#alone < 0) this.#alone = this.#count(false);
    return this.#alone;
  }

  #count(spaced: boolean): number {
    // The space joins the first segment alone: from the other count, one segment's counts tell this one.
    const other = spaced ? this.#alone : this.#spaced;
    if (other >= 0 && !this.#prefixed) {
      const lead = leadOf(this.name);
      return spaced ? other - segmentTokens(lead) + segmentTokens(` ${lead}`) : other - segmentTokens(` ${lead}`) + segmentTokens(lead);
    }
    return this.#prefixed ? this.#prefixed.prefix.tokens(this.#prefixed.after, spaced) : segmentedTokens(this.name, spaced);
  }
}

export function nameTokensOf(name: string): NameTokens {
  let counted = names.get(name);
  if (!counted) {
    counted = new NameTokens(name);
    if (names.size >= MAX_COUNTED) names.clear();
    names.set(name, counted);
  }
  return counted;
}

/**
 * A prefix that every name of a client's starts with (`mcp__favindex__`), counted once. It ends
 * with a mark, so a plain name after it starts a segment (after two or more marks) or shares its
 * first segment with the prefix's last mark alone (`_` + `create` in `mcp_favindex_create_issue`):
 * the whole name's tokens are the prefix's and the name's, with no new name split.
 */
class PrefixTokens {
  /** The segments before the mark that joins the name, alone and after a space; that mark ('' after two or more). */
  private readonly head: { alone: number; spaced: number };
  private readonly glue: string;

  constructor(prefix: string) {
    const single = !MARK.test(prefix.charAt(prefix.length - 2));
    const head = single ? prefix.slice(0, -1) : prefix;
    this.glue = single ? prefix.slice(-1) : '';
    this.head = { alone: segmentedTokens(head, false), spaced: segmentedTokens(head, true) };
  }

  tokens(after: NameTokens, spaced: boolean): number {
    const head = spaced ? this.head.spaced : this.head.alone;
    if (this.glue === '') return head + after.aloneTokens();
    const lead = leadOf(after.name);
    return head + segmentTokens(this.glue + lead) + after.aloneTokens() - segmentTokens(lead);
  }
}

const prefixes = new Map<string, PrefixTokens | null>();
const MAX_PREFIXES = 64;

/**
 * The tokens of `name`, which is `prefix` and then `after`: counted from the prefix's and
 * `after`'s when the prefix is one a plain name can follow and `after` is plain, else on its own.
 * A client puts the same prefix before every presented name, whose counts are already kept.
 */
export function prefixedNameTokens(prefix: string, after: NameTokens, name: string): NameTokens {
  if (prefix === '') return after;
  let counted = prefixes.get(prefix);
  if (counted === undefined) {
    counted = PREFIX.test(prefix) ? new PrefixTokens(prefix) : null;
    if (prefixes.size >= MAX_PREFIXES) prefixes.clear();
    prefixes.set(prefix, counted);
  }
  if (counted === null || !after.plain || name.length !== prefix.length + after.name.length) return nameTokensOf(name);
  return new NameTokens(name, { prefix: counted, after });
}
