import { describe, expect, it } from 'vitest';
import { asAbortSignal, CallCancel } from './call-signal';

describe('CallCancel (a call’s cancellation, as an AbortSignal behaves)', () => {
  it('calls each listener once, in the order they were added, and not one that was removed', () => {
    const cancel = new CallCancel();
    const heard: string[] = [];
    const second = () => heard.push('second');
    cancel.addEventListener('abort', () => heard.push(`first ${String(cancel.reason)}`), { once: true });
    cancel.addEventListener('abort', second);
    cancel.addEventListener('abort', () => heard.push('third'));
    cancel.removeEventListener('abort', second);
    expect(cancel.aborted).toBe(false);
    cancel.abort('client went away');
    cancel.abort('again');
    expect(cancel.aborted).toBe(true);
    expect(cancel.reason).toBe('client went away');
    expect(heard).toEqual(['first client went away', 'third']);
  });

  it('gives the reason an AbortController gives when aborted with none', () => {
    const cancel = new CallCancel();
    const controller = new AbortController();
    cancel.abort();
    controller.abort();
    expect(cancel.reason).toBeInstanceOf(DOMException);
    expect(String(cancel.reason)).toBe(String(controller.signal.reason));
  });

  it('is followed by the AbortSignal the SDK’s Client is given, before or after it aborts; an AbortSignal is passed as it is', () => {
    const later = new CallCancel();
    const following = asAbortSignal(later);
    expect(following?.aborted).toBe(false);
    later.abort('timeout');
    expect(following?.aborted).toBe(true);
    expect(following?.reason).toBe('timeout');
    const already = new CallCancel();
    already.abort('gone');
    expect(asAbortSignal(already)?.reason).toBe('gone');
    const signal = new AbortController().signal;
    expect(asAbortSignal(signal)).toBe(signal);
    expect(asAbortSignal(undefined)).toBeUndefined();
  });
});
