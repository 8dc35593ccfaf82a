/**
 * The analytics settings the server hands to the browser inside the page
 * (no extra request): the A/B probability and the three experiment ids.
 * The root layout renders them from server env as a JSON script tag
 * (`<script type="application/json" id="sr-analytics-config">`), so one
 * build serves different settings. Browser only; SSR-safe.
 */

/**
 * Cookie naming the experiments the device joined (comma-separated ids),
 * kept with the localStorage copy so the server can render the top-N feed
 * (lib/experiments.ts). First-party, not secret: it only says which
 * experiment variant to show.
 */
export const EXPERIMENTS_COOKIE = 'sr_exp';

/** The element id of the JSON script tag the root layout renders. */
export const ANALYTICS_CONFIG_ELEMENT_ID = 'sr-analytics-config';

/** What the browser needs to place a device in the A/B view and the experiments (SPEC.md section 9). */
export interface AnalyticsConfig {
  /** Chance of the A view, 0..1 (SPEC.md section 9 default 0.5). */
  abViewAProbability: number;
  /** The three fixed experiment identifiers; null turns that experiment off. */
  experiments: {
    /** Top-N videos: the first feed page starts with the most viewed reels. */
    topNVideos: string | null;
    /** Chatbot: the chat is promoted (its icon opens the chat with a greeting). */
    chatbot: string | null;
    /** Chatbot in feed: the chat card appears early in the feed. */
    chatbotFeed: string | null;
  };
}

export const DEFAULT_ANALYTICS_CONFIG: AnalyticsConfig = {
  abViewAProbability: 0.5,
  experiments: { topNVideos: null, chatbot: null, chatbotFeed: null },
};

let override: AnalyticsConfig | null = null;
let cached: AnalyticsConfig | null = null;

function sanitize(raw: unknown): AnalyticsConfig {
  const c = (raw && typeof raw === 'object' ? raw : {}) as Partial<AnalyticsConfig>;
  const p = Number(c.abViewAProbability);
  const ex = (c.experiments && typeof c.experiments === 'object' ? c.experiments : {}) as Partial<AnalyticsConfig['experiments']>;
  const id = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(v) ? v : null);
  return {
    abViewAProbability: Number.isFinite(p) && p >= 0 && p <= 1 ? p : DEFAULT_ANALYTICS_CONFIG.abViewAProbability,
    experiments: { topNVideos: id(ex.topNVideos), chatbot: id(ex.chatbot), chatbotFeed: id(ex.chatbotFeed) },
  };
}

/**
 * The settings: those set by setAnalyticsConfig, else the page's JSON
 * script tag, else the defaults (A/B 0.5, no experiments). Never throws.
 */
export function analyticsConfig(): AnalyticsConfig {
  if (override) return override;
  if (cached) return cached;
  if (typeof document === 'undefined') return DEFAULT_ANALYTICS_CONFIG;
  try {
    const el = document.getElementById(ANALYTICS_CONFIG_ELEMENT_ID);
    cached = sanitize(el?.textContent ? JSON.parse(el.textContent) : null);
  } catch {
    cached = DEFAULT_ANALYTICS_CONFIG;
  }
  return cached;
}

/** Sets the settings explicitly (tests, pages without the root layout); null goes back to the page's. */
export function setAnalyticsConfig(config: Partial<AnalyticsConfig> | null): void {
  override = config ? sanitize({ ...DEFAULT_ANALYTICS_CONFIG, ...config }) : null;
  cached = null;
}
