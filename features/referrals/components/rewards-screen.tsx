'use client';

import { useEffect, useId, useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { CopyIcon } from '@/components/ui/icons';
import { qrCodePath, useAllDeals, useReferralProfile, type ListedDeal, type ReferralProfile } from '../api/referrals';
import { useRequestAction, useRequests, type ReferralRequest } from '../api/requests';
import { useRewards } from '../api/rewards';
import { DealCard } from './deal-card';
import { ScratchCard } from './scratch-card';
import { Loading, Pager, StatusChip, ui, useDisplayName, useInr } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/**
 * The Rewards tab (SPEC.md section 2 and 4, docs/decisions/010): my
 * summary (earned, pending, level, share link with QR), the deals to refer
 * (customers-only ones locked for others), my scratch cards, and the
 * requests I received and sent. Shown to a signed-in user (the page's
 * LoginGate asks a visitor to sign in first). With `dealsFocus:
 * 'customers'` (a registered customer arriving by their link) the
 * customers-only deals come first and the list scrolls into view.
 */
export function RewardsScreen({ dealsFocus = null }: { dealsFocus?: 'customers' | null } = {}) {
  const t = useTranslations('rewards');
  const deals = useAllDeals();
  const firstAllowed = deals.data?.find((d) => d.allowed) ?? null;
  return (
    <div className={ui.page}>
      <h1 className={ui.h1}>{t('title')}</h1>
      <ProfileSummary shareDeal={firstAllowed} />
      <DealList focus={dealsFocus} />
      <RewardList />
      <RequestList which="inbox" />
      <RequestList which="outbox" />
    </div>
  );
}

/** Earned and pending totals, the level with progress to the next, the share link (copy) and its QR code. */
function ProfileSummary({ shareDeal }: { shareDeal: ListedDeal | null }) {
  const t = useTranslations('rewards.summary');
  const errorText = useErrorText();
  const profile = useReferralProfile();
  if (profile.isPending) return <Loading label={t('loading')} />;
  if (profile.isError) return <p role="alert" className={ui.error}>{errorText(profile.error)}</p>;
  return <SummaryCard p={profile.data} shareDeal={shareDeal} />;
}

function SummaryCard({ p, shareDeal }: { p: ReferralProfile; shareDeal: ListedDeal | null }) {
  const t = useTranslations('rewards.summary');
  const tLevel = useTranslations('referrals.level');
  const inr = useInr();
  const [copied, setCopied] = useState(false);
  const link = shareDeal ? `${p.share_url}${p.share_url.includes('?') ? '&' : '?'}deal=${encodeURIComponent(shareDeal.url_id)}` : p.share_url;
  const levelName = (k: string) => (tLevel.has(k) ? tLevel(k) : k);
  const { completed, to_next: toNext, next } = p.level;
  const progress = toNext === null ? 100 : Math.round((completed / (completed + toNext)) * 100);

  return (
    <section aria-labelledby="rw-summary-h" className={`${ui.card} flex flex-col gap-4`}>
      <h2 id="rw-summary-h" className={ui.h2}>{t('title')}</h2>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-green-50 p-3 dark:bg-green-950">
          <dt className={ui.muted}>{t('earned')}</dt>
          <dd className="text-2xl font-bold" data-testid="earned">{inr(p.totals.earned_inr)}</dd>
        </div>
        <div className="rounded-xl bg-amber-50 p-3 dark:bg-amber-950">
          <dt className={ui.muted}>{t('pending')}</dt>
          <dd className="text-2xl font-bold" data-testid="pending">{inr(p.totals.pending_inr)}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t('level', { level: levelName(p.level.key) })}</p>
        <div
          role="progressbar"
          aria-label={t('levelProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
        >
          <div className="h-full bg-amber-500" style={{ width: `${progress}%` }} />
        </div>
        <p className={ui.muted}>
          {next && toNext !== null ? t('toNext', { count: toNext, level: levelName(next) }) : t('topLevel')}
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <p className="font-semibold">{t('shareTitle')}</p>
        <div className="flex items-center gap-2">
          <input readOnly value={link} aria-label={t('shareLink')} className={`${ui.input} text-sm`} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className={ui.secondary}
            aria-label={t('copy')}
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false));
            }}
          >
            <CopyIcon size={18} />
          </button>
        </div>
        <p role="status" className={ui.muted}>{copied ? t('copied') : ''}</p>
        {shareDeal ? (
          <img
            src={qrCodePath(p.user_id, shareDeal.id)}
            alt={t('qrAlt', { deal: shareDeal.title })}
            width={160}
            height={160}
            className="self-center rounded-xl bg-white p-2"
          />
        ) : null}
        <Link prefetch={false} href={shareDeal ? `/rewards/invite?deal=${encodeURIComponent(shareDeal.id)}` : '/rewards/invite'} className={ui.primary}>
          {t('inviteContacts')}
        </Link>
      </div>
    </section>
  );
}

