// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  abView, attribution, ATTR_KEYS, captureLanding, currentPartner, deviceId, experiments, joinExperiment, parseLanding,
  setPartner, unitHash, viewFor,
} from './attribution';
import { setAnalyticsConfig } from './config';

const url = (q: string, path = '/reels') => new URL(`https://app.example${path}${q}`);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setAnalyticsConfig(null);
});
afterEach(() => setAnalyticsConfig(null));

describe('parseLanding', () => {
  it('reads the five UTM keys, cut to 200 characters, and ignores other utm_ keys', () => {
    const p = parseLanding(url(`?utm_source=whatsapp&utm_medium=share&utm_campaign=diwali&utm_term=t&utm_content=${'x'.repeat(300)}&utm_evil=1`));
    expect(p.utm_data).toEqual({
      utm_source: 'whatsapp', utm_medium: 'share', utm_campaign: 'diwali', utm_term: 't', utm_content: 'x'.repeat(200),
    });
    expect(p.attributed).toBe(true);
  });

  it.each([
    ['?campaign=awa', 'awa'], ['?campaign=CON', 'con'], ['?c=dec', 'dec'], ['?campaign=xyz', null], ['?c=awa1', null],
    ['?campaign=', null],
  ])('campaign %s -> %s (only awa, con, dec count)', (q, expected) => {
    expect(parseLanding(url(q)).campaign_key).toBe(expected);
  });

  it('an invalid campaign alone does not make the landing attributed', () => {
    expect(parseLanding(url('?campaign=zzz')).attributed).toBe(false);
  });

  it.each([
    ['?partner=surya-solar', 'surya-solar'], ['?partner=Surya', 'surya'], ['?partner=-bad', null], ['?partner=a', null],
    ['?partner=has%20space', null],
  ])('partner %s -> %s', (q, expected) => {
    expect(parseLanding(url(q)).partner_id).toBe(expected);
  });

  it('keeps a well-formed referral code and experiment id, drops malformed ones', () => {
    expect(parseLanding(url('?ref=AB12cd&exp=top-n_1'))).toMatchObject({ referrer_code: 'AB12cd', experiment: 'top-n_1' });
    expect(parseLanding(url('?ref=<script>&exp=a%20b'))).toMatchObject({ referrer_code: null, experiment: null });
  });

  it('a bare landing carries nothing', () => {
    expect(parseLanding(url(''))).toEqual({
      utm_data: {}, campaign_key: null, partner_id: null, referrer_code: null, experiment: null, attributed: false,
    });
  });
});

describe('captureLanding and attribution()', () => {
  it('keeps the first attributed landing; a later one does not replace it', () => {
    captureLanding(url('?utm_source=wa&campaign=awa&ref=R1'));
    captureLanding(url('?utm_source=fb&campaign=con&ref=R2'));
    expect(attribution()).toEqual({ utm_data: { utm_source: 'wa' }, campaign_key: 'awa', partner_id: null, referrer_code: 'R1' });
  });

  it('an organic landing writes nothing, so a later campaign landing is the first touch', () => {
    captureLanding(url(''));
    expect(localStorage.getItem(ATTR_KEYS.firstTouch)).toBeNull();
    captureLanding(url('?c=dec'));
    expect(attribution().campaign_key).toBe('dec');
  });

  it('a partner link sets this visit\'s partner (sessionStorage), setPartner changes or clears it', () => {
    captureLanding(url('?partner=acme-solar'));
    expect(currentPartner()).toBe('acme-solar');
    expect(sessionStorage.getItem(ATTR_KEYS.partner)).toBe('acme-solar');
    setPartner('Other-Partner');
    expect(attribution().partner_id).toBe('other-partner');
    setPartner('no spaces allowed');
    expect(currentPartner()).toBe('other-partner');
    setPartner(null);
    expect(currentPartner()).toBeNull();
  });

  it('survives corrupt stored values', () => {
    localStorage.setItem(ATTR_KEYS.firstTouch, '{not json');
    sessionStorage.setItem(ATTR_KEYS.partner, 'BAD VALUE');
    expect(attribution()).toEqual({ campaign_key: null, partner_id: null, referrer_code: null });
  });
});

