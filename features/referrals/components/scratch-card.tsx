'use client';

import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useAppFormatter } from '@/lib/use-app-formatter';
import { useClaim, useScratch, type Reward } from '../api/rewards';
import { useReferralStore } from '../store';
import { ui, useInr } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/** Share of the cover that must be scratched away before the card reveals itself. */
const REVEAL_FRACTION = 0.5;
/** Radius of the scratching finger, CSS px. */
const BRUSH_PX = 18;

/**
 * One reward as a scratch card (docs/decisions/010): an approved reward
 * past its hold is covered by a <canvas> the user scratches away with a
 * finger or the mouse (pointer events erase with `destination-out`); once
 * about half is gone, or when the "Reveal" button is used (keyboard and
 * screen readers), POST scratch/{id} reveals the amount, once. A locked
 * card tells when it unlocks or why it is where it is
 * (`rewards.reason.<code>`). A scratched, approved card offers the claim.
 */
export function ScratchCard({ reward, now = Date.now() }: { reward: Reward; now?: number }) {
  const t = useTranslations('rewards.card');
  const tReason = useTranslations('rewards');
  const fmt = useAppFormatter();
  const inr = useInr();
  const errorText = useErrorText();
  const scratch = useScratch();
  const [revealed, setRevealed] = useState<Reward | null>(null);
  const current = revealed ?? reward;
  const sent = useRef(false);

  const reveal = useCallback(() => {
    if (sent.current) return;
    sent.current = true;
    scratch.mutate(reward.id, {
      onSuccess: (r) => setRevealed(r.reward),
      onError: () => {
        sent.current = false;
      },
    });
  }, [scratch, reward.id]);

  const unlockAt = current.scratchable_at ? Date.parse(current.scratchable_at) : null;
  const scratchable = current.state === 'approved' && !current.scratched && unlockAt !== null && unlockAt <= now;
  const reasonKey = current.reason ? `reason.${current.reason}` : null;
  const reasonText = reasonKey && tReason.has(reasonKey) ? tReason(reasonKey) : t(`state.${current.state}`);

  return (
    <li className={`${ui.card} flex flex-col gap-3`} aria-label={t('label', { deal: current.deal_title, name: current.referee_name })}>
      <div className="flex flex-col">
        <span className="font-semibold">{current.deal_title}</span>
        <span className={ui.muted}>{t('referee', { name: current.referee_name })}</span>
      </div>
      {current.scratched && current.amount_inr !== null ? (
        <p className="rounded-xl bg-amber-100 p-4 text-center text-3xl font-bold text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="reward-amount">
          {inr(current.amount_inr)}
        </p>
      ) : scratchable ? (
        <>
          <ScratchSurface label={t('scratchHere')} onScratched={reveal} />
          <button type="button" className={ui.secondary} onClick={reveal} disabled={scratch.isPending}>
            {t('reveal')}
          </button>
          {scratch.isError ? <p role="alert" className={ui.error}>{errorText(scratch.error)}</p> : null}
        </>
      ) : (
        <div className="flex flex-col gap-1 rounded-xl bg-neutral-100 p-4 dark:bg-neutral-800">
          <p className="font-semibold">{t('locked')}</p>
          {current.state === 'approved' && unlockAt !== null && unlockAt > now ? (
            <p className={ui.muted}>{t('unlocksOn', { date: fmt.dateTime(new Date(unlockAt), { dateStyle: 'medium' }) })}</p>
          ) : null}
          <p className={ui.muted}>{reasonText}</p>
        </div>
      )}
      {current.claimed_at ? (
        <p className={ui.muted}>{t('claimedOn', { date: fmt.dateTime(new Date(current.claimed_at), { dateStyle: 'medium' }) })}</p>
      ) : current.state === 'approved' && current.scratched ? (
        <ClaimForm reward={current} onClaimed={setRevealed} />
      ) : null}
    </li>
  );
}

/**
 * The scratchable cover: a canvas over the hidden amount. Pointer moves with
 * a button down erase circles; the cleared share is measured from the
 * canvas's alpha, and at REVEAL_FRACTION `onScratched` is called once.
 * Without a 2D context (old browsers, tests) the cover is plain and the
 * Reveal button does the work.
 */
