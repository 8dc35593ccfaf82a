/**
 * The partner UI modes of SPEC.md section 2 ("Partner UI modes": webadbased,
 * topvideos, awardbased), driven by the feed response's `tags.ui_config`,
 * as one typed table (like layout-presets.ts). The SPEC names the modes but
 * not what they do; the settings below are this product's
 * (docs/decisions/013-partners.md). Client-safe.
 */

/** The modes, in SPEC.md's order. */
export const PARTNER_UI_MODES = ['webadbased', 'topvideos', 'awardbased'] as const;
export type PartnerUiMode = (typeof PARTNER_UI_MODES)[number];

/** One row of the table. */
export interface PartnerModeSpec {
  /** Reel order of the partner's feed: the feed's own (ready order) or most viewed first. */
  order: 'feed' | 'views';
  /**
   * The partner's offer banner (button_configs image_url / offer_text) stays
   * on screen over every reel, ad-like; otherwise the offer shows in the
   * call-to-action button of each reel's footer only.
   */
  banner: 'always' | 'footer';
  /** Where the call to action leads: the partner's form (a sheet), or the rewards page. */
  cta: 'form' | 'rewards';
}

/** The table; `none` is a partner without a ui_config (its feed, its form). */
export const PARTNER_MODE: Readonly<Record<PartnerUiMode | 'none', PartnerModeSpec>> = {
  none: { order: 'feed', banner: 'footer', cta: 'form' },
  // An advertisement-like feed: the partner's offer is always visible and opens its form.
  webadbased: { order: 'feed', banner: 'always', cta: 'form' },
  // The partner's feed ordered by views, most viewed first.
  topvideos: { order: 'views', banner: 'footer', cta: 'form' },
  // Reward-led: the call to action leads to the rewards (referrals and deals).
  awardbased: { order: 'feed', banner: 'footer', cta: 'rewards' },
};

/** The row of `mode` (null or anything unknown is `none`). */
export function partnerMode(mode: string | null | undefined): PartnerModeSpec {
  return mode && (PARTNER_UI_MODES as readonly string[]).includes(mode) ? PARTNER_MODE[mode as PartnerUiMode] : PARTNER_MODE.none;
}
