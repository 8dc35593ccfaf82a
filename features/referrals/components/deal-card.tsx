'use client';

import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { Deal } from '../api/referrals';
import { ui, useInr } from './shared';

/** What a deal card shows of a deal (GET all_deals, one_deal or deals answer it, texts in the asker's language). */
export type DealCardDeal = Pick<Deal, 'title' | 'ribbon' | 'description' | 'terms' | 'reward_inr' | 'customers_only' | 'is_sample'>;

/**
 * The first sentence of `terms` (ending in ".", "!", "?" or "।") and
 * whether more follows it; the whole text when it has no sentence end.
 */
export function firstTermsLine(terms: string): { line: string; more: boolean } {
  const text = terms.trim();
  const m = /^(.+?[.!?।])(\s+|$)/su.exec(text);
  const line = m ? m[1] : text;
  return { line, more: line.length < text.length };
}

/**
 * A deal as a card (the Rewards tab, a visitor's Rewards, the invite page):
 * what the referrer earns first ("Earn ₹50,000", formatInr), then the
 * deal's ribbon as a small tag after it (never over the title), a "Sample"
 * tag, the title, the description, for a customers-only deal a sentence
 * saying who may refer with it (SPEC.md section 6: the referrer must be a
 * registered UTL customer), one line of terms with the rest behind a
 * "Terms" disclosure, and `children` (the card's action).
 * @param as the element: `li` in a list, `section` alone (then `label` names it).
 * @param headingLevel 2 or 3, to fit the page's outline.
 * @param dimmed a deal the caller may not use (a dashed border; its text keeps full contrast).
 */
export function DealCard({ deal, as = 'li', id, label, headingLevel = 3, dimmed = false, children }: {
  deal: DealCardDeal; as?: 'li' | 'section'; id?: string; label?: string; headingLevel?: 2 | 3; dimmed?: boolean; children?: ReactNode;
}) {
  const t = useTranslations('rewards.deals');
  const inr = useInr();
  const noteId = useId();
  const Tag = as;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const terms = deal.terms ? firstTermsLine(deal.terms) : null;
  return (
    <Tag
      id={id}
      aria-label={label}
      aria-describedby={deal.customers_only ? noteId : undefined}
      className={`${ui.card} flex flex-col gap-2 ${dimmed ? 'border-dashed' : ''}`}
    >
      {deal.reward_inr > 0 || deal.ribbon || deal.is_sample ? (
        <div className="flex flex-wrap items-center gap-2">
          {deal.reward_inr > 0 ? (
            <p className="text-2xl font-bold text-green-800 dark:text-green-300" data-testid="deal-earn">{t('earn', { amount: inr(deal.reward_inr) })}</p>
          ) : null}
          {deal.ribbon ? <span className={`${ui.chip} bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100`}>{deal.ribbon}</span> : null}
          {deal.is_sample ? <span className={`${ui.chip} bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200`}>{t('sample')}</span> : null}
        </div>
      ) : null}
      <Heading className="text-lg font-semibold">{deal.title}</Heading>
      <p className="text-neutral-700 dark:text-neutral-300">{deal.description}</p>
      {deal.customers_only ? (
        <p id={noteId} className="rounded-xl bg-neutral-100 p-3 text-sm text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200">{t('customersOnlyNote')}</p>
      ) : null}
      {terms ? (
        <div className="flex flex-col gap-1">
          <p className={`${ui.muted} line-clamp-1`}>{terms.line}</p>
          {terms.more ? (
            <details className="text-sm">
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-amber-800 underline dark:text-amber-400">{t('terms')}</summary>
              <p className="text-neutral-700 dark:text-neutral-300">{deal.terms}</p>
            </details>
          ) : null}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}
