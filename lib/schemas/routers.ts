import { z } from 'zod';
import { isCanonicalName } from '@/lib/names/canonical';

/**
 * Routers (§routers, issue #49): each folds tools of one shape into one presented tool with a
 * typed `op`; a singleton is a tool kept on its own, with the reason it has no sibling. A catalog
 * tool is in at most one place (one op of one router, or one singleton). This is the one schema
 * of the project's routers: the YAML document's `spec.routers`, the API's body and answer, and
 * what is stored per version.
 */

/** The op every router answers itself: each op's note and full input schema. */
export const LIST_OPS = 'list_ops';

export const ROUTER_LIMITS = {
  routers: 100,
  opsPerRouter: 500,
  singletons: 10_000,
  noteLength: 200,
  descriptionLength: 1_000,
  reasonLength: 500,
} as const;

/** A router's name is a presented tool's name as every provider takes it; an op is a snake_case word. */
export const ROUTER_NAME_RE = /^[A-Za-z][A-Za-z0-9_-]{0,47}$/;
export const OP_NAME_RE = /^[a-z][a-z0-9_]{0,63}$/;

const canonicalTool = z.string().min(1).max(512).refine(isCanonicalName, 'must be a canonical server/tool name');
const oneLine = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => !/[\r\n]/.test(s), 'must be one line');

export const routerOpSchema = z
  .object({
    op: z
      .string()
      .regex(OP_NAME_RE, 'an op is lower-case letters, digits and _, starting with a letter')
      .refine((op) => op !== LIST_OPS, `${LIST_OPS} is every router's own op`),
    tool: canonicalTool,
    note: oneLine(ROUTER_LIMITS.noteLength),
  })
  .strict();

export const routerSchema = z
  .object({
    name: z.string().regex(ROUTER_NAME_RE, 'a router name is letters, digits, _ and -, starting with a letter, at most 48'),
    description: z.string().min(1).max(ROUTER_LIMITS.descriptionLength),
    ops: z.array(routerOpSchema).min(1).max(ROUTER_LIMITS.opsPerRouter),
  })
  .strict();

export const singletonSchema = z
  .object({
    tool: canonicalTool,
    reason: oneLine(ROUTER_LIMITS.reasonLength),
  })
  .strict();

export const routersConfigSchema = z
  .object({
    routers: z.array(routerSchema).max(ROUTER_LIMITS.routers).default([]),
    singletons: z.array(singletonSchema).max(ROUTER_LIMITS.singletons).default([]),
  })
  .strict()
  .superRefine((config, ctx) => {
    const routerNames = new Set<string>();
    const placed = new Map<string, string>();
    const place = (tool: string, where: string, path: (string | number)[]) => {
      const before = placed.get(tool);
      if (before) ctx.addIssue({ code: 'custom', path, message: `${tool} is already ${before}: a tool is in one place` });
      else placed.set(tool, where);
    };
    for (const [r, router] of config.routers.entries()) {
      if (routerNames.has(router.name)) ctx.addIssue({ code: 'custom', path: ['routers', r, 'name'], message: `two routers are named ${router.name}` });
      routerNames.add(router.name);
      const ops = new Set<string>();
      for (const [o, op] of router.ops.entries()) {
        if (ops.has(op.op)) ctx.addIssue({ code: 'custom', path: ['routers', r, 'ops', o, 'op'], message: `${router.name} has two ops named ${op.op}` });
        ops.add(op.op);
        place(op.tool, `op ${op.op} of router ${router.name}`, ['routers', r, 'ops', o, 'tool']);
      }
    }
    for (const [s, singleton] of config.singletons.entries()) place(singleton.tool, 'a singleton', ['singletons', s, 'tool']);
  });

export type RouterOp = z.infer<typeof routerOpSchema>;
export type Router = z.infer<typeof routerSchema>;
export type Singleton = z.infer<typeof singletonSchema>;
export type RoutersConfig = z.infer<typeof routersConfigSchema>;

export function emptyRoutersConfig(): RoutersConfig {
  return { routers: [], singletons: [] };
}

/** No router and no singleton: what a project without routers has, and what the export leaves out. */
export function isEmptyRouters(config: RoutersConfig): boolean {
  return config.routers.length === 0 && config.singletons.length === 0;
}

/** The attention budget's default (`surface.toolBudget`): tools presented in all, the agent's own counted. */
export const DEFAULT_TOOL_BUDGET = 30;
