'use client';

import { useTranslations } from 'next-intl';
import { useFormatInr } from '@/lib/use-app-formatter';
import type { DealStep } from '../deal-steps';
import type { ReferralStatus } from '../statuses';
import type { DealActorName } from '../api/requests';
import { buttonClass } from '@/components/ui/button';

/** Class names shared by the referral screens (phone first, 44 px touch targets, dark mode). */
export const ui = {
  page: 'mx-auto flex w-full max-w-lg flex-col gap-6 px-4 pb-10 pt-[max(1.5rem,env(safe-area-inset-top))] text-neutral-900 dark:text-neutral-100',
  card: 'rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900',
  h1: 'text-2xl font-bold',
  h2: 'text-lg font-semibold',
  muted: 'text-sm text-neutral-600 dark:text-neutral-400',
  primary: buttonClass({ className: 'inline-flex min-h-11 items-center justify-center gap-2' }),
  secondary: buttonClass({ variant: 'secondary', className: 'inline-flex min-h-11 items-center justify-center gap-2' }),
  danger: buttonClass({ variant: 'danger-outline', className: 'inline-flex min-h-11 items-center justify-center' }),
  input:
    'min-h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 py-2 text-base dark:border-neutral-700 dark:bg-neutral-950',
  link: 'inline-flex min-h-11 items-center font-semibold text-amber-700 underline dark:text-amber-400',
  error: 'text-sm text-red-700 dark:text-red-300',
  chip: 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
};

/** An amount in rupees as lib/i18n-locale.ts formatInr shows it: "₹1,50,000", paise only when there are some. */
export function useInr(): (amount: number) => string {
  return useFormatInr();
}

/** A request's status (SPEC.md section 3) as a translated chip. */
export function StatusChip({ status }: { status: ReferralStatus }) {
  const t = useTranslations('referrals.status');
  const tone =
    status === 'EXPIRED' || status.endsWith('NOT_ACCEPTED')
      ? 'bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200'
      : status === 'DEAL' || status.endsWith('_ACCEPTED')
        ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200'
        : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
  return <span className={`${ui.chip} ${tone}`}>{t.has(status) ? t(status) : status}</span>;
}

/** The translated name of a deal step. */
export function useStepName(): (step: DealStep) => string {
  const t = useTranslations('referrals.steps');
  return (step) => (t.has(step) ? t(step) : step);
}

/** Who moves a step, as the viewer reads it ("you" when it is their own role). */
export function useActorName(): (by: DealActorName | null, myRole?: string) => string {
  const t = useTranslations('referrals.actor');
  return (by, myRole) => {
    if (!by) return '';
    if (by === myRole) return t('you');
    return t(by);
  };
}

/** A loading placeholder with an accessible name. */
/** A person's name as shown: their name, or "Someone" for an account that has not set one. */
export function useDisplayName(): (name: string | null | undefined) => string {
  const t = useTranslations('referrals');
  return (name) => name?.trim() || t('someone');
}

/** Previous / next through a paged list (`total` items, `size` a page); nothing when it fits one page. */
export function Pager({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (p: number) => void }) {
  const t = useTranslations('referrals.pager');
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pages')} className="flex items-center justify-between">
      <button type="button" className={ui.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('prev')}</button>
      <span className={ui.muted}>{t('pageOf', { page, pages })}</span>
      <button type="button" className={ui.secondary} disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('next')}</button>
    </nav>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="h-24 animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-900">
      <span className="sr-only">{label}</span>
    </div>
  );
}
