import everything from './catalogs/everything.json';
import filesystem from './catalogs/filesystem.json';
import github from './catalogs/github.json';
import gitlab from './catalogs/gitlab.json';
import memory from './catalogs/memory.json';
import { toolsListSchema } from '@/lib/schemas/catalog';
import type { DemoServer } from './generate';

/**
 * Real `tools/list` results of five MCP servers (captured with the MCP SDK client; see
 * README). github and gitlab share seven tool names: real collisions for `favourite/` names.
 */
export const DEMO_SERVERS: DemoServer[] = [github, gitlab, filesystem, memory, everything].map((c) => ({
  server: c.server,
  tools: toolsListSchema.parse(c).tools,
}));
