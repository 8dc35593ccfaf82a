'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Sheet } from '@/components/ui/sheet';
import { track } from '@/lib/analytics/event-client';
import { CallbackForm, type CallbackDefaults } from './callback-form';

/**
 * A button that opens the callback form in a bottom sheet (Explore's
 * "schedule call", SPEC.md section 2; "Call me" in the assistant with
 * `defaultValues`). The form mounts only while open, so each opening is a
 * fresh booking with its own idempotency key.
 */
export function CallbackSheetButton({
  label, className, defaultValues,
}: {
  label: string;
  className?: string;
  defaultValues?: CallbackDefaults;
}) {
  const t = useTranslations('leads');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => {
        track('CALLBACK_BUTTON');
        setOpen(true);
      }}>{label}</button>
      <Sheet open={open} onClose={() => setOpen(false)} title={t('callback.title')} closeLabel={t('close')}>
        {open ? <CallbackForm defaultValues={defaultValues} /> : null}
      </Sheet>
    </>
  );
}
