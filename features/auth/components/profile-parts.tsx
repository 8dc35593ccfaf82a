'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

/**
 * Small pieces the profile screen, its edit form, picture and onboarding
 * share: message-key translation, a labelled field and the round avatar
 * (an API error's text is lib/use-error-text.ts).
 */

/** Translates a message key of the schemas ("profile.validation.name"); a text that is not a key (already translated by the API) is shown as is. */
export function useMessageText(): (keyOrText: string | undefined) => string | undefined {
  const t = useTranslations();
  return (k) => (k ? (t.has(k) ? t(k) : k) : undefined);
}

/** Classes of a text input, select or textarea of the profile forms (light and dark). */
export const inputClass =
  'w-full rounded-xl border border-neutral-300 bg-white px-4 py-3 text-base text-neutral-900 outline-none focus:border-amber-500 focus:ring-2 focus:ring-amber-500/40 aria-[invalid=true]:border-red-500 dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-100';

/**
 * A label, its control (given as a render function of the ids to wire),
 * then the error (announced) or a hint under it.
 */
export function Field({ id, label, error, hint, children }: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-600 dark:text-neutral-400">{hint}</p>
      ) : null}
    </div>
  );
}

/** Initials of a name for an avatar without a picture ("Asha Verma" -> "AV"). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.slice(0, 2).map((p) => p[0]!.toUpperCase()).join('');
}

/** A round avatar: the picture, else the initials, else a neutral disc. */
export function Avatar({ pic, name, size, alt }: { pic: string | null; name: string; size: number; alt: string }) {
  const style = { width: size, height: size };
  if (pic) {
    // A 256x256 WebP the server made: no optimizer round trip needed.
    return <img src={pic} alt={alt} width={size} height={size} style={style} className="shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      role="img"
      aria-label={alt}
      style={style}
      className="flex shrink-0 items-center justify-center rounded-full bg-amber-100 text-2xl font-bold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
    >
      {initialsOf(name)}
    </span>
  );
}
