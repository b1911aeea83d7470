import type { ArgumentCheckMode, ArgumentProblem } from '@/lib/arguments/classes';
import { SchemaChecks } from '@/lib/arguments/schema-checks';
import { errorMessage } from '@/lib/thrown';

/** What the check of one call found, and what handleCall does with it. */
export interface CallCheck {
  /** Undefined when nothing was checked: checks off, no schema listed, or one that does not compile. */
  problems?: ArgumentProblem[];
  /** Enforce mode and a problem the schema forbids: answer without calling the server. */
  refuse: boolean;
}

const UNCHECKED: CallCheck = { refuse: false };

/**
 * The proxy's argument checks (§arguments): one SchemaChecks for the run, keyed by the schema
 * objects of the tools the upstreams listed, so each is compiled at its tool's first call and
 * again only when the server lists a new catalog (which brings new objects). A schema that does
 * not compile is said on stderr once per tool per catalog version, and its calls pass unchecked.
 */
export class ArgumentChecks {
  private readonly schemas = new SchemaChecks();
  private readonly warned = new WeakSet<object>();

  constructor(private readonly log: (message: string) => void) {}

  check(mode: ArgumentCheckMode, tool: string, inputSchema: Record<string, unknown> | undefined, args: unknown): CallCheck {
    if (mode === 'off' || !inputSchema) return UNCHECKED;
    const compiled = this.schemas.for(inputSchema);
    if (!compiled.ok) {
      if (!this.warned.has(inputSchema)) {
        this.warned.add(inputSchema);
        this.log(`${tool}: ${compiled.reason}; its calls are passed through unchecked`);
      }
      return UNCHECKED;
    }
    const { problems, unchecked } = compiled.check(args);
    if (!problems) {
      this.log(`${tool}: ${unchecked}; this call is counted unchecked`);
      return UNCHECKED;
    }
    return { problems, refuse: mode === 'enforce' && problems.some((p) => p.blocking) };
  }

  /**
   * The check of a call already sent to its server (a mode that does not refuse): what it found
   * goes in the trace only. It never throws, since the call ran: a check that fails is said on
   * stderr and the call counts as unchecked.
   */
  report(mode: ArgumentCheckMode, tool: string, inputSchema: Record<string, unknown> | undefined, args: unknown): ArgumentProblem[] | undefined {
    try {
      return this.check(mode, tool, inputSchema, args).problems;
    } catch (err) {
      this.log(`${tool}: the argument check failed (${errorMessage(err)}); this call is counted unchecked`);
      return undefined;
    }
  }
}
