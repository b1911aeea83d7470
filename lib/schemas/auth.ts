import { z } from 'zod';
export type { SessionView } from '@/lib/contracts/auth';

export const loginSchema = z.object({ password: z.string().min(1, 'enter the admin password').max(1_024) }).strict();
