/**
 * Plain Okapi BM25 over one text per document (k1 = 1.2, b = 0.75, idf = ln(1 + (N − n + 0.5) / (n + 0.5))),
 * as the searches in front of deferred tools rank: Codex's tool_search and Anthropic's bm25 variant
 * score one text per tool, with no field boosts. MiniSearch's BM25+ adds a δ to every matching term
 * and boosts fields, so it would rank near-duplicates differently; this is small enough to keep exact.
 */
const K1 = 1.2;
const B = 0.75;

export interface Bm25Index {
  size: number;
  /** Per term: the documents holding it and how often, in document order. */
  postings: ReadonlyMap<string, { docs: Int32Array; tf: Float64Array }>;
  /** Per document: k1 · (1 − b + b · length / average length), the part of the denominator that does not depend on the term. */
  norms: Float64Array;
}

/** An index over documents given as their terms (already tokenised and filtered). */
export function buildBm25(documents: readonly (readonly string[])[]): Bm25Index {
  const building = new Map<string, { docs: number[]; tf: number[] }>();
  const lengths = new Float64Array(documents.length);
  let total = 0;
  documents.forEach((terms, doc) => {
    lengths[doc] = terms.length;
    total += terms.length;
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let list = building.get(term);
      if (!list) {
        list = { docs: [], tf: [] };
        building.set(term, list);
      }
      list.docs.push(doc);
      list.tf.push(tf);
    }
  });
  const postings = new Map<string, { docs: Int32Array; tf: Float64Array }>();
  for (const [term, list] of building) postings.set(term, { docs: Int32Array.from(list.docs), tf: Float64Array.from(list.tf) });
  const average = documents.length > 0 ? total / documents.length : 0;
  const norms = lengths.map((length) => K1 * (1 - B + (average > 0 ? (B * length) / average : 0)));
  return { size: documents.length, postings, norms };
}

/**
 * Adds a query's distinct terms' scores into `scores` (one slot per document, all zero on entry),
 * writes the documents it scored into `touched` (as long as `scores`) and returns how many; the
 * caller zeroes those slots again before the next query. The buffers are the caller's, so a
 * run of thousands of queries allocates nothing per query.
 */
export function scoreBm25(index: Bm25Index, terms: readonly string[], scores: Float64Array, touched: Int32Array): number {
  let count = 0;
  for (const term of new Set(terms)) {
    const list = index.postings.get(term);
    if (!list) continue;
    const n = list.docs.length;
    const idf = Math.log(1 + (index.size - n + 0.5) / (n + 0.5));
    for (let i = 0; i < n; i++) {
      // The scoring loop over every posting of every query word: unchecked reads, as i < the posting list's length and docs index the scores.
      // biome-ignore lint/style/noNonNullAssertion: i < list.docs.length.
      const doc = list.docs[i]!;
      // biome-ignore lint/style/noNonNullAssertion: docs and tf are parallel.
      const tf = list.tf[i]!;
      if (scores[doc] === 0) touched[count++] = doc;
      // biome-ignore lint/style/noNonNullAssertion: scores and norms hold a slot for every doc a posting names.
      scores[doc]! += (idf * tf * (K1 + 1)) / (tf + index.norms[doc]!);
    }
  }
  return count;
}
