import { z } from 'zod';

export const YAML_MEDIA_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml', 'text/plain'] as const;

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === '');

export const exportQuerySchema = z.object({ download: flag });
export const applyQuerySchema = z.object({ dryRun: flag });
