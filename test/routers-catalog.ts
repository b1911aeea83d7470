import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import type { CatalogTool } from '@/lib/schemas/catalog';
import { prepareCatalog } from '@/lib/surface/prepared-catalog';
import type { SurfaceServer } from '@/lib/surface/types';

/**
 * A catalog for the routers' suggestions (#49): the demo's real github server grown to 42 tools
 * with tools the GitHub MCP server lists besides (branches, tags, commits, notifications, code and
 * secret scanning alerts, workflows, the signed-in user), beside the real filesystem and memory
 * servers.
 */

const string = { type: 'string' };
const number = { type: 'number' };
const repo = { owner: string, repo: string };
const paged = { page: number, perPage: number };

function tool(name: string, description: string, properties: Record<string, unknown>, required: string[] = Object.keys(properties)): CatalogTool {
  return { name, description, inputSchema: { type: 'object', properties, required } };
}

export const MORE_GITHUB_TOOLS: CatalogTool[] = [
  tool('get_issue_comments', 'Get comments for a specific issue in a GitHub repository.', { ...repo, issue_number: number, ...paged }, [
    'owner',
    'repo',
    'issue_number',
  ]),
  tool('list_branches', 'List branches in a GitHub repository.', { ...repo, ...paged }, ['owner', 'repo']),
  tool('list_tags', 'List git tags in a GitHub repository.', { ...repo, ...paged }, ['owner', 'repo']),
  tool('get_tag', 'Get details about a specific git tag in a GitHub repository.', { ...repo, tag: string }),
  tool('get_commit', 'Get details for a commit from a GitHub repository.', { ...repo, sha: string }),
  tool('list_notifications', 'Lists all GitHub notifications for the authenticated user.', { filter: string, since: string, ...paged }, []),
  tool('get_notification_details', 'Get detailed information for a specific GitHub notification.', { notificationID: string }),
  tool('dismiss_notification', 'Dismiss a notification by marking it as read or done.', { threadID: string, state: string }),
  tool('list_code_scanning_alerts', 'List code scanning alerts in a GitHub repository.', { ...repo, ref: string, state: string, severity: string }, [
    'owner',
    'repo',
  ]),
  tool('get_code_scanning_alert', 'Get details of a specific code scanning alert in a GitHub repository.', { ...repo, alertNumber: number }),
  tool('list_secret_scanning_alerts', 'List secret scanning alerts in a GitHub repository.', { ...repo, state: string }, ['owner', 'repo']),
  tool('get_secret_scanning_alert', 'Get details of a specific secret scanning alert in a GitHub repository.', { ...repo, alertNumber: number }),
  tool('list_workflow_runs', 'List workflow runs for a specific workflow.', { ...repo, workflow_id: string }),
  tool('get_workflow_run', 'Get details of a specific workflow run.', { ...repo, run_id: number }),
  tool('run_workflow', 'Run an Actions workflow by workflow ID or filename.', { ...repo, workflow_id: string, ref: string }),
  tool('get_me', 'Get details of the authenticated GitHub user. Use this when a request is about the user’s own profile.', {}),
];

function demo(name: string): SurfaceServer {
  const server = DEMO_SERVERS.find((s) => s.server === name);
  if (!server) throw new Error(`the demo catalogs have no ${name}`);
  return { name, tools: server.tools };
}

/** github (42 tools), filesystem (14), memory (9), in that order; `without` leaves tools out (`server/tool`), `extra` adds tools per server. */
export function routersServers({ without = [], extra = {} }: { without?: string[]; extra?: Record<string, CatalogTool[]> } = {}): SurfaceServer[] {
  const github = demo('github');
  const servers = [{ name: 'github', tools: [...github.tools, ...MORE_GITHUB_TOOLS] }, demo('filesystem'), demo('memory')];
  return servers.map((s) => ({ name: s.name, tools: [...s.tools, ...(extra[s.name] ?? [])].filter((t) => !without.includes(`${s.name}/${t.name}`)) }));
}

export function routersCatalog(options: Parameters<typeof routersServers>[0] = {}) {
  return prepareCatalog(routersServers(options));
}

export { tool as routersTool };
