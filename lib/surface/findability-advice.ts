import type { FindabilityTool } from '@/lib/contracts/findability';
import { searchWords, STOP_WORDS } from './retrieve';

const LISTED_WORDS = 10;

/** Distinct content words in order of appearance; single letters (the s of "record's") name nothing to change. */
export function distinctWords(text: string): string[] {
  return [...new Set(searchWords(text).filter((w) => w.length > 1 && !STOP_WORDS.has(w)))];
}

function quoted(list: readonly string[]): string {
  const shown = list.slice(0, LISTED_WORDS).map((w) => `'${w}'`);
  return list.length > LISTED_WORDS ? `${shown.join(', ')} and ${list.length - LISTED_WORDS} more` : shown.join(', ');
}

/** The words two tools' descriptions share, and those of the first the second lacks (each as distinctWords gives them). */
export function wordsShared(mine: readonly string[], theirs: ReadonlySet<string>): { shared: string[]; own: string[] } {
  return { shared: mine.filter((w) => theirs.has(w)), own: mine.filter((w) => !theirs.has(w)) };
}

/** A sibling as the response lists it: as many words as the advice names, so 2,000 tools stay a small answer. */
export function listedSibling(s: FindabilityTool['losesTo'][number]): FindabilityTool['losesTo'][number] {
  return { tool: s.tool, shared: s.shared.slice(0, LISTED_WORDS), own: s.own.slice(0, LISTED_WORDS) };
}

/** Which description to change, and how: the words that make the pair alike, and that none set this one apart. */
export function siblingAdvice(tool: string, losesTo: FindabilityTool['losesTo']): string {
  const [first, ...rest] = losesTo;
  if (!first) return '';
  const others = rest.length > 0 ? ` (and also from ${rest.map((s) => s.tool).join(', ')})` : '';
  const shared =
    first.shared.length > 0 ? `its description shares ${quoted(first.shared)} with ${first.tool}'s` : `its description and ${first.tool}'s rank alike`;
  const apart =
    first.own.length === 0
      ? `and has no word of its own that ${first.tool}'s lacks`
      : `and only ${quoted(first.own)} ${first.own.length === 1 ? 'tells' : 'tell'} it apart`;
  return (
    `The search cannot tell ${tool} from ${first.tool}${others}: ${shared} ${apart}. ` +
    `Start its description with what sets it apart from ${first.tool} (what it does differently, or when to use it instead), ` +
    `or stop serving whichever of the two is no longer needed.`
  );
}

/** A tool its own words do not bring into one search's results. */
export function unfoundAdvice(queries: readonly FindabilityTool['queries'][number][], limit: number, searchTool: string): string {
  const ranks = queries.map((q) => `${q.from} '${q.query}' ${q.rank === null ? 'does not match it' : `ranks it ${q.rank}`}`).join('; ');
  return (
    `Neither its name nor its description brings it into the ${limit} tools one ${searchTool} search loads (${ranks}). ` +
    'Start its description with the words a model would search by for this task, and with those that set it apart from the tools ranked above it.'
  );
}

/** A test query the user keeps that does not find its tool. */
export function testQueryAdvice(
  query: string,
  queryWords: readonly string[],
  text: string,
  rank: number | null,
  limit: number,
  above: readonly string[],
): string {
  const has = new Set(distinctWords(text));
  const missing = [...new Set(queryWords)].filter((w) => !has.has(w));
  const place = rank === null ? 'does not match it' : `ranks it ${rank}, past the ${limit} one search loads`;
  const before = above.length > 0 ? ` (${above.slice(0, 3).join(', ')} ${above.length === 1 ? 'comes' : 'come'} first)` : '';
  const fix =
    missing.length > 0
      ? `Its name and description lack ${quoted(missing)}: add the words of the task it does to its description.`
      : 'Its description holds every word of the query, and so do other tools: say what sets it apart in its first sentence.';
  return `The test query '${query}' ${place}${before}. ${fix}`;
}
