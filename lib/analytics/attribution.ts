import { analyticsConfig, EXPERIMENTS_COOKIE } from './config';
import { CLIENT_CAMPAIGN_CODES, CLIENT_UTM_KEYS, PARTNER_ID_RE } from './event-types';

/**
 * Where a visitor came from, which A/B view and experiments the device is
 * in, and the device id every event carries (SPEC.md sections 7 and 9).
 * Browser only: every function is a safe no-op (or returns an empty value)
 * during server rendering or where storage is disabled.
 *
 * Stored keys: `sr_attr` (first touch, localStorage), `sr_device` (device
 * id, localStorage), `sr_view` (A/B view, localStorage), `sr_exp` (joined
 * experiment ids, localStorage), `sr_partner` (current partner,
 * sessionStorage: a partner link shapes this visit only).
 */

export const ATTR_KEYS = {
  firstTouch: 'sr_attr',
  device: 'sr_device',
  view: 'sr_view',
  experiments: 'sr_exp',
  partner: 'sr_partner',
} as const;

/** Length of the device id, SPEC.md section 9 "Random ids". */
const DEVICE_ID_LENGTH = 20;
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const REF_RE = /^[A-Za-z0-9_-]{1,40}$/;
const EXP_RE = /^[A-Za-z0-9_-]{1,40}$/;

/** The attribution every event carries. */
export interface Attribution {
  /** UTM parameters of the first touch (keys of UTM_KEYS), 200 characters each. */
  utm_data?: Record<string, string>;
  /** Campaign code of the first touch: awa, con or dec (SPEC.md section 9), else null. */
  campaign_key?: string | null;
  /** The partner of this visit (a partner link or page), else null. */
  partner_id?: string | null;
  /** Referral code the first touch carried (`?ref=`), else null. */
  referrer_code?: string | null;
}

/** First touch as kept in localStorage. */
interface FirstTouch {
  utm_data?: Record<string, string>;
  campaign_key?: string | null;
  referrer_code?: string | null;
  partner_id?: string | null;
  /** Path and time of the landing. */
  path?: string;
  at?: string;
}

/** What one landing URL says, after filtering (the pure part of captureLanding). */
export interface LandingParams {
  utm_data: Record<string, string>;
  campaign_key: string | null;
  partner_id: string | null;
  referrer_code: string | null;
  experiment: string | null;
  /** True when the landing carries any of utm/campaign/partner/ref (a PAGE_VISIT is due). */
  attributed: boolean;
}

function store(kind: 'local' | 'session'): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = store(kind);
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage full or disabled: attribution is best effort.
  }
}

/**
 * Reads the attribution parameters of a URL: `utm_*` (the five UTM keys,
 * cut to 200 characters), `campaign` or `c` (kept only when awa, con or dec,
 * any case; SPEC.md section 9), `partner` (a partner slug), `ref` (a
 * referral code, 1-40 letters, digits, `-` or `_`), `exp` (an experiment id).
 * Malformed values are dropped. Pure.
 */
export function parseLanding(url: URL): LandingParams {
  const q = url.searchParams;
  const utm: Record<string, string> = {};
  for (const k of CLIENT_UTM_KEYS) {
    const v = q.get(k)?.trim();
    if (v) utm[k] = v.slice(0, 200);
  }
  const rawCampaign = (q.get('campaign') ?? q.get('c') ?? '').trim().toLowerCase();
  const campaign = (CLIENT_CAMPAIGN_CODES as readonly string[]).includes(rawCampaign) ? rawCampaign : null;
  const rawPartner = (q.get('partner') ?? '').trim().toLowerCase();
  const partner = PARTNER_ID_RE.test(rawPartner) ? rawPartner : null;
  const rawRef = (q.get('ref') ?? '').trim();
  const ref = REF_RE.test(rawRef) ? rawRef : null;
  const rawExp = (q.get('exp') ?? '').trim();
  const exp = EXP_RE.test(rawExp) ? rawExp : null;
  return {
    utm_data: utm,
    campaign_key: campaign,
    partner_id: partner,
    referrer_code: ref,
    experiment: exp,
    attributed: Object.keys(utm).length > 0 || !!campaign || !!partner || !!ref,
  };
}

function firstTouch(): FirstTouch | null {
  const raw = read('local', ATTR_KEYS.firstTouch);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' ? (v as FirstTouch) : null;
  } catch {
    return null;
  }
}

/**
 * Records the landing of this page load: the first landing that carries
 * utm/campaign/partner/ref is kept as the device's first touch (later ones
 * do not replace it); a `partner` becomes this visit's partner; an `exp`
 * naming one of the configured experiments joins the device to it (sticky).
 * Browser only; a no-op on the server.
 * @param url the landing URL (default `window.location.href`).
 * @returns what the URL said, or null on the server.
 */
export function captureLanding(url?: URL): LandingParams | null {
  if (typeof window === 'undefined') return null;
  let u: URL;
  try {
    u = url ?? new URL(window.location.href);
  } catch {
    return null;
  }
  const p = parseLanding(u);
  if (p.attributed && !firstTouch()) {
    const ft: FirstTouch = {
      ...(Object.keys(p.utm_data).length ? { utm_data: p.utm_data } : {}),
      campaign_key: p.campaign_key,
      referrer_code: p.referrer_code,
      partner_id: p.partner_id,
      path: u.pathname.slice(0, 200),
      at: new Date().toISOString(),
    };
    write('local', ATTR_KEYS.firstTouch, JSON.stringify(ft));
  }
  if (p.partner_id) setPartner(p.partner_id);
  if (p.experiment) joinExperiment(p.experiment);
  return p;
}