/**
 * The deals as cards (./deal-card.tsx: what each earns first, the ribbon
 * as a tag, terms folded away); a customers-only deal the caller may not
 * use is shown locked, and tapping it says so (SPEC's message) and moves
 * to the deals meant for them. `focus: 'customers'` puts the
 * customers-only deals first (in their order), says so, and brings the
 * list into view once it has loaded.
 */
function DealList({ focus }: { focus: 'customers' | null }) {
  const t = useTranslations('rewards.deals');
  const errorText = useErrorText();
  const deals = useAllDeals();
  const [lockedMsg, setLockedMsg] = useState(false);
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const loaded = deals.data !== undefined;

  useEffect(() => {
    if (focus === 'customers' && loaded) section.current?.scrollIntoView?.({ block: 'start' });
  }, [focus, loaded]);

  if (deals.isPending) return <Loading label={t('loading')} />;
  if (deals.isError) return <p role="alert" className={ui.error}>{errorText(deals.error)}</p>;
  const customersFirst = focus === 'customers' && deals.data.some((d) => d.customers_only);
  const list = customersFirst
    ? [...deals.data.filter((d) => d.customers_only), ...deals.data.filter((d) => !d.customers_only)]
    : deals.data;
  const firstAllowed = list.find((d) => d.allowed);

  const onLocked = () => {
    setLockedMsg(true);
    if (firstAllowed) {
      const el = document.getElementById(`deal-${firstAllowed.id}`);
      el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      el?.querySelector<HTMLElement>('a')?.focus();
    }
  };

  return (
    <section ref={section} aria-labelledby={headingId} className="flex scroll-mt-4 flex-col gap-3" data-testid="deal-list">
      <h2 id={headingId} className={ui.h2}>{t('title')}</h2>
      {customersFirst ? <p className={ui.muted}>{t('customersFirst')}</p> : null}
      {lockedMsg ? <p role="alert" className="rounded-xl bg-amber-100 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">{t('customersOnly')}</p> : null}
      {deals.data.length === 0 ? <p className={ui.muted}>{t('none')}</p> : null}
      <ul className="flex flex-col gap-3">
        {list.map((d) => (
          <DealCard key={d.id} id={`deal-${d.id}`} deal={d} dimmed={!d.allowed}>
            {d.allowed ? (
              <Link prefetch={false} href={`/rewards/invite?deal=${encodeURIComponent(d.id)}`} className={`${ui.primary} self-start`} aria-label={t('referAria', { deal: d.title })}>
                {t('refer')}
              </Link>
            ) : (
              <button type="button" className={`${ui.secondary} self-start`} onClick={onLocked} aria-label={t('lockedAria', { deal: d.title })}>
                {t('locked')}
              </button>
            )}
          </DealCard>
        ))}
      </ul>
    </section>
  );
}

/** My scratch cards, newest first. */
function RewardList() {
  const t = useTranslations('rewards.cards');
  const errorText = useErrorText();
  const rewards = useRewards(1);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className={ui.h2}>{t('title')}</h2>
      {rewards.isPending ? <Loading label={t('loading')} /> : null}
      {rewards.isError ? <p role="alert" className={ui.error}>{errorText(rewards.error)}</p> : null}
      {rewards.data && rewards.data.items.length === 0 ? <p className={ui.muted}>{t('none')}</p> : null}
      {rewards.data && rewards.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {rewards.data.items.map((r) => <ScratchCard key={r.id} reward={r} />)}
        </ul>
      ) : null}
    </section>
  );
}

