'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';

/** Translates a message key of the schemas ("auth.validation.phone"); other text is shown as is. */
export function useMessageText(): (keyOrText: string | undefined) => string | undefined {
  const t = useTranslations();
  return (k) => (k ? (t.has(k) ? t(k) : k) : undefined);
}

/** A field's error under it, announced when it appears; `id` is what the field's `aria-describedby` names. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return <p id={id} role="alert" className="text-sm text-red-600 dark:text-red-400">{children}</p>;
}
