'use client';

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useMutation } from '@tanstack/react-query';
import { track } from '@/lib/analytics/event-client';
import { HttpError } from '@/lib/http/client';
import { postPartnerForm } from '../api/partners';
import {
  PARTNER_FORM_FIELDS, partnerFormSchema, type PartnerFormField, type PartnerFormInput, type PartnerFormResult, type PartnerPublic,
} from '../schemas';

const inputClass =
  'w-full rounded-xl border border-neutral-300 bg-white px-4 py-3 text-base outline-none focus:border-amber-500 focus:ring-2 focus:ring-amber-500/40 aria-[invalid=true]:border-red-500 dark:border-neutral-700 dark:bg-neutral-950';

/** Input attributes per field (keyboard, autofill). */
const INPUT: Record<PartnerFormField, { type: string; inputMode?: 'tel' | 'numeric' | 'email' | 'text'; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' },
  pin_code: { type: 'text', inputMode: 'numeric', autoComplete: 'postal-code' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  message: { type: 'text', autoComplete: 'off' },
};

/** The "field: text" of a 422 from the API, split. */
function fieldError(err: unknown): { field: string; text: string } | null {
  if (!(err instanceof HttpError) || err.status !== 422) return null;
  const m = /^([a-z_]+): (.+)$/.exec(err.message);
  return m ? { field: m[1], text: m[2] } : null;
}

/**
 * The partner's form (SPEC.md section 3 formDetails): exactly the fields
 * the partner asks, validated by the same zod schema as the API
 * (features/partners/schemas.ts partnerFormSchema), one idempotency key per
 * form, the partner's thank-you line once stored. A failed send is tracked
 * as PARTNER_CONTACT_FAILED (SPEC.md section 8).
 */
export function PartnerForm({ partner, onDone }: { partner: PartnerPublic; onDone?: (r: PartnerFormResult) => void }) {
  const t = useTranslations('partners.form');
  const tAll = useTranslations();
  const fields = useMemo(() => PARTNER_FORM_FIELDS.filter((f) => partner.formDetails.fields.includes(f)), [partner.formDetails.fields]);
  const schema = useMemo(() => partnerFormSchema(fields), [fields]);
  const [done, setDone] = useState<PartnerFormResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useForm<PartnerFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { idempotency_key: crypto.randomUUID(), ...Object.fromEntries(fields.map((f) => [f, ''])) },
  });
  const mutation = useMutation({ mutationFn: (values: PartnerFormInput) => postPartnerForm(partner.id, values) });
  const text = (k: string | undefined) => (k ? (tAll.has(k as never) ? tAll(k as never) : k) : undefined);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const sent: PartnerFormInput = { ...values };
    if (sent.message === '') delete sent.message;
    mutation.mutate(sent, {
      onSuccess: (r) => {
        setDone(r);
        onDone?.(r);
      },
      onError: (err) => {
        track('PARTNER_CONTACT_FAILED', {
          partner_id: partner.id,
          error_message: err instanceof HttpError ? `${err.status} ${err.code}` : 'unknown',
        });
        const fe = fieldError(err);
        if (fe && (fields as readonly string[]).includes(fe.field)) setError(fe.field as PartnerFormField, { message: fe.text });
        else setFormError(t('failed'));
      },
    });
  });

  if (done) {
    return (
      <div role="status" data-testid="partner-form-done" className="flex flex-col gap-3 py-2">
        <p className="text-base">{done.thank_you}</p>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate data-testid="partner-form" className="flex flex-col gap-4">
      {fields.map((f) => {
        const id = `partner-${f}`;
        const err = text(errors[f]?.message);
        return (
          <div key={f} className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">{t(f)}</label>
            {f === 'message' ? (
              <textarea id={id} rows={3} className={inputClass} aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${id}-error` : undefined} {...register(f)} />
            ) : (
              <input id={id} className={inputClass} aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${id}-error` : undefined} {...INPUT[f]} {...register(f)} />
            )}
            {err ? <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">{err}</p> : null}
          </div>
        );
      })}
      {formError ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{formError}</p> : null}
      <button type="submit" disabled={mutation.isPending} data-testid="partner-form-submit"
        className="rounded-full bg-amber-500 px-5 py-3 font-semibold text-black hover:bg-amber-400 disabled:opacity-60">
        {mutation.isPending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
