import { findNul } from '@/lib/nul';
import { fieldOf, isObject } from '@/lib/records';
import { PLAIN_ERRORS } from '@/lib/validation';
import { schemaIssues } from './issue-order';
import { mergeOntoCurrent } from './merge-document';
import { API_VERSION, projectDocumentSchema, type ProjectDocument } from './project-document';

export type Path = (string | number)[];

/** Notes one problem at a path of the sent document; `key` when it is about the key itself. */
export type Report = (path: Path, message: string, key?: string, consequence?: boolean) => void;

/**
 * One sent document judged as a Project (§yaml): its head (apiVersion, kind) and its text as
 * sent, then the document it makes over `current` (mergeOntoCurrent), so a field it leaves out
 * keeps the project's value and a field it sends is judged as if the whole document were sent.
 * Each problem goes to `at`; the document comes back only when it has none.
 */
export function validateDocument(value: unknown, at: Report, current: ProjectDocument | null): ProjectDocument | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    at([], 'a document is a mapping with apiVersion, kind, metadata and spec');
    return null;
  }
  // Sound: checked to be a mapping (an object, not an array) just above.
  const head = value as Record<string, unknown>;
  let known = true;
  if (head.apiVersion !== API_VERSION) {
    at(
      ['apiVersion'],
      head.apiVersion === undefined
        ? `apiVersion is required: ${API_VERSION}`
        : `apiVersion ${JSON.stringify(head.apiVersion)} is not supported; this server reads ${API_VERSION}`,
    );
    known = false;
  }
  if (head.kind !== 'Project') {
    at(['kind'], head.kind === undefined ? 'kind is required: Project' : `kind ${JSON.stringify(head.kind)} is not supported; the only kind is Project`);
    known = false;
  }
  if (!known) return null;
  const nul = findNul(value);
  if (nul) {
    at(nul, 'contains U+0000 or a lone surrogate, which cannot be stored');
    return null;
  }
  const bom = findLeadingBom(value);
  if (bom) {
    // The embedded database's driver drops a leading U+FEFF from text columns on read, so such a
    // string would not survive export → apply → export; refuse it rather than lose it silently.
    at(bom, 'starts with U+FEFF (a byte-order mark), which is not kept; remove it');
    return null;
  }
  const result = projectDocumentSchema.safeParse(current ? mergeOntoCurrent(current, value) : value, PLAIN_ERRORS);
  if (!result.success) {
    // A misspelt key of a merged document hides no missing field: the key it was meant to be is one the project fills.
    const unwritten = (parent: Path) => Object.keys(mapAt(current, parent)).filter((key) => !Object.hasOwn(mapAt(value, parent), key));
    for (const issue of schemaIssues(result.error.issues, unwritten)) at(issue.path, issue.message, issue.key, issue.consequence);
    return null;
  }
  const { favouriteIndex } = result.data.spec;
  const toolsPath = ['spec', 'favouriteIndex', 'tools'];
  const seen = new Set<string>();
  let clean = true;
  favouriteIndex.tools.forEach((tool, i) => {
    if (seen.has(tool)) {
      at([...toolsPath, i], `${tool} is listed twice; list each favourite once`);
      clean = false;
    }
    seen.add(tool);
  });
  if (favouriteIndex.tools.length > favouriteIndex.maxFavourites) {
    at(
      toolsPath,
      `${favouriteIndex.tools.length} favourites exceed maxFavourites ${favouriteIndex.maxFavourites}: remove ${favouriteIndex.tools.slice(favouriteIndex.maxFavourites).join(', ')} or raise maxFavourites`,
    );
    clean = false;
  }
  return clean ? result.data : null;
}

/** The mapping at a path of a value, or an empty one where there is none. */
function mapAt(value: unknown, path: Path): Record<string, unknown> {
  const found = path.reduce<unknown>((node, key) => fieldOf(node, String(key)), value);
  return isObject(found) ? found : {};
}

function findLeadingBom(value: unknown, path: Path = []): Path | null {
  if (typeof value === 'string') return value.startsWith('\ufeff') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findLeadingBom(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const found = findLeadingBom(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
