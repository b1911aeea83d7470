import { loginResultSchema, sessionViewSchema } from '@/lib/contracts/auth';
import { loginSchema } from '@/lib/schemas/auth';
import type { PathOperations } from '../operation';
import { JSON_TYPE } from './shared';

export const AUTH_OPERATIONS: Record<string, PathOperations> = {
  '/api/auth/login': {
    post: {
      tag: 'auth',
      access: 'public',
      summary: 'Exchange the admin password for the session cookie',
      description: 'Password mode only. Ten wrong passwords from one address make it wait five minutes.',
      body: { required: true, content: { [JSON_TYPE]: loginSchema } },
      responses: {
        200: {
          description: 'Signed in: {authenticated: true}.',
          schema: loginResultSchema,
          headers: { 'Set-Cookie': 'The HttpOnly, SameSite=Lax session cookie (7 days).' },
        },
      },
      errors: ['CONFLICT', 'UNAUTHORIZED', 'RATE_LIMITED', 'ORIGIN_REJECTED'],
    },
  },
  '/api/auth/logout': {
    post: {
      tag: 'auth',
      access: 'public',
      summary: 'End the session (in every process) and clear its cookie',
      responses: { 204: { description: 'Signed out.', mediaType: null } },
      errors: ['ORIGIN_REJECTED'],
    },
  },
  '/api/auth/session': {
    get: {
      tag: 'auth',
      access: 'public',
      summary: 'The login mode and whether this caller is signed in',
      responses: { 200: { description: 'The mode (local or password) and whether this caller is signed in.', schema: sessionViewSchema } },
    },
  },
};
