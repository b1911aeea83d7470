import { type Document, type LineCounter, stringify } from 'yaml';
import { compileToolSchema } from '@/lib/arguments/check';
import { ApiError } from '@/lib/errors';
import { MAX_YAML_ALIASES } from '@/lib/limits';
import { formatPath, PLAIN_ERRORS } from '@/lib/validation';
import { composeDocuments, findDuplicateKeys } from '@/lib/yaml/compose-documents';
import { byPrimary, schemaIssues } from '@/lib/yaml/issue-order';
import { locate, type YamlIssue } from '@/lib/yaml/parse-project-documents';
import { linePosition, positionInText } from '@/lib/yaml/structure-guard';
import { type BakeoffTaskFile, bakeoffTaskFileSchema, orderedBakeoffTask } from './task-schema';
import { errorMessage } from '@/lib/thrown';
import { itemAt } from '@/lib/arrays';
import { fieldOf } from '@/lib/records';

export * from './task-schema';

const MAX_REPORTED_ISSUES = 50;

type Path = (string | number)[];

/**
 * Parse a bake-off task file (YAML, one document). Throws YAML_MALFORMED when the text is not
 * well-formed YAML and YAML_INVALID when it is not a valid task file; each issue has its line,
 * column and path, and its message names the task (by id when it has one) and the field.
 */
export function parseBakeoffTasks(text: string): BakeoffTaskFile {
  const steps = composeDocuments(text);
  let step = steps.next();
  while (!step.done) step = steps.next();
  const composed = step.value;
  if (composed.kind === 'problem') throw malformed([issueAt(positionInText(text, composed.problem.offset), composed.problem.message)]);
  const { lineCounter } = composed;
  const docs = composed.docs.filter((doc) => doc.contents !== null);
  const syntax: YamlIssue[] = [];
  for (const doc of composed.docs) {
    for (const problem of [...doc.errors, ...doc.warnings])
      syntax.push(issueAt(linePosition(lineCounter, problem.pos[0]), `${problem.message} (${problem.code})`));
    for (const offset of findDuplicateKeys(doc)) syntax.push(issueAt(linePosition(lineCounter, offset), 'Map keys must be unique (DUPLICATE_KEY)'));
  }
  if (syntax.length > 0) throw malformed(syntax);
  const [doc] = docs;
  if (!doc) throw invalid([issueAt({ line: 1, column: 1 }, 'the file is empty: write `tasks:` and a list of tasks')]);
  if (docs.length > 1)
    throw invalid([issueAt(linePosition(lineCounter, itemAt(docs, 1).range[0]), 'a task file is one YAML document; put every task in its `tasks` list')]);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (err) {
    throw malformed([issueAt(linePosition(lineCounter, doc.range[0]), `cannot be expanded: ${errorMessage(err)}`)]);
  }
  return validate(value, doc, lineCounter);
}

function validate(value: unknown, doc: Document, lineCounter: LineCounter): BakeoffTaskFile {
  const issues: YamlIssue[] = [];
  const consequences = new Set<YamlIssue>();
  const at = (path: Path, message: string, key?: string, consequence = false) => {
    // A missing field's and an unknown key's messages name the field already.
    const issue = locate(doc, 0, path, `${subjectOf(value, path, key === undefined && !consequence)}${message}`, lineCounter, key);
    if (consequence) consequences.add(issue);
    issues.push(issue);
  };
  const result = bakeoffTaskFileSchema.safeParse(value, PLAIN_ERRORS);
  if (!result.success) {
    for (const issue of schemaIssues(result.error.issues)) at(issue.path, issue.message, issue.key, issue.consequence);
    throw invalid(byPrimary(issues, (issue) => consequences.has(issue)));
  }
  const seen = new Map<string, number>();
  result.data.tasks.forEach((task, i) => {
    const first = seen.get(task.id);
    if (first !== undefined) at(['tasks', i, 'id'], `the id is already used by task ${first + 1}; each task id appears once`);
    else seen.set(task.id, i);
    const schema = task.arguments?.schema;
    if (schema) {
      const compiled = compileToolSchema(schema);
      if (!compiled.ok) at(['tasks', i, 'arguments', 'schema'], compiled.reason);
    }
  });
  if (issues.length > 0) throw invalid(issues);
  return result.data;
}

/** Who an issue is about, as a person looks for it: the task by its id (or number), then the field. */
function subjectOf(value: unknown, path: Path, withField: boolean): string {
  if (path[0] !== 'tasks' || typeof path[1] !== 'number') return '';
  const tasks = fieldOf(value, 'tasks');
  const id = Array.isArray(tasks) ? fieldOf(tasks[path[1]], 'id') : undefined;
  const task = typeof id === 'string' && id ? `task '${id}'` : `task ${path[1] + 1}`;
  const field = withField ? formatPath(path.slice(2)) : '';
  return field ? `${task}, ${field}: ` : `${task}: `;
}

function issueAt(position: { line: number; column: number }, message: string, path = ''): YamlIssue {
  return { document: 0, ...position, path, message };
}

function describeIssue(issue: YamlIssue): string {
  return `line ${issue.line}, column ${issue.column}${issue.path ? `, ${issue.path}` : ''}: ${issue.message}`;
}

function summary(issues: readonly YamlIssue[]): string {
  const more = issues.length - 1;
  return `${describeIssue(itemAt(issues, 0))}${more > 0 ? ` (and ${more} more)` : ''}`;
}

function malformed(issues: YamlIssue[]): ApiError {
  return new ApiError('YAML_MALFORMED', `the task file cannot be read: ${summary(issues)}`, {
    suggestedAction: 'fix the YAML at the line and column given in details',
    citedRule: '§yaml',
    details: issues.slice(0, MAX_REPORTED_ISSUES),
  });
}

function invalid(issues: YamlIssue[]): ApiError {
  return new ApiError('YAML_INVALID', `the task file is not a valid bake-off task file: ${summary(issues)}`, {
    suggestedAction: 'fix each issue listed in details (line, column, path)',
    citedRule: '§yaml',
    details: issues.slice(0, MAX_REPORTED_ISSUES),
  });
}

/**
 * A task file as YAML, keys in a fixed order and absent fields left out, so the text depends
 * only on the values and parseBakeoffTasks gives back an equal file.
 */
export function serialiseBakeoffTasks(file: BakeoffTaskFile): string {
  return stringify({ tasks: file.tasks.map(orderedBakeoffTask) }, { lineWidth: 0, indent: 2, aliasDuplicateObjects: false });
}
