import { randomUUID } from 'node:crypto';
import { CHANGE_TOPICS, type ChangeTopic, type ProjectChanges } from '@/lib/contracts/changes';
import { recordOf } from '@/lib/records';
import { itemAt } from '@/lib/arrays';

type Versions = ProjectChanges['versions'];

/** The first path segment after /api/projects/{id}/ of each write, and the topic it changes. */
const TOPIC_OF_SEGMENT = new Map<string, ChangeTopic>([
  ['', 'project'],
  ['surface', 'project'],
  ['yaml', 'project'],
  // The policy and the routers are project configuration: the pages that show the project refetch with them.
  ['policy', 'project'],
  ['routers', 'project'],
  ['catalog', 'catalog'],
  ['events', 'events'],
  ['otlp', 'events'],
  ['favourites', 'favourites'],
  ['proxies', 'proxies'],
  ['tokens', 'tokens'],
  ['findability', 'findability'],
]);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROJECT_PATH = /^\/api\/projects\/([^/]+)(?:\/([^/]*))?/;

/**
 * Counters of the writes each project has had in this process, per topic, so an open page can
 * ask every second or so what moved without touching the database. Every API write passes
 * through apiRoute, which notes it here once it succeeded; nothing subscribes, so nothing can
 * leak. Counters live in memory: another process's writes are not seen (one process is the
 * deployment), and a restart changes the epoch so a page refetches once.
 */
export class ChangeFeed {
  readonly epoch = randomUUID();
  private readonly projects = new Map<string, Versions>();

  versions(projectId: string): Versions {
    return { ...(this.projects.get(projectId) ?? zero()) };
  }

  note(projectId: string, topic: ChangeTopic): void {
    const versions = this.projects.get(projectId) ?? zero();
    versions[topic]++;
    this.projects.set(projectId, versions);
  }

  /**
   * Note a request that succeeded, if it was a write to a project. Deleting the project drops
   * its counters (a page still open on it sees them fall to 0, refetches and is told it is gone).
   */
  noteRequest(method: string, url: string): void {
    const write = writeTopic(method, url);
    if (!write) return;
    if (write.deletesProject) this.projects.delete(write.projectId);
    else this.note(write.projectId, write.topic);
  }
}

function zero(): Versions {
  return recordOf(CHANGE_TOPICS, () => 0);
}

/** The project and topic a write changes; null for a read, or a write outside one project. */
export function writeTopic(method: string, url: string): { projectId: string; topic: ChangeTopic; deletesProject: boolean } | null {
  const verb = method.toUpperCase();
  if (!WRITE_METHODS.has(verb)) return null;
  const match = PROJECT_PATH.exec(new URL(url, 'http://x').pathname);
  const segment = match?.[2] ?? '';
  const topic = TOPIC_OF_SEGMENT.get(segment);
  if (!match || !topic) return null;
  let projectId: string;
  try {
    projectId = decodeURIComponent(itemAt(match, 1));
  } catch {
    return null;
  }
  return { projectId, topic, deletesProject: verb === 'DELETE' && match[2] === undefined };
}
