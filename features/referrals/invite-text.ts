import { formatInr } from '@/lib/i18n-locale';

/*
 * The words of a referral invite, shared by the server (the WhatsApp text of
 * a request: features/referrals/server/requests-send.ts) and the friend's
 * landing page (features/referrals/components/invite-landing.tsx): who
 * invites (their name, cut when very long, or "Your friend"), what the friend
 * gets, and the link last.
 */

/** Longest inviter name an invite names, in characters as a person counts them (grapheme clusters). */
export const INVITER_NAME_MAX = 30;

/**
 * The central subsidy (PM Surya Ghar) for a home system of 3 kW or more, in
 * rupees: the floor of what the friend may get (special-category states and
 * state top-ups add to it). Source: docs/facts/solar-india.md.
 */
export const CENTRAL_SUBSIDY_3KW_INR = 78_000;

/** The graphemes of `s` (a Devanagari letter with its vowel sign is one), code points where Intl.Segmenter is missing. */
function graphemes(s: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (g) => g.segment);
  }
  return Array.from(s);
}

/**
 * The inviter's name as an invite shows it: trimmed, runs of white space made
 * one space, and a name longer than `max` graphemes cut to `max - 1` of them
 * plus "…" (never inside a letter: a Devanagari vowel sign stays with its
 * consonant).
 * @param name the user's name as stored (may be empty, null or undefined).
 * @param max the longest name kept whole, in graphemes (default INVITER_NAME_MAX).
 * @returns the name to show, or null when there is none (the caller says "Your friend").
 * @example inviterName('  Asha   Verma ') // 'Asha Verma'
 */
export function inviterName(name: string | null | undefined, max = INVITER_NAME_MAX): string | null {
  const clean = (name ?? '').replace(/\s+/g, ' ').trim();
  if (clean === '') return null;
  const g = graphemes(clean);
  if (g.length <= max) return clean;
  return `${g.slice(0, Math.max(1, max - 1)).join('').trimEnd()}…`;
}

/** A translator of the `referrals` messages namespace (next-intl's `t`, server or client). */
export type ReferralsTranslate = (key: 'inviteText' | 'inviteFriend', values?: Record<string, string>) => string;

/**
 * The WhatsApp invite text in the translator's language (`referrals.inviteText`):
 * "<name> has invited you to get rooftop solar for your home", what the friend
 * gets (help with the subsidy, with its amount in rupees, a call back, a site
 * survey), the offer's title, and the link last. Without a name it says
 * `referrals.inviteFriend` ("Your friend").
 * @param t the `referrals` translator of the invite's language.
 * @param v the inviter's name as stored, the deal's title in that language, the share link, and the language (for the amount).
 */
export function inviteTextOf(t: ReferralsTranslate, v: { name: string | null | undefined; deal: string; url: string; lang: string }): string {
  return t('inviteText', {
    name: inviterName(v.name) ?? t('inviteFriend'),
    deal: v.deal.trim(),
    subsidy: formatInr(CENTRAL_SUBSIDY_3KW_INR, v.lang),
    url: v.url,
  });
}
