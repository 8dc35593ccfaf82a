'use client';

import { useId, useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DATE_TIME_FORMAT } from '@/lib/i18n-locale';
import { useAppFormatter } from '@/lib/use-app-formatter';
import { DEAL_STEPS, dealStepIndex } from '../deal-steps';
import { newKey } from '../api/referrals';
import { useAddNote, useDealReminder, useDealStep, useDealView, useNotes, type DealView } from '../api/requests';
import { ScratchCard } from './scratch-card';
import { Loading, StatusChip, ui, useActorName, useDisplayName, useStepName } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/**
 * A referral's deal page (SPEC.md section 4, docs/decisions/010): the
 * twelve steps as a vertical progress list, who makes the next move,
 * buttons for the caller's own next moves only, "Send reminder" for the
 * referrer while the referee is to move, the notes, and the referrer's
 * reward card.
 */
export function DealScreen({ id }: { id: string }) {
  const t = useTranslations('referrals.deal');
  const errorText = useErrorText();
  const view = useDealView(id);
  return (
    <div className={ui.page}>
      <Link prefetch={false} href="/rewards" className={ui.link}>{t('back')}</Link>
      {view.isPending ? <Loading label={t('loading')} /> : null}
      {view.isError ? <p role="alert" className={ui.error}>{errorText(view.error)}</p> : null}
      {view.data ? <DealBody id={id} v={view.data} /> : null}
    </div>
  );
}

function DealBody({ id, v }: { id: string; v: DealView }) {
  const t = useTranslations('referrals.deal');
  const displayName = useDisplayName();
  const r = v.request;
  return (
    <>
      <header className="flex flex-col gap-1">
        <h1 className={ui.h1}>{r.deal.title}</h1>
        <p className={ui.muted}>{t('between', { referrer: displayName(r.referrer.name), referee: displayName(r.referee.name) })}</p>
        <div><StatusChip status={r.status} /></div>
      </header>
      <DealMoves id={id} v={v} />
      <StepList v={v} />
      {v.reward ? (
        <section aria-label={t('reward')} className="flex flex-col gap-2">
          <h2 className={ui.h2}>{t('reward')}</h2>
          <ul><ScratchCard reward={v.reward} /></ul>
        </section>
      ) : null}
      <NotesPanel referralId={id} />
    </>
  );
}

