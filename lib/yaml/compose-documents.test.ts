import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { MAX_YAML_KEYS_PER_DOCUMENT } from '@/lib/limits';
import { composeDocuments, findDuplicateKeys } from './compose-documents';

function compose(text: string) {
  const steps = composeDocuments(text);
  let yields = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { result: step.value, yields };
    yields++;
  }
}

describe('composeDocuments', () => {
  it('composes what parseAllDocuments composes, yielding between documents', () => {
    const text = 'a: 1\nb: [x, {c: d}]\n---\n- 1\n- two\n---\ne: !!str 3\n---\nf\n---\ng: ~\n';
    const { result, yields } = compose(text);
    if (result.kind !== 'documents') throw new Error('expected documents');
    expect(result.docs.map((d) => d.toJS())).toEqual(parseAllDocuments(text).map((d) => d.toJS()));
    // The composer hands a document on when the next one is complete.
    expect(yields).toBeGreaterThanOrEqual(3);
    expect(result.lineCounter.linePos(result.docs[1]!.range[0])).toEqual({ line: 3, col: 1 });
  });

  it(`stops at key ${MAX_YAML_KEYS_PER_DOCUMENT + 1} of a document, before composing it`, () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join('\n');
    expect(compose(`${keys(MAX_YAML_KEYS_PER_DOCUMENT)}\n---\n${keys(MAX_YAML_KEYS_PER_DOCUMENT)}\n`).result.kind).toBe('documents');
    const { result } = compose(`${keys(32_000)}\n`);
    expect(result).toEqual({
      kind: 'problem',
      problem: { offset: expect.any(Number), message: expect.stringMatching(new RegExp(`more than ${MAX_YAML_KEYS_PER_DOCUMENT} keys in one document`)) },
    });
  });
});

describe('findDuplicateKeys', () => {
  it('finds a repeated key in any mapping, block or flow, by its value', () => {
    const text = 'a: 1\nb:\n  c: 1\n  c: 2\nd: [{e: 1, e: 2}]\n"a": 3\n1: x\n"1": y\n';
    const [doc] = parseAllDocuments(text, { uniqueKeys: false });
    const offsets = findDuplicateKeys(doc as never);
    expect(offsets.map((o) => text.slice(o, o + 3))).toEqual(['c: ', 'e: ', '"a"']);
  });
});
