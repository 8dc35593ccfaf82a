import { z } from 'zod';
import { singleton } from './singleton';

/**
 * Every environment variable the product reads, validated once at start-up.
 * A bad value stops the process with a message naming the variable
 * (ARCHITECTURE.md decision 9). The README's table mirrors this schema.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin used in Open Graph tags and share links. */
  PUBLIC_URL: z.string().url().optional(),
  /** PostgreSQL connection string; unset means PGlite under DATA_DIR. */
  DATABASE_URL: z.string().min(1).optional(),
  /** Where PGlite, local media and the starter library live. */
  DATA_DIR: z.string().default('.data'),
  /** Secret that signs media URLs; generated and kept in DATA_DIR when unset. */
  MEDIA_SIGNING_SECRET: z.string().min(16).optional(),
  /** Lifetime of a signed media URL, seconds. */
  MEDIA_URL_TTL_S: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(6 * 3600),
  /** Longest accepted video, seconds. SPEC.md section 5. */
  VIDEO_MAX_DURATION_S: z.coerce.number().positive().default(90),
  /** S3-compatible storage; local directory when S3_BUCKET is unset. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().default('ap-south-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Run the job worker in this process (set false for web-only processes). */
  WORKER_ENABLED: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Parallel media jobs per worker process. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Make the starter library on first start. */
  STARTER_LIBRARY: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Make only the first N reels of the starter library (tests, CI); unset makes all 27. */
  STARTER_LIBRARY_LIMIT: z.coerce.number().int().min(0).optional(),
  /** Redis for the socket.io adapter when scaling out; in-memory when unset. */
  REDIS_URL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Parses `source` (default `process.env`) into the typed config.
 * @throws Error naming each invalid variable.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The process's config, parsed on first use and shared (ARCHITECTURE.md decision 11). */
export function env(): Env {
  return singleton('env', () => parseEnv());
}
