import { compileToolSchema, type ToolSchemaCheck } from './check';

/**
 * Compiled inputSchemas, each compiled once: keyed by the schema object itself, so a catalog
 * version held in memory is compiled at its first call per tool and never again, and a version
 * no longer held is forgotten with it.
 */
export class SchemaChecks {
  private readonly compiled = new WeakMap<object, ToolSchemaCheck>();

  /** Whether this schema object is compiled already (a compile is the costly part of a first check). */
  has(inputSchema: Record<string, unknown>): boolean {
    return this.compiled.has(inputSchema);
  }

  for(inputSchema: Record<string, unknown>): ToolSchemaCheck {
    let check = this.compiled.get(inputSchema);
    if (!check) {
      check = compileToolSchema(inputSchema);
      this.compiled.set(inputSchema, check);
    }
    return check;
  }
}
