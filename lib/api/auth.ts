import { loginResultSchema, sessionViewSchema } from '@/lib/contracts/auth';
import { loginSchema } from '@/lib/schemas/auth';
import { endpoint } from './endpoint';

/** Signing the admin in and out (§auth). */
export const AUTH_ENDPOINTS = {
  login: endpoint({
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    access: 'public',
    summary: 'Exchange the admin password for the session cookie',
    description: 'Password mode only. Ten wrong passwords from one address make it wait five minutes.',
    // Read by the handler itself, after the throttle: a locked-out address is refused before its body is read.
    body: { required: true, content: { 'application/json': loginSchema } },
    responses: {
      200: {
        description: 'Signed in: {authenticated: true}.',
        schema: loginResultSchema,
        headers: { 'Set-Cookie': 'The HttpOnly, SameSite=Lax session cookie (7 days).' },
      },
    },
    errors: ['CONFLICT', 'UNAUTHORIZED', 'RATE_LIMITED', 'ORIGIN_REJECTED'],
  }),
  logout: endpoint({
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    access: 'public',
    summary: 'End the session (in every process) and clear its cookie',
    responses: { 204: { description: 'Signed out.', mediaType: null } },
    errors: ['ORIGIN_REJECTED'],
  }),
  session: endpoint({
    method: 'get',
    path: '/api/auth/session',
    tag: 'auth',
    access: 'public',
    summary: 'The login mode and whether this caller is signed in',
    responses: { 200: { description: 'The mode (local or password) and whether this caller is signed in.', schema: sessionViewSchema } },
  }),
};
