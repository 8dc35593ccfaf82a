'use client';

import { useId, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DATE_TIME_FORMAT } from '@/lib/i18n-locale';
import { useAppFormatter } from '@/lib/use-app-formatter';
import type { RoleGrant } from '@/lib/auth/principal';
import { mayStaff } from '../policy';
import { useStaffDeals, useStaffStep, type DealView } from '../api/requests';
import { useStaffRewardMove, useStaffRewards, type StaffReward } from '../api/rewards';
import { NotesPanel } from './deal-screen';
import { StaffDealsAdmin } from './staff-deals';
import { Loading, Pager, StatusChip, ui, useActorName, useDisplayName, useInr, useStepName } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/**
 * The staff screen (docs/decisions/010): deals waiting for a staff move
 * with a button per staff step, an optional note, the notes and the
 * history; held rewards with approve / back to pending / fraud and a
 * reason; the deals themselves (create and edit). Anyone without STAFF or ADMIN sees a not-authorized message (the
 * API refuses them anyway).
 */
export function StaffScreen({ roles }: { roles: readonly RoleGrant[] }) {
  const t = useTranslations('staff');
  if (!mayStaff({ roles })) {
    return (
      <div className={ui.page}>
        <h1 className={ui.h1}>{t('title')}</h1>
        <p role="alert" className={`${ui.card} text-red-700 dark:text-red-300`}>{t('notAuthorized')}</p>
      </div>
    );
  }
  return (
    <div className={ui.page}>
      <h1 className={ui.h1}>{t('title')}</h1>
      <StaffDeals />
      <HeldRewards />
      <StaffDealsAdmin />
    </div>
  );
}

function StaffDeals() {
  const t = useTranslations('staff.deals');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const deals = useStaffDeals(page);
  return (
    <section aria-labelledby="staff-deals-h" className="flex flex-col gap-3">
      <h2 id="staff-deals-h" className={ui.h2}>{t('title')}</h2>
      {deals.isPending ? <Loading label={t('loading')} /> : null}
      {deals.isError ? <p role="alert" className={ui.error}>{errorText(deals.error)}</p> : null}
      {deals.data && deals.data.items.length === 0 ? <p className={ui.muted}>{t('none')}</p> : null}
      {deals.data ? (
        <ul className="flex flex-col gap-3">
          {deals.data.items.map((v) => <StaffDeal key={v.request.id} v={v} />)}
        </ul>
      ) : null}
      {deals.data ? <Pager page={page} total={deals.data.total} size={deals.data.page_size} onPage={setPage} /> : null}
    </section>
  );
}

