'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Sheet } from '@/components/ui/sheet';
import { CopyIcon, WhatsAppIcon } from '@/components/ui/icons';
import { telegramHref, whatsAppHref, type ShareChannel, type ShareLinks } from './share-sheet';

const TelegramIcon = ({ size = 22 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M21.9 4.3 18.7 19.4c-.2 1-.9 1.3-1.7.8l-4.8-3.5-2.3 2.2c-.3.3-.5.5-1 .5l.3-4.9 8.9-8c.4-.3-.1-.5-.6-.2L6.5 13.2 1.8 11.7c-1-.3-1-1 .2-1.5L20.5 3.1c.9-.3 1.6.2 1.4 1.2Z" />
  </svg>
);

/** What ShareSheet takes. */
export interface ShareSheetProps {
  /** Shown while true. */
  open: boolean;
  /** Asked to close (close button, Escape, a press on the backdrop). */
  onClose: () => void;
  /** The link of each channel (attribution in the query). */
  links: ShareLinks;
  /** The message sent with the link to WhatsApp and Telegram. */
  text: string;
  /** Called with the channel once a link went out (a click on a chat app, a successful copy). */
  onShared?: (channel: ShareChannel) => void;
}

/**
 * Share fallback where the Web Share API is missing (most desktops):
 * WhatsApp, Telegram and copy-to-clipboard, each with its own link, and the
 * copy link shown so it can be copied by hand when the clipboard is blocked.
 * Its own chunk: ShareButton (./share-sheet.tsx) fetches it on the tap on Share.
 */
export function ShareSheet({ open, onClose, links, text, onShared }: ShareSheetProps) {
  const t = useTranslations('share');
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  const close = () => {
    setCopy('idle');
    onClose();
  };
  const app = 'flex items-center justify-center gap-2 rounded-xl px-4 py-3 font-semibold hover:brightness-95';
  return (
    <Sheet open={open} onClose={close} title={t('title')} closeLabel={t('close')}>
      <div className="flex flex-col gap-3">
        <a href={whatsAppHref(text, links.whatsapp)} target="_blank" rel="noopener noreferrer"
          onClick={() => onShared?.('whatsapp')} className={`${app} bg-[#25D366] text-black`}>
          <WhatsAppIcon size={22} />
          {t('whatsapp')}
        </a>
        <a href={telegramHref(text, links.telegram)} target="_blank" rel="noopener noreferrer"
          onClick={() => onShared?.('telegram')} className={`${app} bg-[#229ED9] text-white`}>
          <TelegramIcon />
          {t('telegram')}
        </a>
        <button
          type="button"
          className="flex items-center justify-center gap-2 rounded-xl border border-neutral-300 px-4 py-3 font-semibold hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(links.copy);
              setCopy('done');
              onShared?.('copy');
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
            value={links.copy}
            onFocus={(e) => e.currentTarget.select()}
            className="rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 font-mono text-xs dark:border-neutral-700 dark:bg-neutral-800"
          />
        </label>
        <p role="status" className="sr-only">{copy === 'done' ? t('copied') : ''}</p>
      </div>
    </Sheet>
  );
}