function ScratchSurface({ label, onScratched }: { label: string; onScratched: () => void }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const down = useRef(false);
  const done = useRef(false);
  const moves = useRef(0);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext?.('2d');
    if (!c || !ctx) return;
    c.width = c.clientWidth || 280;
    c.height = c.clientHeight || 112;
    ctx.fillStyle = '#a3a3a3';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.fillStyle = '#525252';
    ctx.font = '600 16px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, c.width / 2, c.height / 2);
  }, [label]);

  const clearedFraction = (ctx: CanvasRenderingContext2D, w: number, h: number) => {
    const data = ctx.getImageData(0, 0, w, h).data;
    let clear = 0;
    let n = 0;
    // Every 16th pixel is enough to measure the share.
    for (let i = 3; i < data.length; i += 64) {
      n++;
      if (data[i] === 0) clear++;
    }
    return n === 0 ? 0 : clear / n;
  };

  const erase = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current;
    const ctx = c?.getContext?.('2d');
    if (!c || !ctx || done.current) return;
    const rect = c.getBoundingClientRect();
    const sx = c.width / (rect.width || c.width);
    const sy = c.height / (rect.height || c.height);
    ctx.globalCompositeOperation = 'destination-out';
    ctx.beginPath();
    ctx.arc((e.clientX - rect.left) * sx, (e.clientY - rect.top) * sy, BRUSH_PX * sx, 0, Math.PI * 2);
    ctx.fill();
    moves.current++;
    if (moves.current % 8 === 0 && clearedFraction(ctx, c.width, c.height) >= REVEAL_FRACTION) {
      done.current = true;
      onScratched();
    }
  };

  return (
    <canvas
      ref={canvas}
      aria-hidden="true"
      data-testid="scratch-surface"
      className="h-28 w-full cursor-pointer touch-none rounded-xl bg-neutral-400 dark:bg-neutral-600"
      onPointerDown={(e) => {
        down.current = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        erase(e);
      }}
      onPointerMove={(e) => {
        if (down.current) erase(e);
      }}
      onPointerUp={() => {
        down.current = false;
      }}
      onPointerCancel={() => {
        down.current = false;
      }}
    />
  );
}

/** A UPI id as the API takes it (docs/api/referrals.md POST rewards/{id}): name@handle, at most 100 characters. */
const VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/;
const VPA_MAX = 100;

/**
 * The claim of a scratched, approved reward to a UPI id. The claim key is
 * kept per reward in the store (features/referrals/store.ts): a retry
 * after an error sends the same key, so the reward is paid once.
 */
export function ClaimForm({ reward, onClaimed }: { reward: Reward; onClaimed: (r: Reward) => void }) {
  const t = useTranslations('rewards.claim');
  const errorText = useErrorText();
  const claim = useClaim();
  const claimKeyFor = useReferralStore((s) => s.claimKeyFor);
  const claimDone = useReferralStore((s) => s.claimDone);
  const [vpa, setVpa] = useState('');
  const [invalid, setInvalid] = useState(false);
  const id = useId();

  return (
    <form
      aria-label={t('title')}
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const v = vpa.trim();
        if (v.length > VPA_MAX || !VPA.test(v)) {
          setInvalid(true);
          return;
        }
        setInvalid(false);
        claim.mutate(
          { id: reward.id, payout_vpa: v, claim_key: claimKeyFor(reward.id) },
          {
            onSuccess: (r) => {
              claimDone(reward.id);
              onClaimed(r.reward);
            },
          },
        );
      }}
    >
      <label htmlFor={`${id}-vpa`} className="font-semibold">{t('upiLabel')}</label>
      <input
        id={`${id}-vpa`}
        className={ui.input}
        value={vpa}
        onChange={(e) => setVpa(e.target.value)}
        placeholder="name@bank"
        maxLength={VPA_MAX}
        autoComplete="off"
        inputMode="email"
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={ui.muted}>{t('upiHint')}</p>
      {invalid ? <p role="alert" className={ui.error}>{t('upiInvalid')}</p> : null}
      {claim.isError ? <p role="alert" className={ui.error}>{errorText(claim.error)}</p> : null}
      <button type="submit" className={ui.primary} disabled={claim.isPending}>
        {claim.isPending ? t('claiming') : claim.isError ? t('retry') : t('submit')}
      </button>
    </form>
  );
}
