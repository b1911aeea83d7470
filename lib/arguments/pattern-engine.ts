import type { Options } from 'ajv';
import { type LinearPattern, linearPattern, quoted } from './patterns';
import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';

type Judged = Extract<LinearPattern, { ok: true }>;

/**
 * What the patterns of one compile or one check did. The ajv engine below is called while a
 * schema compiles and its matchers while a call is checked, both synchronously, so each records
 * into the ledger of the compile or check in progress.
 */
export class PatternLedger {
  private readonly seen = new Set<string>();
  private chars = 0;
  private work = 0;
  private spent = false;
  /** What was not judged, and why: one line each. */
  readonly unjudged: string[] = [];

  /** `keyPatterns`: at compile, the schema's `patternProperties` patterns, which ajv tests keys with. */
  constructor(readonly keyPatterns: ReadonlySet<string> = new Set()) {}

  /** At compile: the schema's distinct patterns count against its character budget. */
  admit(source: string): boolean {
    if (this.seen.has(source)) return true;
    this.seen.add(source);
    this.chars += source.length;
    return this.chars <= ARGUMENT_CHECK_LIMITS.schemaPatternChars;
  }

  /** At check: whether a test of this cost fits what is left of the call's budget. */
  afford(cost: number): boolean {
    if (this.work + cost <= ARGUMENT_CHECK_LIMITS.patternWork) {
      this.work += cost;
      return true;
    }
    if (!this.spent) {
      this.spent = true;
      this.unjudged.push(
        `patterns were judged up to ${ARGUMENT_CHECK_LIMITS.patternWork.toLocaleString('en')} steps (value length × pattern size); later values passed unjudged`,
      );
    }
    return false;
  }
}

let current: PatternLedger | null = null;

/** Run `work` (a compile or a check) with its patterns recorded in `ledger`. */
export function withLedger<T>(ledger: PatternLedger, work: () => T): T {
  const outer = current;
  current = ledger;
  try {
    return work();
  } finally {
    current = outer;
  }
}

/**
 * A value's test, within the check's budget: a value it cannot afford, or any value for a
 * pattern not judged (null), passes. Passing is the answer that invents no problem: for
 * `pattern` the value is not refused, and a key is taken as declared.
 */
export function patternTest(pattern: Judged | null): (value: string) => boolean {
  if (!pattern) return () => true;
  const { re, program } = pattern;
  return (value) => !(current?.afford(testCost(value, program)) ?? true) || re.test(value);
}

/** What a test may cost, in steps: at worst (RE2's NFA) each character steps every instruction; and any test has its overhead, about a microsecond. */
const testCost = (value: string, program: number) => value.length * program + 64;

/**
 * Thrown by a `patternProperties` pattern that could not judge a key. Either answer would be a
 * guess with consequences (a match applies the pattern's schema to the key's value; no match can
 * make the key "additional"), so ajv's verdict on the call is dropped instead.
 */
export class PatternNotJudged extends Error {}

function keyTest(source: string, pattern: Judged | null, reason: string): (key: string) => boolean {
  const fail = (why: string) => {
    throw new PatternNotJudged(`the schema was not applied: keys for pattern ${quoted(source)} could not be judged (${why})`);
  };
  if (!pattern) return () => fail(reason);
  const { re, program } = pattern;
  return (key) => ((current?.afford(testCost(key, program)) ?? true) ? re.test(key) : fail("the call's budget for patterns was spent"));
}

type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

/**
 * ajv's `code.regExp`. A pattern not judged is named in the compile's ledger with the reason;
 * for values it passes them (patternTest), for keys it stops ajv's verdict (keyTest). ajv keeps
 * the matchers it is given by `toString()`, across schemas, so that names what the matcher does.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (source: string) => {
    const pattern = linearPattern(source);
    const admitted = current?.admit(source) ?? true;
    const usable = pattern.ok && admitted ? pattern : null;
    const reason = pattern.ok ? `the schema's patterns pass ${ARGUMENT_CHECK_LIMITS.schemaPatternChars.toLocaleString('en')} characters` : pattern.reason;
    if (!usable) current?.unjudged.push(`pattern ${quoted(source)} is not judged: ${reason}`);
    const forKeys = current?.keyPatterns.has(source) ?? false;
    const matcher = {
      test: forKeys ? keyTest(source, usable, reason) : patternTest(usable),
      toString: () => `${forKeys ? 'key' : 'value'}:${usable ? 're2' : 'unjudged'}:${source}`,
    };
    return matcher;
  },
  // Only ajv's standalone code would print this; favindex never generates it.
  { code: 'linearRegExp' },
);
