import { RE2JS } from 're2js';
import { BoundedMap } from '@/lib/bounded-map';
import { kept } from '@/lib/kept';
import { ARGUMENT_CHECK_LIMITS } from '@/lib/limits';
import { errorMessage } from '@/lib/thrown';

/**
 * The patterns of a schema (`pattern`, `patternProperties`) come from servers and catalogs we
 * did not write, and a backtracking engine takes time exponential in a value's length on some
 * of them (`^(a+)+$` against "a"×30 + "!" held the process for 46 s). So every pattern runs on
 * RE2 (re2js), which matches in time linear in the value; what RE2 cannot take is not judged,
 * and the check says so instead of guessing.
 */
export type LinearPattern = { ok: true; re: RE2JS; program: number } | { ok: false; reason: string };

/** Compiled patterns by source, shared by every schema: a catalog's versions repeat their patterns. */
const compiled = new BoundedMap<string, LinearPattern>(1_000);

export function linearPattern(source: string): LinearPattern {
  return kept(compiled, source, () => compile(source));
}

function compile(source: string): LinearPattern {
  const { patternLength, patternProgram } = ARGUMENT_CHECK_LIMITS;
  if (source.length > patternLength) return { ok: false, reason: `longer than ${patternLength.toLocaleString('en')} characters` };
  const unsupported = unsupportedSyntax(source);
  if (unsupported) return { ok: false, reason: `RE2 has no ${unsupported}` };
  try {
    // Parsed, never run: JSON Schema patterns are ECMA-262, and RE2 reads some invalid ones
    // (`\z`, `\Q…\E`) as something else. V8 parses in time linear in the pattern; matching is
    // what backtracks.
    new RegExp(source, 'u');
  } catch {
    return { ok: false, reason: 'not a valid ECMA-262 pattern' };
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (err) {
    return { ok: false, reason: `RE2 does not take it (${errorMessage(err)})` };
  }
  const program = re.programSize();
  if (program > patternProgram) return { ok: false, reason: `its RE2 program has ${program} instructions, over ${patternProgram.toLocaleString('en')}` };
  return { ok: true, re, program };
}

/**
 * What the pattern uses that RE2 lacks, or null. RE2 refuses lookaround and numbered
 * backreferences itself; a named one (`\k<n>`) translateRegExp would turn into the letters `k<n>`.
 */
function unsupportedSyntax(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && (next === 'k' || (next >= '1' && next <= '9'))) return 'backreferences';
      i++;
    } else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (!inClass && c === '(' && /^\(\?<?[=!]/.test(source.slice(i, i + 4))) return 'lookaround';
  }
  return null;
}

/** A pattern in a reason: quoted, and cut where it is long (reasons are shown and stored). */
export function quoted(source: string): string {
  return JSON.stringify(source.length > 80 ? `${source.slice(0, 79)}…` : source);
}
