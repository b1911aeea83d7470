import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';
import { ApiError } from '@/lib/errors';
import { formatPath } from '@/lib/validation';
import { MAX_YAML_ALIASES, MAX_YAML_DOCUMENTS } from '@/lib/limits';
import { fieldOf } from '@/lib/records';
import type { ProjectDocument } from './project-document';
import { composeDocuments, findDuplicateKeys } from './compose-documents';
import { byPrimary } from './issue-order';
import { type Path, type Report, validateDocument } from './validate-document';
import { linePosition, positionInText } from './structure-guard';
import { errorMessage } from '@/lib/thrown';
import { itemAt } from '@/lib/arrays';

/** Issues listed in an error's details; its message counts the others. */
const MAX_REPORTED_ISSUES = 50;

/** One problem in a YAML text, where a person finds it: document number, line, column, path. */
export interface YamlIssue {
  document: number;
  line: number;
  column: number;
  path: string;
  message: string;
}

/** The documents of a YAML text, read as safe, well-formed YAML but not yet judged as Projects. */
export interface SentDocuments {
  lineCounter: LineCounter;
  /** Each document that is not empty, with its number in the text (from 1) and its value. */
  documents: { number: number; doc: Document; value: unknown }[];
}

/** A project's current document by its name, null when there is no such project (the document creates it). */
export type CurrentOf = (name: string) => ProjectDocument | null;
const NO_PROJECTS: CurrentOf = () => null;

/**
 * Parse and validate a set of project documents (§yaml), each merged onto its project's
 * current document (`currentOf`): what a document leaves out stays as it is. Anything wrong with
 * any document throws: YAML_MALFORMED (400) when the text is not safe, well-formed YAML,
 * YAML_INVALID (422) when a document is not a valid favindex Project, or two documents name the
 * same project. Every issue carries its line, column and path.
 */
export function parseProjectDocuments(text: string, currentOf: CurrentOf = NO_PROJECTS): ProjectDocument[] {
  const steps = projectDocumentSteps(text, currentOf);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * parseProjectDocuments in steps of a few milliseconds each (see composeDocuments): the server
 * drives it with turns of the event loop in between, so a large body stalls no other request.
 */
export function* projectDocumentSteps(text: string, currentOf: CurrentOf = NO_PROJECTS): Generator<void, ProjectDocument[]> {
  return yield* judgeDocumentSteps(yield* readDocumentSteps(text), currentOf);
}

/** The first half: the text read as YAML documents, or YAML_MALFORMED. */
export function* readDocumentSteps(text: string): Generator<void, SentDocuments> {
  const composed = yield* composeDocuments(text);
  if (composed.kind === 'problem') {
    throw malformed([{ document: 0, ...positionInText(text, composed.problem.offset), path: '', message: composed.problem.message }]);
  }
  const { docs: list, lineCounter } = composed;
  if (list.length > MAX_YAML_DOCUMENTS) {
    throw invalid([
      {
        document: MAX_YAML_DOCUMENTS + 1,
        ...linePosition(lineCounter, itemAt(list, MAX_YAML_DOCUMENTS).range[0]),
        path: '',
        message: `more than ${MAX_YAML_DOCUMENTS} documents in one request`,
      },
    ]);
  }

  const syntax: YamlIssue[] = [];
  list.forEach((doc, i) => {
    for (const problem of [...doc.errors, ...doc.warnings]) {
      syntax.push({ document: i + 1, ...linePosition(lineCounter, problem.pos[0]), path: '', message: `${problem.message} (${problem.code})` });
    }
    for (const offset of findDuplicateKeys(doc)) {
      syntax.push({ document: i + 1, ...linePosition(lineCounter, offset), path: '', message: 'Map keys must be unique (DUPLICATE_KEY)' });
    }
  });
  if (syntax.length > 0) throw malformed(syntax);

  const documents: SentDocuments['documents'] = [];
  for (const [i, doc] of list.entries()) {
    yield;
    if (doc.contents === null) continue; // an empty document, e.g. after a trailing ---
    try {
      documents.push({ number: i + 1, doc, value: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) });
    } catch (err) {
      throw malformed([
        {
          document: i + 1,
          ...linePosition(lineCounter, doc.range[0]),
          path: '',
          message: `cannot be expanded: ${errorMessage(err)}; aliases may expand to at most ${MAX_YAML_ALIASES} nodes`,
        },
      ]);
    }
  }
  return { lineCounter, documents };
}

/** The projects the documents name (metadata.name where it is text): those to read, lock and authorise before they are judged. */
export function sentNames(sent: SentDocuments): string[] {
  return [...new Set(sent.documents.flatMap(({ value }) => (typeof projectNameIn(value) === 'string' ? [String(projectNameIn(value))] : [])))];
}

