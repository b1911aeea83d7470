import type { z } from 'zod';
import type { Db } from '@/db/client';
import type { SpecRule } from '@/lib/errors';
import { BODY_LIMITS } from '@/lib/limits';
import { type Access, authorise, type Principal } from '@/server/auth/authorise';
import type { AppContext } from '@/server/app-context';
import { appContext } from '@/server/context';
import { readJsonBodyAs } from './body';
import { requireStorableRequest } from './guard';
import type { RequestHead } from './request-head';
import { errorResponse } from './respond';
import { parseParams, parseQuery } from './validate';

export type { Access, Principal };

export type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type Schema = z.ZodType | undefined;
export type ParamsOf<S> = S extends z.ZodType ? z.infer<S> : Record<string, never>;

/** What a route declares about itself: who may call it, its path parameters, and the query and JSON body it takes. */
export interface RouteSpec<PS extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined> {
  access: Access;
  /** The path parameters, e.g. z.object({ id: z.string() }). */
  params?: PS;
  /** The rule a refused query or body cites (§errors when not given). */
  rule?: SpecRule;
  query?: Q;
  /** A JSON body, read up to `bodyLimit` bytes and validated with this schema. */
  body?: B;
  bodyLimit?: number;
}

export interface RouteArgs<P, Q = undefined, B = undefined> {
  req: Request;
  params: P;
  /** The admin, or a project token (its project is the URL's `id`, or the token's own when the URL names none). */
  principal: Principal;
  app: AppContext;
  db: Db;
  query: Q;
  body: B;
}

type NextContext<P> = { params: Promise<P> };

/** A route handler as Next calls it, carrying the spec it declared (the authorisation tests enumerate it). */
export type ApiHandler<P> = ((req: Request, ctx: NextContext<P>) => Promise<Response>) & { readonly access: Access };

/** What every route has checked and parsed before its handler runs. */
export interface HeadArgs<P, Q = undefined> {
  params: P;
  principal: Principal;
  app: AppContext;
  db: Db;
  query: Q;
}

export function normaliseSpec<PS extends Schema, Q extends Schema, B extends Schema>(spec: Access | RouteSpec<PS, Q, B>): RouteSpec<PS, Q, B> {
  // Sound: a spec given as an access level has no params, query or body.
  return typeof spec === 'string' ? ({ access: spec } as RouteSpec<PS, Q, B>) : spec;
}

/**
 * Authorise (§auth), refuse what the database cannot hold, and parse the path and query: the
 * steps before any handler, from the request's head alone (a Web Request or a node:http one).
 */
export async function headArgs<PS extends Schema, Q extends Schema, B extends Schema>(
  spec: RouteSpec<PS, Q, B>,
  head: RequestHead,
  raw: Record<string, string | string[]>,
): Promise<HeadArgs<ParamsOf<PS>, Parsed<Q>>> {
  const app = await appContext();
  const principal = await authorise(app, head, spec.access, typeof raw.id === 'string' ? raw.id : undefined);
  requireStorableRequest(head, raw);
  // Sound: parsed by PS and Q when declared; ParamsOf and Parsed give the raw and undefined types when not.
  const params = (spec.params ? parseParams(spec.params, raw) : raw) as ParamsOf<PS>;
  const query = (spec.query ? parseQuery(spec.query, head.url, spec.rule) : undefined) as Parsed<Q>;
  return { params, principal, app, db: app.db, query };
}

/**
 * Every API route goes through here: authorise (§auth), refuse what the database cannot hold,
 * parse the query and body, run, and turn any failure into the §errors envelope. Handlers get
 * the database and the parsed input, call the server layer, and return a Response.
 */
export function apiRoute<PS extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  spec: Access | RouteSpec<PS, Q, B>,
  handler: (args: RouteArgs<ParamsOf<PS>, Parsed<Q>, Parsed<B>>) => Promise<Response>,
): ApiHandler<ParamsOf<PS>> {
  type P = ParamsOf<PS>;
  const full = normaliseSpec(spec);
  const route = async (req: Request, ctx: NextContext<P>) => {
    try {
      const raw: Record<string, string | string[]> = (await ctx?.params) ?? {};
      const head = await headArgs(full, req, raw);
      // Sound: parsed by B when declared; Parsed gives undefined when not.
      const body = (full.body ? await readJsonBodyAs(full.body, req, full.bodyLimit ?? BODY_LIMITS.small, full.rule) : undefined) as Parsed<B>;
      const res = await handler({ ...head, req, body });
      // A write that succeeded tells the pages open on its project (GET /changes); one that failed changed nothing.
      if (res.status < 400) head.app.changeFeed.noteRequest(req.method, req.url);
      return res;
    } catch (err) {
      return errorResponse(err);
    }
  };
  return Object.assign(route, { access: full.access });
}
