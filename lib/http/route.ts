import { errorResponse } from './respond';

/**
 * Who may call a route. Project scopes also admit the admin; `public` needs nothing.
 * (Local mode admits everyone; password mode and project tokens are §auth.)
 */
export type Access = 'public' | 'admin' | 'events:write' | 'surface:read';

export type Principal = { kind: 'admin'; via: 'local' | 'session' } | { kind: 'anonymous' };

export interface RouteArgs<P> {
  req: Request;
  params: P;
  principal: Principal;
}

type NextContext<P> = { params: Promise<P> };

/**
 * Every API route goes through here: authorise, run, and turn any failure into the §errors
 * envelope. Handlers parse with zod, call lib/ and db/, and return a Response.
 */
export function apiRoute<P extends Record<string, string | string[]> = Record<string, never>>(
  access: Access,
  handler: (args: RouteArgs<P>) => Promise<Response>,
): (req: Request, ctx: NextContext<P>) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const params = ((await ctx?.params) ?? {}) as P;
      const principal = await authorize(req, access);
      return await handler({ req, params, principal });
    } catch (err) {
      return errorResponse(err);
    }
  };
}

async function authorize(_req: Request, access: Access): Promise<Principal> {
  if (access === 'public') return { kind: 'anonymous' };
  return { kind: 'admin', via: 'local' };
}
