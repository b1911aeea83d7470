import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { apiRoute } from '@/server/http/route';

const notFound = apiRoute({ access: 'public', params: z.object({ path: z.array(z.string()) }) }, async ({ req }) => {
  throw new ApiError('NOT_FOUND', `no API route for ${req.method} ${new URL(req.url).pathname}`, {
    suggestedAction: 'check the path; every API route is listed at /docs/api (and in /api/openapi.json)',
    citedRule: '§errors',
  });
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
