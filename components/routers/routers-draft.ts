import { type RouterOp, type RoutersConfig, routersConfigSchema, type Singleton } from '@/lib/schemas/routers';

/**
 * The routers as the Routers page edits them before a save: each router with a key that stays
 * when it is renamed (so its fields keep the focus), the rest as the API stores it. Every edit
 * returns a new draft; the page saves `configOf(draft)` whole with PUT /routers.
 */
export interface DraftRouter {
  key: number;
  name: string;
  description: string;
  ops: RouterOp[];
}

export interface RoutersDraft {
  routers: DraftRouter[];
  singletons: Singleton[];
}

/** What an edit did besides the draft: the routers it left without an op, which go with it. */
export interface Edited {
  draft: RoutersDraft;
  emptied: string[];
}

let nextKey = 1;

export function draftOf(config: RoutersConfig): RoutersDraft {
  return {
    routers: config.routers.map((r) => ({ key: nextKey++, name: r.name, description: r.description, ops: [...r.ops] })),
    singletons: [...config.singletons],
  };
}

export function configOf(draft: RoutersDraft): RoutersConfig {
  return { routers: draft.routers.map(({ name, description, ops }) => ({ name, description, ops })), singletons: draft.singletons };
}

/** Each problem routersConfigSchema finds, as `path: message`: what a save would be refused for. */
export function problemsOf(draft: RoutersDraft): string[] {
  const parsed = routersConfigSchema.safeParse(configOf(draft));
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.join('.') || 'routers'}: ${i.message}`);
}

function withRouter(draft: RoutersDraft, key: number, change: (router: DraftRouter) => DraftRouter): RoutersDraft {
  return { ...draft, routers: draft.routers.map((r) => (r.key === key ? change(r) : r)) };
}

export function renameRouter(draft: RoutersDraft, key: number, name: string): RoutersDraft {
  return withRouter(draft, key, (r) => ({ ...r, name }));
}

export function describeRouter(draft: RoutersDraft, key: number, description: string): RoutersDraft {
  return withRouter(draft, key, (r) => ({ ...r, description }));
}

export function setNote(draft: RoutersDraft, key: number, tool: string, note: string): RoutersDraft {
  return withRouter(draft, key, (r) => ({ ...r, ops: r.ops.map((o) => (o.tool === tool ? { ...o, note } : o)) }));
}

export function setReason(draft: RoutersDraft, tool: string, reason: string): RoutersDraft {
  return { ...draft, singletons: draft.singletons.map((s) => (s.tool === tool ? { ...s, reason } : s)) };
}

/** The tool out of wherever the draft has it (an op or a singleton); a router left with no op goes too. */
export function unplace(draft: RoutersDraft, tool: string): Edited {
  const emptied: string[] = [];
  const routers = draft.routers.flatMap((r) => {
    if (!r.ops.some((o) => o.tool === tool)) return [r];
    const ops = r.ops.filter((o) => o.tool !== tool);
    if (ops.length === 0) {
      emptied.push(r.name);
      return [];
    }
    return [{ ...r, ops }];
  });
  return { draft: { routers, singletons: draft.singletons.filter((s) => s.tool !== tool) }, emptied };
}

/** `get`, or `get_2`, `get_3`… when the router has a `get` already. */
export function freeOpName(ops: readonly RouterOp[], op: string): string {
  const taken = new Set(ops.map((o) => o.op));
  if (!taken.has(op)) return op;
  let n = 2;
  while (taken.has(`${op.slice(0, 60)}_${n}`)) n++;
  return `${op.slice(0, 60)}_${n}`;
}

/** The op moved to the end of another router, renamed when that router has an op of its name. */
export function moveOp(draft: RoutersDraft, fromKey: number, tool: string, toKey: number): Edited {
  const op = draft.routers.find((r) => r.key === fromKey)?.ops.find((o) => o.tool === tool);
  if (!op || fromKey === toKey || !draft.routers.some((r) => r.key === toKey)) return { draft, emptied: [] };
  const out = unplace(draft, tool);
  return { draft: withRouter(out.draft, toKey, (r) => ({ ...r, ops: [...r.ops, { ...op, op: freeOpName(r.ops, op.op) }] })), emptied: out.emptied };
}

/** The tool made a singleton with its reason, out of the router that had it. */
export function makeSingleton(draft: RoutersDraft, tool: string, reason: string): Edited {
  const out = unplace(draft, tool);
  return { draft: { ...out.draft, singletons: [...out.draft.singletons, { tool, reason }] }, emptied: out.emptied };
}

/** A name for a router taken out of `name` that no router of the draft has: `issues_2`. */
export function freeRouterName(draft: RoutersDraft, name: string): string {
  const taken = new Set(draft.routers.map((r) => r.name));
  let n = 2;
  while (taken.has(`${name.slice(0, 44)}_${n}`)) n++;
  return `${name.slice(0, 44)}_${n}`;
}

/**
 * The picked ops taken out of the router into a new one, right after it, with its description
 * to start from. Picking every op (or none) splits nothing: a router keeps at least one op.
 */
export function splitRouter(draft: RoutersDraft, key: number, tools: readonly string[], name: string): RoutersDraft {
  const at = draft.routers.findIndex((r) => r.key === key);
  const router = draft.routers[at];
  if (!router) return draft;
  const picked = new Set(tools);
  const moving = router.ops.filter((o) => picked.has(o.tool));
  if (moving.length === 0 || moving.length === router.ops.length) return draft;
  const routers = [...draft.routers];
  routers.splice(
    at,
    1,
    { ...router, ops: router.ops.filter((o) => !picked.has(o.tool)) },
    { key: nextKey++, name, description: router.description, ops: moving },
  );
  return { ...draft, routers };
}

export function removeRouter(draft: RoutersDraft, key: number): RoutersDraft {
  return { ...draft, routers: draft.routers.filter((r) => r.key !== key) };
}
