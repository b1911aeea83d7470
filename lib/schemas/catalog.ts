import { hasControlCharacter } from '@/lib/text';
import { z } from 'zod';
import { MAX_TOOLS_PER_SERVER } from '@/lib/limits';
import { SERVER_NAME_RE } from '@/lib/names/canonical';

// A tool name is whatever the server lists (it may hold `-`, `.`, `/`), but not control characters.
const toolName = z
  .string()
  .min(1)
  .max(256)
  .refine((name) => !hasControlCharacter(name), 'must not contain control characters');

export const catalogToolSchema = z.object({
  name: toolName,
  title: z.string().max(1_000).optional(),
  description: z.string().max(100_000).optional(),
  inputSchema: z.record(z.string(), z.unknown()).default({ type: 'object' }),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
export type CatalogTool = z.infer<typeof catalogToolSchema>;

/** A `tools/list` result; `nextCursor` and other fields are ignored. */
export const toolsListSchema = z
  .object({
    tools: z.array(catalogToolSchema).max(MAX_TOOLS_PER_SERVER, {
      error: (issue) => `a server lists at most ${MAX_TOOLS_PER_SERVER} tools; this one lists ${Array.isArray(issue.input) ? issue.input.length : 'more'}`,
    }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.tools.forEach((tool, index) => {
      if (seen.has(tool.name)) {
        ctx.addIssue({ code: 'custom', path: ['tools', index, 'name'], message: `duplicate tool name '${tool.name}'` });
      }
      seen.add(tool.name);
    });
  });

export const serverNameSchema = z.string().regex(SERVER_NAME_RE, 'a server name is 1–64 of [A-Za-z0-9_.-], starting with a letter or digit');