function StaffDeal({ v }: { v: DealView }) {
  const t = useTranslations('staff.deals');
  const displayName = useDisplayName();
  const stepName = useStepName();
  const actor = useActorName();
  const errorText = useErrorText();
  const fmt = useAppFormatter();
  const move = useStaffStep();
  const [note, setNote] = useState('');
  const [open, setOpen] = useState(false);
  const id = useId();
  const r = v.request;
  const staffMoves = v.next.filter((n) => n.by === 'staff');
  // The referrer's optional reminder is nobody's turn: the deal waits on the other move.
  const waitingOn = v.next.find((n) => n.step !== 'send_reminder');
  const history = v.steps.filter((s) => s.done_at);

  return (
    <li className={`${ui.card} flex flex-col gap-3`} aria-label={t('itemLabel', { deal: r.deal.title, name: r.referee.name })}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-col">
          <span className="font-semibold">{r.deal.title}</span>
          <span className={ui.muted}>{t('between', { referrer: displayName(r.referrer.name), referee: displayName(r.referee.name) })}</span>
          {r.referee.phone ? <span className={ui.muted}>{r.referee.phone}</span> : null}
        </div>
        <StatusChip status={r.status} />
      </div>
      <p>{t('current', { step: r.step ? stepName(r.step) : '-' })}</p>
      {staffMoves.length > 0 ? (
        <>
          <label htmlFor={`${id}-note`} className="font-semibold">{t('noteLabel')}</label>
          <input id={`${id}-note`} className={ui.input} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            {staffMoves.map((n) => (
              <button
                key={n.step}
                type="button"
                className={ui.primary}
                disabled={move.isPending}
                onClick={() => move.mutate({ id: r.id, to: n.step, note: note.trim() || undefined }, { onSuccess: () => setNote('') })}
              >
                {t('move', { step: stepName(n.step) })}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className={ui.muted}>
          {waitingOn ? t('waitingFor', { actor: actor(waitingOn.by) }) : t('nothingNext')}
        </p>
      )}
      {move.isError ? <p role="alert" className={ui.error}>{errorText(move.error)}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={ui.secondary} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('hideDetails') : t('showDetails')}
        </button>
        <Link prefetch={false} href={`/rewards/deal/${encodeURIComponent(r.id)}`} className={ui.link}>{t('openDeal')}</Link>
      </div>
      {open ? (
        <>
          <section aria-label={t('history')} className="flex flex-col gap-1">
            <h3 className="font-semibold">{t('history')}</h3>
            <ol className="flex flex-col gap-1 text-sm">
              {history.map((s) => (
                <li key={s.step}>
                  {stepName(s.step)} · {fmt.dateTime(new Date(s.done_at!), DATE_TIME_FORMAT)}
                  {s.by ? ` · ${actor(s.by)}` : ''}
                </li>
              ))}
            </ol>
          </section>
          <NotesPanel referralId={r.id} />
        </>
      ) : null}
    </li>
  );
}

function HeldRewards() {
  const t = useTranslations('staff.rewards');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const rewards = useStaffRewards(page);
  return (
    <section aria-labelledby="staff-rewards-h" className="flex flex-col gap-3">
      <h2 id="staff-rewards-h" className={ui.h2}>{t('title')}</h2>
      {rewards.isPending ? <Loading label={t('loading')} /> : null}
      {rewards.isError ? <p role="alert" className={ui.error}>{errorText(rewards.error)}</p> : null}
      {rewards.data && rewards.data.items.length === 0 ? <p className={ui.muted}>{t('none')}</p> : null}
      {rewards.data ? (
        <ul className="flex flex-col gap-3">
          {rewards.data.items.map((r) => <HeldReward key={r.id} r={r} />)}
        </ul>
      ) : null}
      {rewards.data ? <Pager page={page} total={rewards.data.total} size={rewards.data.page_size} onPage={setPage} /> : null}
    </section>
  );
}

/** Shortest reason staff must give for a review move. */
const MIN_REASON = 3;

function HeldReward({ r }: { r: StaffReward }) {
  const t = useTranslations('staff.rewards');
  const displayName = useDisplayName();
  const tRewards = useTranslations('rewards');
  const errorText = useErrorText();
  const inr = useInr();
  const move = useStaffRewardMove();
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const id = useId();
  const reasonKey = r.reason ? `reason.${r.reason}` : null;

  const act = (to: 'approved' | 'fraud' | 'pending') => {
    if (reason.trim().length < MIN_REASON) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    move.mutate({ id: r.id, to, reason: reason.trim() });
  };

  return (
    <li className={`${ui.card} flex flex-col gap-2`} aria-label={t('itemLabel', { deal: r.deal_title, name: r.referee_name })}>
      <span className="font-semibold">{r.deal_title}</span>
      <span className={ui.muted}>{t('people', { referrer: displayName(r.referrer?.name), referee: displayName(r.referee_name) })}</span>
      {r.amount_inr !== null ? <span>{inr(r.amount_inr)}</span> : null}
      <span className="text-sm">{t('why', { reason: reasonKey && tRewards.has(reasonKey) ? tRewards(reasonKey) : (r.reason ?? '-') })}</span>
      <label htmlFor={`${id}-reason`} className="font-semibold">{t('reasonLabel')}</label>
      <input
        id={`${id}-reason`}
        className={ui.input}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={tooShort || undefined}
      />
      {tooShort ? <p role="alert" className={ui.error}>{t('reasonRequired')}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={ui.primary} disabled={move.isPending} onClick={() => act('approved')}>{t('approve')}</button>
        <button type="button" className={ui.secondary} disabled={move.isPending} onClick={() => act('pending')}>{t('release')}</button>
        <button type="button" className={ui.danger} disabled={move.isPending} onClick={() => act('fraud')}>{t('fraud')}</button>
      </div>
      {move.isError ? <p role="alert" className={ui.error}>{errorText(move.error)}</p> : null}
    </li>
  );
}
