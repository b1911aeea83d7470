import { LIST_OPS, type Router } from '@/lib/schemas/routers';
import type { TokenMethodId } from '@/lib/surface/targets';
import { toolTokens } from '@/lib/surface/tokens';
import type { ToolBody } from '@/lib/surface/types';

/**
 * A router as a model sees it (#49): its input is `op` (a string enum of its ops and `list_ops`)
 * and `arguments` (an object), and its description lists each op in one line with its note.
 */
export function routerDefinition(router: Router): ToolBody {
  const ops = router.ops.map((o) => o.op);
  return {
    description: [
      router.description,
      '',
      `Ops (op "${LIST_OPS}" answers each op's note and input schema):`,
      ...router.ops.map((o) => `- ${o.op}: ${o.note}`),
    ].join('\n'),
    inputSchema: {
      type: 'object',
      properties: {
        op: { type: 'string', enum: [...ops, LIST_OPS], description: 'The op to run' },
        arguments: { type: 'object', description: "The op's arguments, as its input schema says" },
      },
      required: ['op'],
    },
  };
}

/** The tokens of a router's definition under its name, as the token estimate counts any presented tool. */
export function routerTokens(router: Router, method: TokenMethodId): number {
  return toolTokens(router.name, routerDefinition(router), method);
}