describe('deviceId', () => {
  it('is 20 alphanumeric characters, made once and kept', () => {
    const id = deviceId();
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(deviceId()).toBe(id);
    expect(localStorage.getItem(ATTR_KEYS.device)).toBe(id);
  });

  it('replaces a malformed stored id', () => {
    localStorage.setItem(ATTR_KEYS.device, 'short');
    expect(deviceId()).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});

describe('A/B view', () => {
  const ids = Array.from({ length: 10_000 }, (_, i) => `dev${String(i).padStart(17, '0')}`);

  it('10,000 device ids split 50% +- 2% at the default probability', () => {
    const a = ids.filter((id) => viewFor(id, 0.5) === 'A').length;
    expect(a / ids.length).toBeGreaterThan(0.48);
    expect(a / ids.length).toBeLessThan(0.52);
  });

  it('follows a configured probability (0.2 -> 20% +- 2%) and the extremes', () => {
    const a = ids.filter((id) => viewFor(id, 0.2) === 'A').length;
    expect(a / ids.length).toBeGreaterThan(0.18);
    expect(a / ids.length).toBeLessThan(0.22);
    expect(ids.slice(0, 500).every((id) => viewFor(id, 0) === 'B')).toBe(true);
    expect(ids.slice(0, 500).every((id) => viewFor(id, 1) === 'A')).toBe(true);
  });

  it('is deterministic per id and spreads in [0, 1)', () => {
    expect(unitHash('abc')).toBe(unitHash('abc'));
    for (const id of ids.slice(0, 200)) {
      const u = unitHash(id);
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
    }
  });

  it('is sticky: once placed, a change of probability does not move the device', () => {
    setAnalyticsConfig({ abViewAProbability: 1 });
    expect(abView()).toBe('A');
    setAnalyticsConfig({ abViewAProbability: 0 });
    expect(abView()).toBe('A');
    localStorage.removeItem(ATTR_KEYS.view);
    expect(abView()).toBe('B');
  });

  it('reads the probability the page carries', () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'sr-analytics-config';
    el.textContent = JSON.stringify({ abViewAProbability: 0, experiments: {} });
    document.body.append(el);
    try {
      setAnalyticsConfig(null);
      expect(abView()).toBe('B');
    } finally {
      el.remove();
      setAnalyticsConfig(null);
    }
  });
});

describe('experiments', () => {
  const config = { experiments: { topNVideos: 'topn-1', chatbot: 'chat-1', chatbotFeed: null } };

  it('a landing with ?exp=<configured id> joins the device, sticky across later landings', () => {
    setAnalyticsConfig(config);
    expect(experiments()).toEqual({ topNVideos: null, chatbot: false, chatbotFeed: false });
    captureLanding(url('?exp=topn-1'));
    captureLanding(url(''));
    expect(experiments()).toEqual({ topNVideos: 'topn-1', chatbot: false, chatbotFeed: false });
    captureLanding(url('?exp=chat-1'));
    expect(experiments()).toEqual({ topNVideos: 'topn-1', chatbot: true, chatbotFeed: false });
  });

  it('an id that is not configured is ignored', () => {
    setAnalyticsConfig(config);
    expect(joinExperiment('guessed')).toBe(false);
    expect(localStorage.getItem(ATTR_KEYS.experiments)).toBeNull();
  });

  it('removing an id from the configuration ends that experiment for joined devices', () => {
    setAnalyticsConfig(config);
    joinExperiment('chat-1');
    expect(experiments().chatbot).toBe(true);
    setAnalyticsConfig({ experiments: { topNVideos: 'topn-1', chatbot: null, chatbotFeed: null } });
    expect(experiments().chatbot).toBe(false);
  });
});