/** The twelve steps, done ones with their time and actor, the current one marked. */
export function StepList({ v }: { v: DealView }) {
  const t = useTranslations('referrals.deal');
  const stepName = useStepName();
  const actor = useActorName();
  const fmt = useAppFormatter();
  const done = new Map(v.steps.map((s) => [s.step, s]));
  const current = v.request.step ? dealStepIndex(v.request.step) : -1;
  return (
    <section aria-labelledby="deal-steps-h" className={`${ui.card} flex flex-col gap-2`}>
      <h2 id="deal-steps-h" className={ui.h2}>{t('progress')}</h2>
      <ol className="flex flex-col">
        {DEAL_STEPS.map((step, i) => {
          const s = done.get(step);
          const isDone = !!s?.done_at || i <= current;
          const isCurrent = i === current;
          return (
            <li key={step} className="flex gap-3" aria-current={isCurrent ? 'step' : undefined}>
              <div className="flex flex-col items-center">
                <span
                  aria-hidden="true"
                  className={`mt-1 h-4 w-4 rounded-full border-2 ${isDone ? 'border-green-600 bg-green-600' : 'border-neutral-400 dark:border-neutral-600'}`}
                />
                {i < DEAL_STEPS.length - 1 ? <span aria-hidden="true" className={`w-0.5 flex-1 ${i < current ? 'bg-green-600' : 'bg-neutral-300 dark:bg-neutral-700'}`} /> : null}
              </div>
              <div className="flex flex-col pb-3">
                <span className={isCurrent ? 'font-semibold' : ''}>
                  {stepName(step)}
                  <span className="sr-only"> {isDone ? t('done') : t('notYet')}</span>
                </span>
                {s?.done_at ? (
                  <span className={ui.muted}>
                    {fmt.dateTime(new Date(s.done_at), DATE_TIME_FORMAT)}
                    {s.by ? ` · ${actor(s.by, v.my_role)}` : ''}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Who moves next, the caller's own move buttons, and the referrer's reminder. */
function DealMoves({ id, v }: { id: string; v: DealView }) {
  const t = useTranslations('referrals.deal');
  const stepName = useStepName();
  const actor = useActorName();
  const errorText = useErrorText();
  const step = useDealStep(id);
  const reminder = useDealReminder(id);
  // The reminder has its own call (deals/{id}/reminder); the other moves are the caller's own steps.
  // The optional reminder is not a step anyone waits for: it is shown as its own button, not in "next".
  const next = v.next.filter((n) => n.step !== 'send_reminder');
  const mine = next.filter((n) => n.by === v.my_role);
  const reminderError = reminder.error as { code?: string } | null;

  return (
    <section aria-labelledby="deal-next-h" className={`${ui.card} flex flex-col gap-3`}>
      <h2 id="deal-next-h" className={ui.h2}>{t('next')}</h2>
      {next.length === 0 ? <p className={ui.muted}>{t('nothingNext')}</p> : (
        <ul className="flex flex-col gap-1">
          {next.map((n) => (
            <li key={`${n.step}-${n.by}`}>{t('nextBy', { step: stepName(n.step), actor: actor(n.by, v.my_role) })}</li>
          ))}
        </ul>
      )}
      {mine.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {mine.map((n) => (
            <button key={n.step} type="button" className={ui.primary} disabled={step.isPending} onClick={() => step.mutate({ to: n.step })}>
              {t('move', { step: stepName(n.step) })}
            </button>
          ))}
        </div>
      ) : null}
      {v.my_role === 'referrer' && v.can_remind ? (
        <button type="button" className={`${ui.secondary} self-start`} disabled={reminder.isPending} onClick={() => reminder.mutate()}>
          {t('remind')}
        </button>
      ) : null}
      {reminder.isSuccess ? <p role="status" className="text-sm">{t('reminded')}</p> : null}
      {reminder.isError ? (
        <p role="alert" className={ui.error}>{reminderError?.code === 'reminder_too_soon' ? t('remindTooSoon') : errorText(reminder.error)}</p>
      ) : null}
      {step.isError ? <p role="alert" className={ui.error}>{errorText(step.error)}</p> : null}
    </section>
  );
}

/** The deal's notes, newest first, and a form to add one (idempotent by a client key per draft). */
export function NotesPanel({ referralId }: { referralId: string }) {
  const t = useTranslations('referrals.notes');
  const errorText = useErrorText();
  const fmt = useAppFormatter();
  const notes = useNotes(referralId, 1);
  const add = useAddNote(referralId);
  const [body, setBody] = useState('');
  const key = useRef<string | null>(null);
  const id = useId();

  return (
    <section aria-labelledby={`${id}-h`} className={`${ui.card} flex flex-col gap-3`}>
      <h2 id={`${id}-h`} className={ui.h2}>{t('title')}</h2>
      <form
        aria-label={t('add')}
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const text = body.trim();
          if (!text) return;
          key.current ??= newKey();
          add.mutate({ body: text, clientKey: key.current }, {
            onSuccess: () => {
              key.current = null;
              setBody('');
            },
          });
        }}
      >
        <label htmlFor={`${id}-body`} className="sr-only">{t('label')}</label>
        <textarea
          id={`${id}-body`}
          className={ui.input}
          rows={2}
          maxLength={2000}
          value={body}
          placeholder={t('placeholder')}
          onChange={(e) => {
            setBody(e.target.value);
            key.current = null;
          }}
        />
        <button type="submit" className={`${ui.secondary} self-start`} disabled={add.isPending || body.trim() === ''}>{t('send')}</button>
        {add.isError ? <p role="alert" className={ui.error}>{errorText(add.error)}</p> : null}
      </form>
      {notes.isPending ? <Loading label={t('loading')} /> : null}
      {notes.isError ? <p role="alert" className={ui.error}>{errorText(notes.error)}</p> : null}
      {notes.data && notes.data.items.length === 0 ? <p className={ui.muted}>{t('none')}</p> : null}
      {notes.data && notes.data.items.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {notes.data.items.map((n) => (
            <li key={n.id} className="rounded-xl bg-neutral-100 p-3 dark:bg-neutral-800">
              <p className="whitespace-pre-line">{n.body}</p>
              <p className={ui.muted}>{n.author.name} · {fmt.dateTime(new Date(n.created_at), DATE_TIME_FORMAT)}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
