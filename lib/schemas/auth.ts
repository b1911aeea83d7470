import { z } from 'zod';

export const loginSchema = z.object({ password: z.string().min(1, 'enter the admin password').max(1_024) }).strict();

/** What the dashboard needs to know about the login: the mode, and whether this browser is signed in. */
export interface SessionView {
  mode: 'local' | 'password';
  authenticated: boolean;
}
