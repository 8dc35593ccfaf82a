'use client';

import { useEffect, useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { PhoneForm, PhoneFormInput } from '../schemas';
import { FieldError } from './login-modal-fields';
import { Button } from '@/components/ui/button';

const legalLink = 'font-medium text-amber-700 underline underline-offset-2 dark:text-amber-400';

const inputBox =
  'rounded-xl border border-neutral-300 bg-white focus-within:border-amber-500 focus-within:ring-2 focus-within:ring-amber-500/40 dark:border-neutral-700 dark:bg-neutral-950';

/**
 * One of the two sign-in confirmations (SPEC.md section 5): a checkbox with
 * its error under it. The whole label, at least 44 px tall, is the target.
 */
function Confirmation({ id, label, error, field }: {
  id: string; label: ReactNode; error: string | undefined; field: UseFormRegisterReturn;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-amber-500"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id : undefined}
          {...field}
        />
        <span>{label}</span>
      </label>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * The login modal's first step: the mobile number after a fixed +91, both
 * confirmations (SPEC.md section 5), "Send code". The form state lives in
 * the modal (`form`), so "Change number" comes back to what was typed;
 * the number field takes focus when the step mounts (the first
 * confirmation, when the number came filled in).
 * @param text translates the schemas' message keys (see useMessageText).
 * @param pending a code is being requested: the button says so and is disabled.
 */
export function PhoneStep({ form, text, pending, onSubmit, prefilled = false }: {
  form: UseFormReturn<PhoneFormInput, unknown, PhoneForm>;
  text: (k: string | undefined) => string | undefined;
  pending: boolean;
  onSubmit: () => void;
  /** The number came filled in (a customer's link): focus starts on the first confirmation instead. */
  prefilled?: boolean;
}) {
  const t = useTranslations('auth');
  const { register, setFocus, formState: { errors } } = form;
  const phoneId = useId();
  const prefixId = useId();
  const over18Id = useId();
  const termsId = useId();

  useEffect(() => {
    setFocus(prefilled ? 'over_18' : 'phone');
  }, [setFocus, prefilled]);

  const phoneError = text(errors.phone?.message);
  const over18Error = text(errors.over_18?.message);
  const termsError = text(errors.accept_terms?.message);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={phoneId} className="text-sm font-medium">{t('phoneLabel')}</label>
        <div className={`flex items-center ${inputBox} ${phoneError ? 'border-red-500' : ''}`}>
          <span id={prefixId} className="select-none border-r border-neutral-300 px-3 py-3 text-base text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">+91</span>
          <input
            id={phoneId}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            className="w-full min-w-0 rounded-r-xl bg-transparent px-3 py-3 text-base outline-none"
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? `${prefixId} ${phoneId}-error` : prefixId}
            {...register('phone')}
          />
        </div>
        {phoneError ? <FieldError id={`${phoneId}-error`}>{phoneError}</FieldError> : null}
      </div>

      <Confirmation id={over18Id} label={t('over18')} error={over18Error} field={register('over_18')} />
      <Confirmation
        id={termsId}
        // The pages open in a new tab, so the number and ticks typed here stay as they are.
        label={t.rich('acceptTerms', {
          terms: (chunks) => <a href="/terms" target="_blank" rel="noopener" className={legalLink}>{chunks}</a>,
          privacy: (chunks) => <a href="/privacy" target="_blank" rel="noopener" className={legalLink}>{chunks}</a>,
        })}
        error={termsError}
        field={register('accept_terms')}
      />

      <Button
        type="submit"
        disabled={pending}
        size="lg"
        className="mt-1"
      >
        {pending ? t('sending') : t('sendCode')}
      </Button>
    </form>
  );
}
