import 'server-only';
import type { IncomingMessage } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { logger } from './logger';
import { singleton } from './singleton';
import { withTimeout } from './timeout';

/**
 * The process's Prometheus metrics (prom-client): one registry and the
 * metric objects, kept on globalThis (lib/singleton.ts) because Next loads
 * lib/ a second time for server components and prom-client refuses a name
 * registered twice. Names follow Prometheus' conventions (base units in the
 * name: `_seconds`, `_total` for counters). Every label has a closed set
 * of values: a route PATTERN, never a raw URL; a job kind; an event type of
 * the closed enum. docs/ops/metrics.md lists them for operators; the
 * metrics server (server/metrics-server.ts) exposes them on METRICS_PORT.
 */

/** One row of the job queue's depth: how many jobs of `kind` are in `state`. */
export interface JobDepthRow { kind: string; state: string; count: number }

/**
 * What is read from the database when Prometheus scrapes (the web process
 * and the worker set these; lib/ cannot import the features that know the
 * queries). Each may throw; the gauge is then left empty for that scrape.
 */
export interface ScrapeSources {
  /** Jobs per kind and state (lib/jobs/queue.ts jobQueueDepth). */
  jobQueueDepth?: () => Promise<JobDepthRow[]>;
  /** Age of the oldest event not yet derived, seconds; 0 when none waits (features/events/server/derive.ts). */
  derivationLagSeconds?: () => Promise<number>;
}

/** How long a scrape waits for one database-backed gauge before leaving it empty, ms. */
const SCRAPE_SOURCE_TIMEOUT_MS = 2000;

export interface AppMetrics {
  registry: Registry;
  /** Time from a request's arrival at the one port's listener to its response's end, seconds; labels method, route, status_class. */
  httpRequestDuration: Histogram<'method' | 'route' | 'status_class'>;
  /** socket.io clients connected to this process. */
  socketConnections: Gauge;
  /** From a chat question's acceptance to its answer's last chunk, seconds; label matched ("true"/"false"). */
  chatAnswerDuration: Histogram<'matched'>;
  /** Jobs in the queue per kind and state (queued, running), read from the jobs table on scrape. */
  jobQueueDepth: Gauge<'kind' | 'state'>;
  /** One job attempt's run time, seconds; labels kind, outcome (done, retry, failed). */
  jobDuration: Histogram<'kind' | 'outcome'>;
  /** Jobs that ended `failed` for good (attempts used up, a permanent error, a lost worker), per kind. */
  jobFailures: Counter<'kind'>;
  /** Event pushes accepted, per event type and result (stored, duplicate). */
  eventsIngested: Counter<'event_type' | 'result'>;
  /** Age of the oldest event the derivation has not folded yet, seconds (0 when caught up); read on scrape. */
  eventDerivationLag: Gauge;
  /** Feed cache lookups answered from memory, per cache. */
  feedCacheHits: Counter<'cache'>;
  /** Feed cache lookups that had to load, per cache. */
  feedCacheMisses: Counter<'cache'>;
}

interface MetricsState { metrics: AppMetrics; sources: ScrapeSources }

function make(): MetricsState {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const state: MetricsState = { sources: {}, metrics: undefined as unknown as AppMetrics };
  const warn = (err: unknown, what: string) => logger().warn({ err }, `metrics: ${what} unavailable for this scrape`);
  state.metrics = {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests on the main port: time to the end of the response, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    socketConnections: new Gauge({
      name: 'socketio_connections',
      help: 'socket.io clients connected to this process.',
      registers: [registry],
    }),
    chatAnswerDuration: new Histogram({
      name: 'chat_answer_duration_seconds',
      help: 'Assistant answers: time from the accepted question to the last chunk, by whether a vetted answer matched.',
      labelNames: ['matched'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
      registers: [registry],
    }),
    jobQueueDepth: new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs in the durable queue by kind and state (queued, running); read from the database on scrape.',
      labelNames: ['kind', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const read = state.sources.jobQueueDepth;
        if (!read) return;
        try {
          for (const r of await withTimeout(read(), SCRAPE_SOURCE_TIMEOUT_MS)) this.set({ kind: r.kind, state: r.state }, r.count);
        } catch (err) {
          warn(err, 'job queue depth');
        }
      },
    }),
    jobDuration: new Histogram({
      name: 'job_duration_seconds',
      help: 'One job attempt: run time of its handler, by kind and outcome (done, retry, failed).',
      labelNames: ['kind', 'outcome'] as const,
      buckets: [0.05, 0.25, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'job_failures_total',
      help: 'Jobs that ended failed for good, by kind.',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    eventsIngested: new Counter({
      name: 'events_ingested_total',
      help: 'Event pushes accepted, by event type and result (stored, duplicate).',
      labelNames: ['event_type', 'result'] as const,
      registers: [registry],
    }),
    eventDerivationLag: new Gauge({
      name: 'event_derivation_lag_seconds',
      help: 'Age of the oldest event not yet derived (0 when caught up); read from the database on scrape.',
      registers: [registry],
      async collect() {
        const read = state.sources.derivationLagSeconds;
        if (!read) return;
        try {
          this.set(await withTimeout(read(), SCRAPE_SOURCE_TIMEOUT_MS));
        } catch (err) {
          this.reset();
          warn(err, 'event derivation lag');
        }
      },
    }),
    feedCacheHits: new Counter({
      name: 'feed_cache_hits_total',
      help: 'Feed cache lookups answered from memory (fresh or served stale while reloading), by cache.',
      labelNames: ['cache'] as const,
      registers: [registry],
    }),
    feedCacheMisses: new Counter({
      name: 'feed_cache_misses_total',
      help: 'Feed cache lookups that started a load, by cache.',
      labelNames: ['cache'] as const,
      registers: [registry],
    }),
  };
  return state;
}

function metricsState(): MetricsState {
  return singleton('metrics', make);
}

/** The process's metrics (created on first use, with Node's default runtime and process metrics). */
export function metrics(): AppMetrics {
  return metricsState().metrics;
}

/**
 * Sets where the database-backed gauges read from on scrape (server/index.ts
 * and server/worker.ts); a source left out keeps its previous setting.
 */
export function setScrapeSources(sources: ScrapeSources): void {
  Object.assign(metricsState().sources, sources);
}

/** Route patterns of API requests, set by the API's middleware and read by the request listener when the response ends. */
const routePatterns = singleton('metrics_route_patterns', () => new WeakMap<IncomingMessage, string>());

/** Records the route pattern (e.g. `/feeds-server/api/v1/:id`) that answered `req`, for http_request_duration_seconds. */
export function setRoutePattern(req: IncomingMessage, pattern: string): void {
  routePatterns.set(req, pattern);
}

/** The route pattern recorded for `req` by setRoutePattern, or undefined. */
export function routePatternOf(req: IncomingMessage): string | undefined {
  return routePatterns.get(req);
}