/** Requests I received (accept/decline) or sent (cancel while open), each linking to its deal page. */
function RequestList({ which }: { which: 'inbox' | 'outbox' }) {
  const t = useTranslations('rewards.requests');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const list = useRequests(which, page);
  const headingId = useId();
  return (
    <section id={which === 'inbox' ? 'received' : 'sent'} aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className={ui.h2}>{which === 'inbox' ? t('received') : t('sent')}</h2>
      {list.isPending ? <Loading label={t('loading')} /> : null}
      {list.isError ? <p role="alert" className={ui.error}>{errorText(list.error)}</p> : null}
      {list.data && list.data.items.length === 0 ? <p className={ui.muted}>{which === 'inbox' ? t('noneReceived') : t('noneSent')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {list.data.items.map((r) => <RequestItem key={r.id} r={r} />)}
        </ul>
      ) : null}
      {list.data ? <Pager page={page} total={list.data.total} size={list.data.page_size} onPage={setPage} /> : null}
    </section>
  );
}

function RequestItem({ r }: { r: ReferralRequest }) {
  const t = useTranslations('rewards.requests');
  const displayName = useDisplayName();
  const errorText = useErrorText();
  const action = useRequestAction();
  const [accepting, setAccepting] = useState(false);
  const [consumer, setConsumer] = useState('');
  const [address, setAddress] = useState('');
  const id = useId();
  const other = r.side === 'receiver' ? displayName(r.referrer.name) : r.referee.name || r.referee.phone || displayName('');
  const canAnswer = r.side === 'receiver' && r.status === 'RECEIVED';
  const canCancel = r.side === 'sender' && (r.status === 'SENT' || r.status === 'OPEN_REQUEST');

  return (
    <li className={`${ui.card} flex flex-col gap-2`} aria-label={t('itemLabel', { deal: r.deal.title, name: other })}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-col">
          <span className="font-semibold">{r.deal.title}</span>
          <span className={ui.muted}>{r.side === 'receiver' ? t('from', { name: other }) : t('to', { name: other })}</span>
        </div>
        <StatusChip status={r.status} />
      </div>
      <Link prefetch={false} href={`/rewards/deal/${encodeURIComponent(r.id)}`} className={ui.link} aria-label={t('openDealAria', { deal: r.deal.title, name: other })}>
        {t('openDeal')}
      </Link>
      {canAnswer && !accepting ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ui.primary} disabled={action.isPending} onClick={() => setAccepting(true)}>{t('accept')}</button>
          <button
            type="button"
            className={ui.secondary}
            disabled={action.isPending}
            onClick={() => action.mutate({ request_id: r.id, action: 'decline' })}
          >
            {t('decline')}
          </button>
        </div>
      ) : null}
      {canAnswer && accepting ? (
        <form
          aria-label={t('acceptForm')}
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const c = consumer.trim();
            const a = address.trim();
            action.mutate({ request_id: r.id, action: 'accept', ...(c ? { consumer_number: c } : {}), ...(a ? { address: a } : {}) });
          }}
        >
          <p className={ui.muted}>{t('acceptHint')}</p>
          <label htmlFor={`${id}-cn`} className="font-semibold">{t('consumerNumber')}</label>
          <input id={`${id}-cn`} className={ui.input} value={consumer} onChange={(e) => setConsumer(e.target.value)} maxLength={40} />
          <label htmlFor={`${id}-addr`} className="font-semibold">{t('address')}</label>
          <textarea id={`${id}-addr`} className={ui.input} value={address} onChange={(e) => setAddress(e.target.value)} maxLength={500} rows={2} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={ui.primary} disabled={action.isPending}>{t('confirmAccept')}</button>
            <button type="button" className={ui.secondary} onClick={() => setAccepting(false)}>{t('back')}</button>
          </div>
        </form>
      ) : null}
      {canCancel ? (
        <button type="button" className={`${ui.danger} self-start`} disabled={action.isPending} onClick={() => action.mutate({ request_id: r.id, action: 'cancel' })}>
          {t('cancel')}
        </button>
      ) : null}
      {action.isError ? <p role="alert" className={ui.error}>{errorText(action.error)}</p> : null}
    </li>
  );
}
