import { z } from 'zod';

/** POST /api/auth/login; the session itself is the cookie. */
export const loginResultSchema = z.object({ authenticated: z.literal(true) });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** GET /api/auth/session: the login mode, and whether this caller is signed in. */
export const sessionViewSchema = z.object({
  mode: z.enum(['local', 'password']),
  authenticated: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
