/**
 * What a tool call needs of its cancellation: whether and why it was cancelled, and a way to
 * hear of it. An AbortSignal has all of it; so does CallCancel, which the proxy makes for every
 * call it serves direct, because an AbortController and its event target cost a call more than
 * the rest of its routing does (#26).
 */
export interface CallSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * A cancellation aborted at most once. Its listeners are called once each, in the order they
 * were added, as an AbortSignal's are; so is `reason` the same: what `abort` was given, or an
 * AbortError when it was given nothing.
 */
export class CallCancel implements CallSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: (() => void)[] = [];

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }

  addEventListener(_type: 'abort', listener: () => void, _options?: { once?: boolean }): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.listeners.indexOf(listener);
    if (at !== -1) this.listeners.splice(at, 1);
  }
}

/** The signal as the SDK's Client takes it (an AbortSignal and nothing else): itself, or one that follows it. */
export function asAbortSignal(signal: CallSignal | undefined): AbortSignal | undefined {
  if (signal === undefined || signal instanceof AbortSignal) return signal;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}
