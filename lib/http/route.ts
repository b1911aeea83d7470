import { authorize, type Access, type Principal } from '@/lib/auth/authorize';
import { requireStorableRequest } from './guard';
import { errorResponse } from './respond';

export type { Access, Principal };

export interface RouteArgs<P> {
  req: Request;
  params: P;
  /** The admin, or a project token (its project is the URL's `id`, or the token's own when the URL names none). */
  principal: Principal;
}

type NextContext<P> = { params: Promise<P> };

/** A route handler as Next calls it, carrying the access it declared (the authorisation tests enumerate it). */
export type ApiHandler<P> = ((req: Request, ctx: NextContext<P>) => Promise<Response>) & { readonly access: Access };

/**
 * Every API route goes through here: authorise (§auth), refuse what the database cannot hold,
 * run, and turn any failure into the §errors envelope. Handlers parse with zod, call lib/ and
 * db/, and return a Response.
 */
export function apiRoute<P extends Record<string, string | string[]> = Record<string, never>>(
  access: Access,
  handler: (args: RouteArgs<P>) => Promise<Response>,
): ApiHandler<P> {
  const route = async (req: Request, ctx: NextContext<P>) => {
    try {
      const params = ((await ctx?.params) ?? {}) as P;
      const projectId = typeof params.id === 'string' ? params.id : undefined;
      const principal = await authorize(req, access, projectId);
      requireStorableRequest(req, params);
      return await handler({ req, params, principal });
    } catch (err) {
      return errorResponse(err);
    }
  };
  return Object.assign(route, { access });
}
