'use client';

import { useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { HttpError } from '@/lib/http/client';
import { subsidyLeadSchema, type LeadCreated, type SubsidyLead, type SubsidyLeadInput } from '../schemas';
import { replayedLead, useSubsidyMutation } from '../api/leads';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { ChoiceChips, FormDone, FormQueued, showServerError, SubmitButton, TextField, useMessageText, useQueuedResult } from './form-parts';

/** Fields a link or the assistant may fill in advance. */
export interface SubsidyDefaults {
  name?: string;
  phone?: string;
  email?: string;
  pin_code?: string;
  context?: string;
}

const FIELDS = ['name', 'phone', 'email', 'pin_code', 'system_type', 'size', 'power_cut', 'context'] as const;

/**
 * Subsidy enquiry (SPEC.md section 5): name, mobile, PIN code, an
 * optional email, system type (on-grid, off-grid), size (1 kW, 2 kW, 3 kW
 * or above) and daily power cuts (under or over 2 hours). Same zod schema as the API; one
 * idempotency key per enquiry. Sent without a connection, it waits in the
 * offline outbox under that key and ends like any other once sent.
 */
export function SubsidyForm({ defaultValues, onDone }: { defaultValues?: SubsidyDefaults; onDone?: (lead: LeadCreated) => void }) {
  const t = useTranslations('leads');
  const text = useMessageText();
  const [done, setDone] = useState<{ phone: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [queued, setQueued] = useState<{ key: string; phone: string } | null>(null);
  const initial = (): DefaultValues<SubsidyLeadInput> => ({
    idempotency_key: newIdempotencyKey(),
    name: defaultValues?.name ?? '',
    phone: defaultValues?.phone ?? '',
    email: defaultValues?.email ?? '',
    pin_code: defaultValues?.pin_code ?? '',
    // system_type, size and power_cut start unchosen: the schema then says "Please select ...".
    context: defaultValues?.context || undefined,
  });
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<SubsidyLeadInput, unknown, SubsidyLead>({
    resolver: zodResolver(subsidyLeadSchema),
    defaultValues: initial(),
  });
  const mutation = useSubsidyMutation();

  const finish = (lead: LeadCreated, phone: string) => {
    setDone({ phone });
    onDone?.(lead);
  };
  const refused = (err: HttpError) => {
    if (!showServerError(err, FIELDS, setError)) setFormError(t('submitFailed'));
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
    return (
      <FormDone
        testId="subsidy-done"
        title={t('subsidy.doneTitle')}
        body={t('subsidy.doneBody', { phone: done.phone })}
        againLabel={t('subsidy.another')}
        onAgain={() => {
          reset(initial());
          setDone(null);
          mutation.reset();
        }}
      />
    );
  }

  if (queued) return <FormQueued testId="subsidy-queued" />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('subsidy.title')}>
      <p className="text-neutral-600 dark:text-neutral-400">{t('subsidy.intro')}</p>
      <TextField id="sb-name" label={t('fields.name')} error={text(errors.name?.message)} inputProps={{ ...register('name'), autoComplete: 'name' }} />
      <TextField
        id="sb-phone"
        label={t('fields.phone')}
        error={text(errors.phone?.message)}
        inputProps={{ ...register('phone'), type: 'tel', inputMode: 'tel', autoComplete: 'tel' }}
      />
      <TextField
        id="sb-email"
        label={t('fields.emailOptional')}
        error={text(errors.email?.message)}
        inputProps={{ ...register('email'), type: 'email', inputMode: 'email', autoComplete: 'email' }}
      />
      <TextField
        id="sb-pin"
        label={t('fields.pinCode')}
        error={text(errors.pin_code?.message)}
        inputProps={{ ...register('pin_code'), inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 7 }}
      />
      <ChoiceChips<SubsidyLeadInput>
        name="system_type"
        legend={t('fields.systemType')}
        register={register}
        error={text(errors.system_type?.message)}
        choices={[{ value: 'on-grid', label: t('fields.onGrid') }, { value: 'off-grid', label: t('fields.offGrid') }]}
      />
      <ChoiceChips<SubsidyLeadInput>
        name="size"
        legend={t('fields.size')}
        register={register}
        error={text(errors.size?.message)}
        choices={[{ value: '1kW', label: t('fields.size1') }, { value: '2kW', label: t('fields.size2') }, { value: '3kW+', label: t('fields.size3plus') }]}
      />
      <ChoiceChips<SubsidyLeadInput>
        name="power_cut"
        legend={t('fields.powerCut')}
        register={register}
        error={text(errors.power_cut?.message)}
        choices={[{ value: 'under-2h', label: t('fields.powerCutUnder') }, { value: 'over-2h', label: t('fields.powerCutOver') }]}
      />
      {formError ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{formError}</p> : null}
      <SubmitButton pending={mutation.isPending} label={t('subsidy.submit')} pendingLabel={t('sending')} />
    </form>
  );
}
