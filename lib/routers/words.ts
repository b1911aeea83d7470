import { searchWords } from '@/lib/surface/retrieve';

/**
 * The verb and nouns of a tool's name (`get_issue`, `listPullRequests`, `get-tiny-image`): the
 * act it performs and what it acts on, the two things a router's ops share or differ in (#49).
 */

/** Verb families: the intents a model chooses among (read, create, change, delete, run). */
export const VERB_FAMILIES = {
  read: 'get list read search find fetch query show describe view open lookup retrieve count check inspect browse download export explore resolve',
  create: 'create add new insert post make upload import push fork generate register submit append clone copy',
  change:
    'update edit write set modify patch put change rename move merge replace assign toggle enable disable close reopen approve lock unlock archive star unstar configure mark dismiss',
  delete: 'delete remove drop clear destroy unregister cancel revoke purge',
  run: 'run execute exec trigger start stop restart invoke call send deploy build test simulate',
} as const;

export type VerbFamily = keyof typeof VERB_FAMILIES;

const FAMILY_OF: ReadonlyMap<string, VerbFamily> = new Map(
  (Object.entries(VERB_FAMILIES) as [VerbFamily, string][]).flatMap(([family, verbs]) => verbs.split(' ').map((verb) => [verb, family] as const)),
);

export function verbFamily(verb: string): VerbFamily | null {
  return FAMILY_OF.get(verb) ?? null;
}

/** Words of a name that say neither what is done nor to what: `list_directory_with_sizes`, `read_multiple_files`. */
const FILLER = new Set(
  'a an the and or of to in on at by for from with as into via all multiple many single one new existing specific given current my your its this that details detail info'.split(
    ' ',
  ),
);

/** A noun's singular, so `list_issues` and `get_issue` share `issue`; words that end in s in the singular are kept. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is|os|as)$/.test(word)) return word;
  if (/(sses|ches|shes|xes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

export interface NameWords {
  /** The name's words after the prefix, lower case, as written. */
  words: string[];
  /** The first word when it is a known verb. */
  verb: string | null;
  /** The words after the verb (all of them when there is none), fillers and further verbs joined by `or`/`and` left out, singular, each once. */
  nouns: string[];
}

/** A name's words; `prefix` words its server puts before every tool's name (`jira_get_issue`) are left out of the verb and nouns. */
export function nameWords(name: string, prefix: readonly string[] = []): NameWords {
  const all = searchWords(name);
  const words = prefix.length > 0 && prefix.every((w, i) => all[i] === w) && all.length > prefix.length ? all.slice(prefix.length) : all;
  const first = words[0];
  const verb = first !== undefined && FAMILY_OF.has(first) ? first : null;
  const nouns: string[] = [];
  for (let i = verb ? 1 : 0; i < words.length; i++) {
    const word = words[i] ?? '';
    // `create_or_update_file`: the second verb is part of the act, not a thing acted on.
    if ((word === 'or' || word === 'and') && FAMILY_OF.has(words[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (FILLER.has(word) || /^\d+$/.test(word)) continue;
    const noun = singular(word);
    if (!nouns.includes(noun)) nouns.push(noun);
  }
  return { words, verb, nouns };
}

/** A noun phrase in prose, plural: `pull_request` → "pull requests". */
export function pluralPhrase(phrase: readonly string[]): string {
  const last = phrase.at(-1) ?? '';
  const plural = /[^aeiou]y$/.test(last) ? `${last.slice(0, -1)}ies` : /(s|x|z|ch|sh)$/.test(last) ? `${last}es` : `${last}s`;
  return [...phrase.slice(0, -1), plural].join(' ');
}
