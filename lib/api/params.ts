import { z } from 'zod';
import { serverNameSchema } from '@/lib/schemas/catalog';
import { proxyIdSchema } from '@/lib/schemas/proxies';

/** Path parameters of the routes, by the segments they name. */
export const projectParams = z.object({ id: z.string() });
export const serverParams = z.object({ id: z.string(), server: z.string() });
export const tokenParams = z.object({ id: z.string(), tokenId: z.string() });
/** A server named in a write must be a valid server name (a read of an unknown one is a 404). */
export const newServerParams = z.object({ id: z.string(), server: serverNameSchema });
/** A proxy's own id: a report under a malformed one is refused, a read of an unknown one is a 404. */
export const proxyParams = z.object({ id: z.string(), proxyId: z.string() });
export const newProxyParams = z.object({ id: z.string(), proxyId: proxyIdSchema });
/** A bake-off run of a project: a read or delete of an unknown one is a 404. */
export const bakeoffRunParams = z.object({ id: z.string(), runId: z.string() });
