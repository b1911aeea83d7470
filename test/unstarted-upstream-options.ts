import type { UpstreamEvents, UpstreamOptions } from '@/proxy/upstreams';

/** Options for upstreams a proxy unit test builds but never starts: short bounds, and nothing logged or reported. */
export const UNSTARTED_UPSTREAM_OPTIONS: UpstreamOptions = {
  timeoutMs: 1_000,
  callTimeoutMs: 1_000,
  backoff: { initialMs: 100, maxMs: 100 },
  heartbeatMs: 60_000,
  log: () => {},
};

/** For an upstream a test starts and whose tools and state it reads off the upstream itself. */
export const NO_EVENTS: UpstreamEvents = { onTools: () => {}, onState: () => {} };
