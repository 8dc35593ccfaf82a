'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Sheet } from '@/components/ui/sheet';
import { CopyIcon, WhatsAppIcon } from '@/components/ui/icons';

/** The WhatsApp link that opens a chat with `text` and `url` filled in. */
export function whatsAppHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/**
 * Share fallback where the Web Share API is missing (most desktops): a
 * WhatsApp link and copy-to-clipboard, with the link itself shown so it can
 * be copied by hand when the clipboard is blocked.
 */
export function ShareSheet({ open, onClose, url, text }: { open: boolean; onClose: () => void; url: string; text: string }) {
  const t = useTranslations('share');
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  const close = () => {
    setCopy('idle');
    onClose();
  };
  return (
    <Sheet open={open} onClose={close} title={t('title')} closeLabel={t('close')}>
      <div className="flex flex-col gap-3">
        <a
          href={whatsAppHref(text, url)}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center justify-center gap-2 rounded-xl bg-[#25D366] px-4 py-3 font-semibold text-black hover:brightness-95"
        >
          <WhatsAppIcon size={22} />
          {t('whatsapp')}
        </a>
        <button
          type="button"
          className="flex items-center justify-center gap-2 rounded-xl border border-neutral-300 px-4 py-3 font-semibold hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopy('done');
            } catch {
              setCopy('failed');
            }
          }}
        >
          <CopyIcon size={20} />
          {copy === 'done' ? t('copied') : t('copy')}
        </button>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-neutral-600 dark:text-neutral-400">{copy === 'failed' ? t('copyFailed') : t('linkLabel')}</span>
          <input
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-800"
          />
        </label>
        <p role="status" className="sr-only">{copy === 'done' ? t('copied') : ''}</p>
      </div>
    </Sheet>
  );
}