const projectNameIn = (value: unknown) => fieldOf(fieldOf(value, 'metadata'), 'name');

/** The second half: each document merged onto its project's current one and judged, or YAML_INVALID. */
export function* judgeDocumentSteps(sent: SentDocuments, currentOf: CurrentOf): Generator<void, ProjectDocument[]> {
  let issues: YamlIssue[] = [];
  let unreported = 0;
  // Issues that follow from another (a field missing because its key is misspelt) go after it.
  const consequences = new Set<YamlIssue>();
  const documents: ProjectDocument[] = [];
  const names = new Map<string, number>();
  for (const { number, doc, value } of sent.documents) {
    yield;
    // Only the reported issues are located (each costs a walk of its map); the rest are counted.
    const reportedBefore = issues.length;
    const at: Report = (path, message, key, consequence = false) => {
      if (issues.length >= MAX_REPORTED_ISSUES) {
        unreported++;
        return;
      }
      const issue = locate(doc, number, path, message, sent.lineCounter, key);
      if (consequence) consequences.add(issue);
      issues.push(issue);
    };
    const name = projectNameIn(value);
    const parsed = validateDocument(value, at, typeof name === 'string' ? currentOf(name) : null);
    issues = [...issues.slice(0, reportedBefore), ...byPrimary(issues.slice(reportedBefore), (issue) => consequences.has(issue))];
    if (!parsed) continue;
    const first = names.get(parsed.metadata.name);
    if (first !== undefined) {
      at(['metadata', 'name'], `project '${parsed.metadata.name}' is already defined by document ${first}; each project may appear once`);
      continue;
    }
    names.set(parsed.metadata.name, number);
    documents.push(parsed);
  }
  if (issues.length > 0) throw invalid(issues, unreported);
  if (documents.length === 0) {
    throw invalid([{ document: 0, line: 1, column: 1, path: '', message: 'no documents: send one or more Project documents separated by ---' }]);
  }
  return documents;
}

/**
 * The position of a path in a parsed document: the node itself when it exists, the key when
 * the issue is about a key, else the nearest enclosing node (a missing field points at its map).
 */
export function locate(doc: Document, document: number, path: Path, message: string, lineCounter: LineCounter, key?: string): YamlIssue {
  let node: unknown = doc.contents;
  // The yaml package types contents and pair keys as unknown unless parsed with a schema; a parsed document holds Nodes.
  let found: Node | null = (doc.contents as Node | null) ?? null;
  for (let i = 0; i < path.length; i++) {
    if (isAlias(node)) node = node.resolve(doc);
    const segment = path[i];
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === String(segment));
      if (!pair) break;
      const isLast = i === path.length - 1;
      if (isLast && key !== undefined) {
        // Sound: keys and values of a parsed document's maps and sequences are Nodes (see above).
        found = pair.key as Node;
        break;
      }
      node = pair.value;
      // Sound: keys and values of a parsed document's maps and sequences are Nodes (see above).
      found = (pair.value as Node | null) ?? (pair.key as Node);
    } else if (isSeq(node) && typeof segment === 'number' && node.items[segment]) {
      node = node.items[segment];
      // Sound: keys and values of a parsed document's maps and sequences are Nodes (see above).
      found = node as Node;
    } else {
      break;
    }
  }
  const offset = found?.range?.[0] ?? doc.range?.[0] ?? 0;
  return { document, ...linePosition(lineCounter, offset), path: formatPath(path), message };
}

function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

function describeIssue(issue: YamlIssue): string {
  const where = issue.document > 0 ? `document ${issue.document}, line ${issue.line}, column ${issue.column}` : `line ${issue.line}, column ${issue.column}`;
  return `${where}${issue.path ? `, ${issue.path}` : ''}: ${issue.message}`;
}

function summary(issues: YamlIssue[], unreported = 0): string {
  const [first] = issues;
  if (!first) throw new Error('a YAML error carries at least one issue');
  const more = issues.length - 1 + unreported;
  return more > 0 ? `${describeIssue(first)} (and ${more} more)` : describeIssue(first);
}

function malformed(issues: YamlIssue[]): ApiError {
  return new ApiError('YAML_MALFORMED', `the YAML cannot be read: ${summary(issues)}`, {
    suggestedAction: 'fix the YAML at the line and column given in details; nothing was applied',
    citedRule: '§yaml',
    details: issues.slice(0, MAX_REPORTED_ISSUES),
  });
}

function invalid(issues: YamlIssue[], unreported = 0): ApiError {
  return new ApiError('YAML_INVALID', `the YAML is not a valid favindex project set: ${summary(issues, unreported)}`, {
    suggestedAction: 'fix each issue listed in details (line, column, path); nothing was applied',
    citedRule: '§yaml',
    details: issues.slice(0, MAX_REPORTED_ISSUES),
  });
}
