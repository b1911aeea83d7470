import { surfaceRoute } from '@/server/surface/surface-route';

/** What a proxy presents (§surface); server.ts serves the same handler ahead of Next for the proxies' polls. */
export const GET = surfaceRoute;
