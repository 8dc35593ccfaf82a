'use client';

import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { TIME_FORMAT } from '@/lib/i18n-locale';
import { useAppFormatter } from '@/lib/use-app-formatter';
import type { HttpError } from '@/lib/http/client';
import { callbackLeadSchema, type CallbackLead, type CallbackLeadInput, type LeadCreated } from '../schemas';
import { replayedLead, useCallbackMutation, useSlots } from '../api/leads';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { ChoiceChips, FormDone, FormQueued, showServerError, SubmitButton, TextField, useMessageText, useQueuedResult } from './form-parts';

/** What "Call me" in the assistant (or a /callback?name=&phone= link) already knows. */
export interface CallbackDefaults {
  name?: string;
  phone?: string;
  /** The chat's topic or question, passed on to the CRM. */
  context?: string;
}

const FIELDS = ['name', 'phone', 'day', 'slot', 'context'] as const;

/**
 * Schedule a callback (SPEC.md section 5): name, mobile number, today or
 * tomorrow, and a slot chip from GET /api/v1/leads/slots (India time).
 * Validated by the same zod schema as the API; one idempotency key per
 * booking, so a double tap or a retry after a lost answer books once.
 * Sent without a connection, the booking waits in the offline outbox under
 * that key ("saved, will send when you're back online") and ends like any
 * other once the outbox has sent it.
 */
export function CallbackForm({ defaultValues, onDone }: { defaultValues?: CallbackDefaults; onDone?: (lead: LeadCreated) => void }) {
  const t = useTranslations('leads');
  const format = useAppFormatter();
  const text = useMessageText();
  const [done, setDone] = useState<{ lead: LeadCreated; phone: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [queued, setQueued] = useState<{ key: string; phone: string } | null>(null);
  const initial = (): CallbackLeadInput => ({
    idempotency_key: newIdempotencyKey(),
    name: defaultValues?.name ?? '',
    phone: defaultValues?.phone ?? '',
    day: 'today',
    slot: '',
    context: defaultValues?.context || undefined,
  });
  const { register, handleSubmit, control, setValue, setError, reset, formState: { errors } } = useForm<CallbackLeadInput, unknown, CallbackLead>({
    resolver: zodResolver(callbackLeadSchema),
    defaultValues: initial(),
  });
  const day = useWatch({ control, name: 'day' });
  const slots = useSlots(day);
  const mutation = useCallbackMutation();

  // A slot belongs to one day: switching the day clears the choice.
  useEffect(() => setValue('slot', ''), [day, setValue]);

  const finish = (lead: LeadCreated, phone: string) => {
    setDone({ lead, phone });
    onDone?.(lead);
  };
  const refused = (err: HttpError) => {
    if (err.code === 'slot_unavailable') {
      setError('slot', { type: 'server', message: 'leads.slotUnavailable' });
      void slots.refetch();
    } else if (!showServerError(err, FIELDS, setError)) {
      setFormError(t('submitFailed'));
    }
  };

  useQueuedResult(queued?.key ?? null, (r) => {
    const phone = queued?.phone ?? '';
    setQueued(null);
    mutation.reset();
    if (r.status === 'sent') finish(replayedLead(r), phone);
    else refused(r.error);
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(values, {
      onSuccess: (r) => {
        if (r.queued) setQueued({ key: r.key, phone: values.phone });
        else finish(r.lead, values.phone);
      },
      onError: refused,
    });
  });

  if (done) {
    const start = done.lead.slot ? new Date(done.lead.slot) : null;
    return (
      <FormDone
        testId="callback-done"
        title={t('callback.doneTitle')}
        body={start ? t('callback.doneBody', {
          phone: done.phone,
          date: format.dateTime(start, { weekday: 'long', day: 'numeric', month: 'long' }),
          time: format.dateTime(start, TIME_FORMAT),
        }) : null}
        againLabel={t('callback.another')}
        onAgain={() => {
          reset(initial());
          setDone(null);
          mutation.reset();
        }}
      />
    );
  }

  if (queued) return <FormQueued testId="callback-queued" />;

  const list = slots.data?.slots ?? [];
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('callback.title')}>
      <p className="text-neutral-600 dark:text-neutral-400">{t('callback.intro')}</p>
      <TextField id="cb-name" label={t('fields.name')} error={text(errors.name?.message)} inputProps={{ ...register('name'), autoComplete: 'name' }} />
      <TextField
        id="cb-phone"
        label={t('fields.phone')}
        error={text(errors.phone?.message)}
        inputProps={{ ...register('phone'), type: 'tel', inputMode: 'tel', autoComplete: 'tel' }}
      />
      <ChoiceChips<CallbackLeadInput>
        name="day"
        legend={t('fields.day')}
        register={register}
        choices={[{ value: 'today', label: t('fields.today') }, { value: 'tomorrow', label: t('fields.tomorrow') }]}
      />
      <ChoiceChips<CallbackLeadInput>
        name="slot"
        legend={t('fields.slot')}
        register={register}
        error={text(errors.slot?.message)}
        choices={list.map((s) => ({
          value: s.start,
          label: t('slotRange', { start: format.dateTime(new Date(s.start), TIME_FORMAT), end: format.dateTime(new Date(s.end), TIME_FORMAT) }),
        }))}
      >
        {slots.isPending ? <p className="text-sm text-neutral-500">{t('slotsLoading')}</p> : null}
        {slots.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">
            {t('slotsFailed')}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void slots.refetch()}>{t('retry')}</button>
          </p>
        ) : null}
        {slots.isSuccess && list.length === 0 && day === 'today' ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">{t('noSlotsToday')}</p>
        ) : null}
      </ChoiceChips>
      {formError ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{formError}</p> : null}
      <SubmitButton pending={mutation.isPending} label={t('callback.submit')} pendingLabel={t('sending')} />
    </form>
  );
}
