'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import type { HttpError } from '@/lib/http/client';
import { useOnline } from '@/lib/pwa/online-status';
import { outbox, type OutboxResult } from '@/lib/pwa/outbox';
import { Button } from '@/components/ui/button';

/**
 * Pieces shared by the callback and subsidy forms: labelled inputs, chip
 * radio groups, and the translation of the schemas' message keys
 * (features/leads/schemas.ts).
 */

/** Translates a zod message key ("leads.validation.name"); a text that is not a key (already translated by the API) is shown as is. */
export function useMessageText(): (keyOrText: string | undefined) => string | undefined {
  const t = useTranslations();
  return (k) => (k ? (t.has(k as never) ? t(k as never) : k) : undefined);
}

const inputClass =
  'w-full rounded-xl border border-neutral-300 bg-white px-4 py-3 text-base outline-none focus:border-amber-500 focus:ring-2 focus:ring-amber-500/40 aria-[invalid=true]:border-red-500 dark:border-neutral-700 dark:bg-neutral-950';

/** A labelled text input with its error under it (announced via aria-describedby). */
export function TextField({
  id, label, error, inputProps,
}: {
  id: string;
  label: string;
  error?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <input id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...inputProps} />
      {error ? <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </div>
  );
}

/** A radio group drawn as chips. */
export function ChoiceChips<T extends FieldValues>({
  name, legend, choices, register, error, children,
}: {
  name: Path<T>;
  legend: string;
  choices: { value: string; label: string }[];
  register: UseFormRegister<T>;
  error?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {children}
      <div className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <label key={c.value} className="cursor-pointer">
            <input type="radio" value={c.value} className="peer sr-only" {...register(name)} />
            <span className="inline-block rounded-full border border-neutral-300 px-4 py-2 text-sm peer-checked:border-amber-500 peer-checked:bg-amber-500 peer-checked:font-semibold peer-checked:text-black peer-focus-visible:ring-2 peer-focus-visible:ring-amber-500 dark:border-neutral-700">
              {c.label}
            </span>
          </label>
        ))}
      </div>
      {error ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </fieldset>
  );
}

/**
 * Puts a failed submission's reason where the person will see it: a 422
 * `validation_failed` ("field: text", already in the interface language)
 * under its field; anything else as the form's own error.
 * @returns true when it was shown under a field.
 */
export function showServerError<T extends FieldValues>(err: HttpError, fields: readonly string[], setError: UseFormSetError<T>): boolean {
  if (err.code !== 'validation_failed') return false;
  const m = /^([a-z_]+): (.+)$/.exec(err.message);
  if (!m || !fields.includes(m[1])) return false;
  setError(m[1] as Path<T>, { type: 'server', message: m[2] }, { shouldFocus: true });
  return true;
}

/** The primary submit button. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button
      type="submit"
      disabled={pending}
      size="lg"
      className="mt-2"
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}

/**
 * The confirmation shown after a lead is stored: a title, what happens
 * next, and a button that clears the form for another request.
 */
export function FormDone({ testId, title, body, againLabel, onAgain }: {
  testId: string; title: string; body: ReactNode; againLabel: string; onAgain: () => void;
}) {
  return (
    <div role="status" className="flex flex-col gap-3 py-2" data-testid={testId}>
      <h3 className="text-xl font-semibold">{title}</h3>
      {body ? <p className="text-neutral-700 dark:text-neutral-300">{body}</p> : null}
      <button
        type="button"
        className="self-start rounded-full border border-neutral-300 px-5 py-2 font-semibold dark:border-neutral-700"
        onClick={onAgain}
      >
        {againLabel}
      </button>
    </div>
  );
}

/**
 * Shown while a form sent without a connection waits in the offline outbox
 * (lib/pwa/outbox.ts): "saved, will send when you're back online", then
 * "sending" once the browser is online again.
 */
export function FormQueued({ testId }: { testId: string }) {
  const t = useTranslations('leads.queued');
  const online = useOnline();
  return (
    <div role="status" className="flex flex-col gap-3 py-2" data-testid={testId} data-online={online}>
      <h3 className="text-xl font-semibold">{t('title')}</h3>
      <p className="text-neutral-700 dark:text-neutral-300">{online ? t('sending') : t('body')}</p>
    </div>
  );
}

/**
 * Calls `onResult` when the outbox has sent (or the server has refused) the
 * queued form `key`; nothing while `key` is null.
 */
export function useQueuedResult(key: string | null, onResult: (r: OutboxResult) => void): void {
  const handle = useEffectEvent(onResult);
  useEffect(() => {
    if (!key) return;
    return outbox().subscribe(key, (r) => handle(r));
  }, [key]);
}
