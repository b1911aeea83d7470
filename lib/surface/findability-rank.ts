import { buildBm25, scoreBm25 } from './bm25';
import { itemAt } from '@/lib/arrays';

/** Tools listed as the ones a tool loses to, and as the ones ranked above it. */
export const LISTED_SIBLINGS = 3;
/** A sibling scoring at least this share of the tool's own score on its own query is one the search cannot tell apart. */
export const NEAR_SCORE = 0.9;

export interface Scored {
  doc: number;
  score: number;
}

export interface Ranked {
  /** The tool's place, 1 first; null when the query does not match it. */
  rank: number | null;
  /** The best few other documents at or near the tool's score (BM25), or matching too (regex). */
  near: Scored[];
  /** The best few documents ranked above it, best first. */
  above: number[];
}

export interface Ranker {
  rank(doc: number, words: readonly string[]): Ranked;
}

/** Higher score first, then the earlier document. */
const beats = (doc: number, score: number, other: Scored) => score > other.score || (score === other.score && doc < other.doc);

/** Keeps the best `k` offered, so a query matching every tool costs no sort (and no object) per tool. */
function bestOf(k: number) {
  const kept: Scored[] = [];
  return {
    offer(doc: number, score: number) {
      if (kept.length === k && !beats(doc, score, itemAt(kept, k - 1))) return;
      let i = kept.length;
      while (i > 0 && beats(doc, score, itemAt(kept, i - 1))) i--;
      kept.splice(i, 0, { doc, score });
      if (kept.length > k) kept.pop();
    },
    kept,
  };
}

/** Ranks by BM25 over each document's terms; ties go to the earlier document, as a stable sort by score leaves them. */
export function bm25Ranker(documents: readonly (readonly string[])[]): Ranker {
  const index = buildBm25(documents);
  const scores = new Float64Array(documents.length);
  const touched = new Int32Array(documents.length);
  return {
    rank(doc, words) {
      const n = scoreBm25(index, words, scores, touched);
      const own = itemAt(scores, doc);
      let rank: number | null = null;
      const near = bestOf(LISTED_SIBLINGS);
      const above = bestOf(LISTED_SIBLINGS);
      if (own > 0) {
        rank = 1;
        // Once per tool over every tool its words touched: unchecked reads, as checked ones cost the findability report its speed.
        for (let i = 0; i < n; i++) {
          // biome-ignore lint/style/noNonNullAssertion: scoreBm25 filled touched[0..n).
          const d = touched[i]!;
          if (d === doc) continue;
          // biome-ignore lint/style/noNonNullAssertion: touched holds docs, and scores has a slot for every doc.
          const s = scores[d]!;
          if (s > own || (s === own && d < doc)) {
            rank++;
            above.offer(d, s);
          }
          if (s >= own * NEAR_SCORE) near.offer(d, s);
        }
      }
      // biome-ignore lint/style/noNonNullAssertion: scoreBm25 filled touched[0..n).
      for (let i = 0; i < n; i++) scores[touched[i]!] = 0;
      return { rank, near: near.kept, above: above.kept.map((a) => a.doc) };
    },
  };
}

/** The words in order, anything between, on one line: what `re.search` of the escaped words joined by `.*`, case-insensitive, matches. */
function matchesInOrder(lines: readonly string[], words: readonly string[]): boolean {
  for (const line of lines) {
    let at = 0;
    let all = true;
    for (const w of words) {
      const i = line.indexOf(w, at);
      if (i < 0) {
        all = false;
        break;
      }
      at = i + w.length;
    }
    if (all) return true;
  }
  return false;
}

/**
 * Which documents hold a word anywhere, as a substring (a regex matches inside words). A word of
 * letters and digits can only lie inside one run of letters and digits, so the runs are indexed by
 * their trigrams and only runs holding every trigram of the word are checked.
 */
interface Holding {
  holds: Uint8Array;
  /** The same documents, ascending. */
  docs: number[];
}

function substringIndex(lines: readonly (readonly string[])[]) {
  const runs: string[] = [];
  const runDocs: number[][] = [];
  const runId = new Map<string, number>();
  lines.forEach((docLines, doc) => {
    for (const line of docLines) {
      for (const run of line.split(/[^\p{L}\p{N}]+/u)) {
        if (!run) continue;
        let id = runId.get(run);
        if (id === undefined) {
          id = runs.length;
          runId.set(run, id);
          runs.push(run);
          runDocs.push([]);
        }
        const list = itemAt(runDocs, id);
        if (list[list.length - 1] !== doc) list.push(doc);
      }
    }
  });
  const trigrams = new Map<string, number[]>();
  runs.forEach((run, id) => {
    for (const t of new Set(Array.from({ length: Math.max(0, run.length - 2) }, (_, i) => run.slice(i, i + 3)))) {
      const list = trigrams.get(t);
      if (list) list.push(id);
      else trigrams.set(t, [id]);
    }
  });
  const cache = new Map<string, Holding>();
  return (word: string): Holding => {
    const cached = cache.get(word);
    if (cached) return cached;
    const holds = new Uint8Array(lines.length);
    let candidates: readonly number[] | null = null;
    for (let i = 0; i + 3 <= word.length; i++) {
      const list = trigrams.get(word.slice(i, i + 3)) ?? [];
      if (candidates === null || list.length < candidates.length) candidates = list;
    }
    for (const id of candidates ?? runs.keys()) if (itemAt(runs, id).includes(word)) for (const doc of itemAt(runDocs, id)) holds[doc] = 1;
    const docs: number[] = [];
    for (let doc = 0; doc < holds.length; doc++) if (holds[doc] === 1) docs.push(doc);
    const result = { holds, docs };
    cache.set(word, result);
    return result;
  };
}

// Anthropic does not publish the order of regex matches: catalog order is assumed.
export function regexRanker(texts: readonly string[]): Ranker {
  const lines = texts.map((t) => t.toLowerCase().split('\n'));
  const holding = substringIndex(lines);
  return {
    rank(doc, words) {
      if (!matchesInOrder(itemAt(lines, doc), words)) return { rank: null, near: [], above: [] };
      const lists = words.map(holding).sort((a, b) => a.docs.length - b.docs.length);
      const near: Scored[] = [];
      let rank = 1;
      for (const d of lists[0]?.docs ?? []) {
        if (d === doc || !lists.every((l) => l.holds[d] === 1) || !matchesInOrder(itemAt(lines, d), words)) continue;
        if (d < doc) rank++;
        if (near.length < LISTED_SIBLINGS) near.push({ doc: d, score: 1 });
      }
      return { rank, near, above: near.filter((n) => n.doc < doc).map((n) => n.doc) };
    },
  };
}
