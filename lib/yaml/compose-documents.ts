import { Composer, type Document, isMap, isPair, isScalar, isSeq, Lexer, LineCounter, Parser } from 'yaml';
import { MAX_YAML_DOCUMENTS } from '@/lib/limits';
import { StructureGuard, type StructureProblem } from './structure-guard';

/** Lexer tokens between two steps: a few milliseconds of lexing and parsing. */
const TOKENS_PER_STEP = 512;

const OPTIONS = {
  // yaml's own check compares each new key with every earlier one of its map (quadratic);
  // findDuplicateKeys below does the same job in one pass.
  uniqueKeys: false,
  version: '1.2',
  schema: 'core',
  merge: false,
  strict: true,
  // Problems are reported to the caller with positions; nothing goes to the server's console.
  logLevel: 'silent',
} as const;

export type ComposedYaml = { kind: 'documents'; docs: Document.Parsed[]; lineCounter: LineCounter } | { kind: 'problem'; problem: StructureProblem };

/**
 * Lex, parse and compose a YAML stream as parseAllDocuments does, in steps: the generator
 * yields after every few thousand tokens and after every document, so whoever drives it can
 * let other work run in between (a 1 MiB text is hundreds of milliseconds of parsing). Every
 * token passes the structure guard before the parser sees it, and composing stops past
 * MAX_YAML_DOCUMENTS + 1 documents.
 */
export function* composeDocuments(text: string): Generator<void, ComposedYaml> {
  const lineCounter = new LineCounter();
  const parser = new Parser(lineCounter.addNewLine);
  const composer = new Composer(OPTIONS);
  const guard = new StructureGuard();
  const docs: Document.Parsed[] = [];
  lineCounter.addNewLine(0);
  let tokens = 0;
  for (const token of new Lexer().lex(text)) {
    const problem = guard.check(token);
    if (problem) return { kind: 'problem', problem };
    for (const cst of parser.next(token)) {
      for (const doc of composer.next(cst)) {
        docs.push(doc);
        if (docs.length > MAX_YAML_DOCUMENTS) return { kind: 'documents', docs, lineCounter };
        yield;
      }
    }
    if (++tokens % TOKENS_PER_STEP === 0) yield;
  }
  for (const cst of parser.end()) docs.push(...composer.next(cst));
  docs.push(...composer.end());
  return { kind: 'documents', docs, lineCounter };
}

/** Where each repeated key of a document's mappings starts: every key is compared once, by its value. */
export function findDuplicateKeys(doc: Document.Parsed): number[] {
  const offsets: number[] = [];
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        if (isScalar(pair.key)) {
          if (seen.has(pair.key.value)) offsets.push(pair.key.range?.[0] ?? 0);
          seen.add(pair.key.value);
        } else {
          pending.push(pair.key);
        }
        pending.push(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(item);
    } else if (isPair(node)) {
      pending.push(node.key, node.value);
    }
  }
  return offsets.sort((a, b) => a - b);
}
