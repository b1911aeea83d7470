import { expect, test as base } from '@playwright/test';
import { buildRunnerReport, fullProject, sendEvents } from './helpers';
import { layoutChunks } from './page-checks';

/** What the project-tab checks read and never change, made once per worker. */
export interface TabProjects {
  /**
   * A project with something on every tab (fullProject), and a call under the canonical name of
   * a server with no catalog, so the Usage tab's unresolved names include one whose fix names it.
   */
  full: string;
  /** The same, with a build runner's proxy reporting: the Proxies tab with its servers table. */
  withProxy: string;
  /** Another such project, that the YAML tab's check changes by a document of one field (the others are never changed). */
  yaml: string;
  /** The chunks every project page loads at once; the console checks hold back the rest. */
  layout: Set<string>;
}

export const test = base.extend<object, { projects: TabProjects }>({
  projects: [
    async ({ playwright, browser }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      const request = await playwright.request.newContext({ baseURL });
      const full = await fullProject(request, 'tabs');
      const at = new Date(Date.now() - 3_600_000).toISOString();
      await sendEvents(request, full, [{ id: 'jira-1', timestamp: at, tool: 'jira/create_ticket_with_a_very_long_name', sessionId: 's-9' }]);
      const withProxy = await fullProject(request, 'tabs-proxy');
      const yaml = await fullProject(request, 'tabs-yaml');
      expect((await request.put(`/api/projects/${withProxy}/proxies/proxy-tables`, { data: buildRunnerReport(null) })).ok()).toBe(true);
      await request.dispose();
      const context = await browser.newContext({ baseURL });
      const layout = await layoutChunks(await context.newPage(), full);
      await context.close();
      await use({ full, withProxy, yaml, layout });
    },
    { scope: 'worker' },
  ],
});
