import 'server-only';
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
  /**
   * Hosts (comma-separated hostnames, each maybe with `:port`) this server
   * answers for; a request whose Host (or, with TRUST_PROXY, X-Forwarded-Host)
   * is not listed is refused (lib/http/request-info.ts). An entry without a
   * port matches any port. Unset: any host, except in production without
   * PUBLIC_URL, where only localhost, 127.0.0.1 and [::1] are answered.
   */
  ALLOWED_HOSTS: z.string().default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .refine((list) => list.every((h) => /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?)(:\d{1,5})?$/.test(h)),
      'must be comma-separated hostnames, each maybe with :port (e.g. solar.example,www.solar.example:8443)'),
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
  /** Unfinished resumable (tus) uploads one user may have open at once; more are refused with 429 `upload_limit`. */
  UPLOAD_MAX_OPEN_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  /**
   * Bytes one user's unfinished resumable uploads may declare (Upload-Length)
   * in all, default 600 MB (three full 200 MB uploads); more is refused with 413 `upload_limit`.
   */
  UPLOAD_MAX_RESERVED_BYTES_PER_USER: z.coerce.number().int().min(1).default(600 * 1024 * 1024),
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
  /** Redis for the socket.io adapter and the chat rate limit when scaling out; in-memory when unset. */
  REDIS_URL: z.string().min(1).optional(),
  /**
   * OpenAI-compatible endpoint (e.g. a local Ollama or vLLM, `http://127.0.0.1:11434/v1`)
   * that rephrases the assistant's retrieved answers; unset = the retrieved answer is the reply.
   */
  LLM_BASE_URL: z.string().url().optional(),
  /** Model name sent to LLM_BASE_URL. */
  LLM_MODEL: z.string().min(1).default('llama3.2'),
  /** Bearer token for LLM_BASE_URL, if it wants one. */
  LLM_API_KEY: z.string().min(1).optional(),
  /**
   * Speech-to-text provider for the assistant's voice input
   * (features/assistant/server/speech-to-text.ts): audio is POSTed there
   * (body: the recording, Content-Type its type; query `language`) and it
   * answers JSON `{text, language}`. Unset: no server voice input; GET
   * chat/audio_token answers 404 `voice_unavailable` and the microphone
   * uses the browser's own speech recognition where there is one.
   */
  STT_URL: z.string().url().optional(),
  /** Bearer token for STT_URL, if it wants one. */
  STT_API_KEY: z.string().min(1).optional(),
  /** How long one transcription may take at STT_URL, ms; then the voice message is a 503 `transcription_unavailable`. */
  STT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /**
   * Secret (32+ characters) that signs the links the company's other
   * channels send registered customers (GET
   * /recommendation-service/api/v1/redirect-native-customer?t=;
   * docs/ops/native-customer-link.md; `npm run link:customer`). Unset:
   * such links open the plain landing (API clients: 404 `not_found`).
   */
  NATIVE_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Callback business hours, India time (Asia/Kolkata), "HH:MM-HH:MM" 24-hour.
   * SPEC.md section 5 "Callback scheduling"; features/leads/lib/slots.ts.
   */
  LEADS_BUSINESS_HOURS: z.string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/, 'must look like 10:00-19:00')
    .refine((v) => {
      const [a, b] = v.split('-').map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
      return b > a && b <= 24 * 60;
    }, 'the end must be after the start')
    .default('10:00-19:00'),
  /** Length of one callback slot, minutes. */
  LEADS_SLOT_MINUTES: z.coerce.number().int().min(15).max(240).default(60),
  /**
   * The CRM's webhook: each new lead is POSTed there as JSON by a durable
   * `lead_webhook` job with retries. Unset: leads stay crm_status 'pending'
   * (kept for a later export or redelivery) and a warning is logged.
   */
  LEADS_WEBHOOK_URL: z.string().url().optional(),
  /**
   * Origins (scheme://host[:port], comma-separated) allowed to embed
   * /chat/external/* in a frame: its Content-Security-Policy
   * frame-ancestors is 'self' plus these. Unset: 'self' only.
   */
  CHAT_EMBED_ORIGINS: z.string().default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .refine((list) => list.every((o) => {
      try {
        return new URL(o).origin === o;
      } catch {
        return false;
      }
    }), 'must be comma-separated origins like https://partner.example (no path, no trailing slash)'),
  /** A chat card after every N reels in the feed (SPEC.md section 4 "chatbot placeholder"); 0 shows none. */
  CHATBOT_EVERY_N: z.coerce.number().int().min(0).max(1000).default(8),
  /**
   * Secret (16+ characters) that signs each CRM webhook call: header
   * `X-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`. Unset: calls go unsigned, with a warning.
   */
  LEADS_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Believe X-Forwarded-For/-Host/-Proto (set only behind a proxy that
   * overwrites them). Off: the socket's address, the Host header and the
   * socket's own scheme are the truth.
   */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** On SIGTERM/SIGINT: how long in-flight requests and socket answers may take to finish, seconds. */
  SHUTDOWN_GRACE_S: z.coerce.number().min(0).max(600).default(10),
  /**
   * On SIGTERM/SIGINT: how long /readyz answers 503 `draining` before the
   * listener closes, ms, so a load balancer polling it stops sending new
   * requests first (server/graceful.ts); requests keep being served
   * meanwhile, and SHUTDOWN_GRACE_S starts after it. Set it to a few of
   * the balancer's probe intervals. Unset: 5000 in production, 0 otherwise.
   */
  READINESS_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /**
   * Port of the Prometheus metrics server (`GET /metrics`,
   * server/metrics-server.ts), bound to METRICS_HOST; 0 turns it off.
   * Unset: 9464, or off under NODE_ENV=test. Every process on one machine
   * (several web processes, workers) needs its own port, or 0: a port in
   * use is logged as a warning and the process runs without metrics.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics server binds to: loopback by default, as the metrics name routes and job kinds. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Per-IP limits (generous: Indian mobile users share addresses behind
   * carrier-grade NAT). Each is requests per window; see lib/http/rate-limit.ts.
   */
  /** Chat messages per IP per 10 minutes (per visitor it stays 30). */
  IP_LIMIT_CHAT: z.coerce.number().int().min(1).default(300),
  /** Likes and unlikes per IP per minute. */
  IP_LIMIT_LIKE: z.coerce.number().int().min(1).default(1200),
  /** Event pushes per IP per minute. */
  IP_LIMIT_EVENTS: z.coerce.number().int().min(1).default(6000),
  /** Browser log lines (/api/errorLog, /api/eventError, /api/logger) per IP per 10 minutes. */
  IP_LIMIT_LOGS: z.coerce.number().int().min(1).default(600),
  /**
   * Run the event derivation loop (events -> views, progress, daily stats,
   * attribution, funnel; docs/decisions/011) in this process. Several
   * processes may run it at once.
   */
  EVENT_DERIVATION: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Callback and subsidy leads per IP per 10 minutes. */
  IP_LIMIT_LEADS: z.coerce.number().int().min(1).default(60),
  /** New visitors (anonymous ids handed out) per IP per 10 minutes. */
  IP_LIMIT_VISITORS: z.coerce.number().int().min(1).default(600),
  /** Sign-in calls (OTP initiate, verify, Google, logout) per IP per 10 minutes. */
  IP_LIMIT_AUTH: z.coerce.number().int().min(1).default(600),
  /** Profile writes (edits, pictures, follows, newsletter, notifications) per IP per 10 minutes. */
  IP_LIMIT_PROFILE: z.coerce.number().int().min(1).default(1200),
  /** Upload requests (tus creations and chunks, single-request uploads) per IP per 10 minutes. */
  IP_LIMIT_UPLOAD: z.coerce.number().int().min(1).default(3000),
  /** Referral calls (contacts, requests, deal moves, notes, scratch, claim) per IP per 10 minutes. */
  IP_LIMIT_REFERRAL: z.coerce.number().int().min(1).default(1200),
  /** Searches (GET /feeds-server/api/v1/search) per IP per minute (per visitor it stays 120). */
  IP_LIMIT_SEARCH: z.coerce.number().int().min(1).default(1200),
  /** Phone lookups (validate/{deal}/{phone}, contact imports) per IP per 10 minutes (per user it stays 30). */
  IP_LIMIT_PHONE_LOOKUP: z.coerce.number().int().min(1).default(100),
  /** OTP codes sent (initiate and resend) per IP per hour, counted in the database. */
  IP_LIMIT_OTP_SENDS: z.coerce.number().int().min(1).default(60),
  /** Wrong OTP codes per IP per hour, counted in the database. */
  IP_LIMIT_OTP_WRONG: z.coerce.number().int().min(1).default(100),
  /**
   * Mobile numbers (comma-separated, 10 digits or +91 E.164) whose users are
   * made ADMIN when they sign in: the first admins (docs/decisions/008).
   */
  ADMIN_PHONES: z.string().default(''),
  /** Days an approved reward is held after "order placed" before it can be scratched (docs/decisions/010). */
  REWARD_HOLD_DAYS: z.coerce.number().min(0).max(365).default(14),
  /** Days an opened invite link attributes a later sign-in to its referrer (first touch). */
  ATTRIBUTION_DAYS: z.coerce.number().min(1).max(365).default(30),
  /** Hours a referral request waits for its answer before it is EXPIRED. */
  REFERRAL_EXPIRY_HOURS: z.coerce.number().min(1).max(24 * 365).default(24 * 14),
  /** Referral requests and invites one user may send per hour (velocity limit, counted in the database). */
  REFERRAL_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Hours between two reminders of one deal. */
  REFERRAL_REMINDER_HOURS: z.coerce.number().min(0).max(24 * 30).default(24),
  /**
   * Days an imported contact is kept when its owner never invited it (no
   * referral from the owner to that phone); then the worker deletes it
   * (features/referrals/server/contact-retention.ts).
   */
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Google sign-in: the OAuth client id ID tokens must be issued for (their `aud`); unset: no Google sign-in. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Where Google's token-signing keys are read (JWKS); tests point it at a local server. */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Google People API base (contacts resync, `referral/api/v1/google-contact/resync`); tests point it at a local server. */
  GOOGLE_PEOPLE_API_URL: z.string().url().default('https://people.googleapis.com'),
  /**
   * How one-time codes reach phones: `console` (default: the code is written
   * to the server log, for development; a loud warning at start-up) or `http`
   * (an SMS gateway with a DLT-registered template, as Indian SMS requires).
   */
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  /** The SMS gateway's send endpoint (SMS_PROVIDER=http). */
  SMS_HTTP_URL: z.string().url().optional(),
  /** Bearer key of the SMS gateway. */
  SMS_API_KEY: z.string().min(1).optional(),
  /** DLT sender id (header), e.g. SURYAR. */
  SMS_SENDER_ID: z.string().min(1).optional(),
  /** DLT template id of the OTP message. */
  SMS_TEMPLATE_ID: z.string().min(1).optional(),
  /** DLT principal entity id of the company. */
  SMS_ENTITY_ID: z.string().min(1).optional(),
  /** Chance that a device gets the A view (SPEC.md section 9: 0.5); sticky per device (lib/analytics/attribution.ts). */
  AB_VIEW_A_PROBABILITY: z.coerce.number().min(0).max(1).default(0.5),
  /**
   * The three fixed experiment identifiers of SPEC.md section 9 (1-40
   * letters, digits, `-`, `_`); a device joins one by landing with
   * `?exp=<id>`. Unset: that experiment is off. docs/decisions/012.
   */
  EXPERIMENT_TOP_N_VIDEOS_ID: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, - or _').optional(),
  EXPERIMENT_CHATBOT_ID: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, - or _').optional(),
  EXPERIMENT_CHATBOT_FEED_ID: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, - or _').optional(),
  /** How many most-viewed reels open the feed of a device in the top-N videos experiment. */
  EXPERIMENT_TOP_N: z.coerce.number().int().min(1).max(50).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
}).superRefine((e, ctx) => {
  // SMS_PROVIDER=http cannot send a DLT-compliant OTP without the gateway and all three DLT ids.
  if (e.SMS_PROVIDER !== 'http') return;
  const needed = ['SMS_HTTP_URL', 'SMS_SENDER_ID', 'SMS_TEMPLATE_ID', 'SMS_ENTITY_ID'] as const;
  for (const name of needed.filter((n) => !e[n])) {
    ctx.addIssue({ code: 'custom', path: [name], message: 'required when SMS_PROVIDER=http' });
  }
}).transform((e) => ({
  ...e,
  // Defaults that depend on NODE_ENV: a drain wait only in production; no metrics port under test.
  READINESS_DRAIN_MS: e.READINESS_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5000 : 0),
  METRICS_PORT: e.METRICS_PORT ?? (e.NODE_ENV === 'test' ? 0 : 9464),
}));

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