/** The attribution events carry: first-touch UTM, campaign and referral code, and this visit's partner. */
export function attribution(): Attribution {
  const ft = firstTouch();
  const a: Attribution = {
    campaign_key: ft?.campaign_key ?? null,
    partner_id: currentPartner(),
    referrer_code: ft?.referrer_code ?? null,
  };
  if (ft?.utm_data && Object.keys(ft.utm_data).length) a.utm_data = ft.utm_data;
  return a;
}

/**
 * Sets this visit's partner (a partner page or link), or clears it with
 * null. An id that is not a partner slug is ignored.
 */
export function setPartner(id: string | null): void {
  if (id === null) return write('session', ATTR_KEYS.partner, null);
  const v = id.trim().toLowerCase();
  if (PARTNER_ID_RE.test(v)) write('session', ATTR_KEYS.partner, v);
}

/** This visit's partner id, or null. */
export function currentPartner(): string | null {
  const v = read('session', ATTR_KEYS.partner);
  return v && PARTNER_ID_RE.test(v) ? v : null;
}

/** A random alphanumeric id from the browser's CSPRNG. */
function randomAlnum(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALNUM[b % ALNUM.length]).join('');
}

let memoryDeviceId: string | null = null;

/**
 * This device's id: 20 alphanumeric characters (SPEC.md section 9 "Random
 * ids"), made once and kept in localStorage (in memory where storage is
 * disabled). Empty string on the server.
 */
export function deviceId(): string {
  if (typeof window === 'undefined') return '';
  const v = read('local', ATTR_KEYS.device);
  if (v && /^[A-Za-z0-9]{20}$/.test(v)) return v;
  if (memoryDeviceId) return memoryDeviceId;
  const id = randomAlnum(DEVICE_ID_LENGTH);
  memoryDeviceId = id;
  write('local', ATTR_KEYS.device, id);
  return id;
}

/**
 * A number in [0, 1) from `id` (FNV-1a 32-bit): the same id always gives
 * the same number, and ids spread evenly. Pure.
 */
export function unitHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // A final avalanche so ids differing in the last character spread too.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 2 ** 32;
}

/** The A/B view of a device id under probability `pA` of A. Pure. */
export function viewFor(id: string, pA: number): 'A' | 'B' {
  return unitHash(id) < pA ? 'A' : 'B';
}

/**
 * This device's A/B view (SPEC.md section 9): A with the configured
 * probability (AB_VIEW_A_PROBABILITY, default 0.5) from a hash of the
 * device id; kept once chosen, so a later change of the probability does not
 * move devices already placed. 'A' on the server.
 */
export function abView(): 'A' | 'B' {
  if (typeof window === 'undefined') return 'A';
  const kept = read('local', ATTR_KEYS.view);
  if (kept === 'A' || kept === 'B') return kept;
  const v = viewFor(deviceId(), analyticsConfig().abViewAProbability);
  write('local', ATTR_KEYS.view, v);
  return v;
}

function joinedIds(): string[] {
  const raw = read('local', ATTR_KEYS.experiments);
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && EXP_RE.test(x)).slice(0, 10) : [];
  } catch {
    return [];
  }
}

/**
 * Joins the device to experiment `id` if it is one of the configured three;
 * sticky in localStorage. Returns whether it was accepted.
 */
export function joinExperiment(id: string): boolean {
  const { experiments: ex } = analyticsConfig();
  if (!EXP_RE.test(id) || ![ex.topNVideos, ex.chatbot, ex.chatbotFeed].includes(id)) return false;
  const ids = joinedIds();
  const next = ids.includes(id) ? ids : [...ids, id].slice(-10);
  if (next !== ids) write('local', ATTR_KEYS.experiments, JSON.stringify(next));
  // The server renders the top-N feed from this cookie (a year, like the localStorage copy).
  try {
    document.cookie = `${EXPERIMENTS_COOKIE}=${next.join(',')}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`;
  } catch {
    // Cookies disabled: the experiment still applies to what the browser fetches itself.
  }
  return true;
}

/** The experiments this device is in (SPEC.md section 9 "three fixed experiment identifiers"). */
export interface ExperimentFlags {
  /** The top-N videos experiment's id when the device is in it, else null (sent as metadata.top_n_experiment). */
  topNVideos: string | null;
  /** In the chatbot experiment: the chat is promoted. */
  chatbot: boolean;
  /** In the chatbot-in-feed experiment: the chat card comes early in the feed. */
  chatbotFeed: boolean;
}

/**
 * The active experiment flags: an experiment is on for this device when the
 * device joined it (landed with `?exp=<id>`) and the id is still configured
 * (an id removed from the server's env ends it). All off on the server.
 */
export function experiments(): ExperimentFlags {
  const { experiments: ex } = analyticsConfig();
  const ids = typeof window === 'undefined' ? [] : joinedIds();
  const on = (id: string | null) => !!id && ids.includes(id);
  return {
    topNVideos: on(ex.topNVideos) ? ex.topNVideos : null,
    chatbot: on(ex.chatbot),
    chatbotFeed: on(ex.chatbotFeed),
  };
}
