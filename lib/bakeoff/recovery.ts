import { isWrongOp, type ToolCallRecord } from './transcript';

/** What a run's wrong ops cost (§routers, §bakeoff). */
export interface Recovery {
  /** Router calls naming an op the router lacks. */
  wrongOps: number;
  /** Per recovery (a router's wrong ops up to the call that ends them), the model turns from its first wrong op to that call. */
  turnsToRecover: number[];
  /** Recoveries the run ended without: routers whose wrong ops no right op (nor the target) followed. */
  neverRecovered: number;
}

/**
 * How a run got back on track after its wrong ops. A wrong op opens a recovery for its router,
 * unless one is open already (guessing again is the same mistake going on); the recovery ends at
 * the next right op of that router, or at any call of the target (the model found its way some
 * other way), and takes the turns between the first wrong op and that call. list_ops is a step
 * towards recovering, not a recovery: it calls nothing.
 */
export function recoveryOf(calls: readonly ToolCallRecord[], target: string): Recovery {
  const open = new Map<string, number>();
  const turnsToRecover: number[] = [];
  let wrongOps = 0;
  const recover = (router: string, turn: number) => {
    const since = open.get(router);
    if (since === undefined) return;
    turnsToRecover.push(turn - since);
    open.delete(router);
  };
  for (const call of calls) {
    if (isWrongOp(call) && call.router !== undefined) {
      wrongOps++;
      if (!open.has(call.router)) open.set(call.router, call.turn);
    } else if (call.canonical === target) {
      for (const router of [...open.keys()]) recover(router, call.turn);
    } else if (call.router !== undefined && call.canonical !== null) {
      recover(call.router, call.turn);
    }
  }
  return { wrongOps, turnsToRecover, neverRecovered: open.size };
}
