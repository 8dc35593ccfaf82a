import 'server-only';
import { cookies } from 'next/headers';
import { EXPERIMENTS_COOKIE, type AnalyticsConfig } from './analytics/config';
import { env, type Env } from './env';

/**
 * The A/B view and experiment settings (SPEC.md section 9) from server
 * env, for the browser: the root layout renders them into the page
 * (lib/analytics/config.ts reads them), so one build serves any setting
 * and no request is spent fetching them. docs/decisions/012.
 * @param e the parsed env (default: the process's).
 */
export function analyticsConfigFromEnv(e: Pick<Env, 'AB_VIEW_A_PROBABILITY' | 'EXPERIMENT_TOP_N_VIDEOS_ID' | 'EXPERIMENT_CHATBOT_ID' | 'EXPERIMENT_CHATBOT_FEED_ID'> = env()): AnalyticsConfig {
  return {
    abViewAProbability: e.AB_VIEW_A_PROBABILITY,
    experiments: {
      topNVideos: e.EXPERIMENT_TOP_N_VIDEOS_ID ?? null,
      chatbot: e.EXPERIMENT_CHATBOT_ID ?? null,
      chatbotFeed: e.EXPERIMENT_CHATBOT_FEED_ID ?? null,
    },
  };
}

/**
 * JSON of the config, safe inside a `<script type="application/json">`:
 * `<` is escaped so no value can close the tag.
 */
export function analyticsConfigJson(config: AnalyticsConfig = analyticsConfigFromEnv()): string {
  return JSON.stringify(config).replace(/</g, '\\u003c');
}

/**
 * The top-N videos experiment id when `cookieValue` (the `sr_exp` cookie:
 * comma-separated experiment ids the device joined) holds the configured
 * EXPERIMENT_TOP_N_VIDEOS_ID; else null. Pure apart from the env.
 */
export function topNExperimentOf(cookieValue: string | undefined, e: Pick<Env, 'EXPERIMENT_TOP_N_VIDEOS_ID'> = env()): string | null {
  const id = e.EXPERIMENT_TOP_N_VIDEOS_ID;
  if (!id || !cookieValue) return null;
  return cookieValue.split(',').map((s) => s.trim()).includes(id) ? id : null;
}

/** The request's top-N videos experiment id (see topNExperimentOf), for server-rendered feeds. */
export async function topNExperimentOfRequest(): Promise<string | null> {
  return topNExperimentOf((await cookies()).get(EXPERIMENTS_COOKIE)?.value);
}
