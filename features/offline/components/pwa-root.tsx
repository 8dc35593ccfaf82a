'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useOnline } from '@/lib/pwa/online-status';
import { afterLoadWhenIdle } from '@/lib/pwa/idle';
import { useNotificationStore } from '@/stores/notification-store';
import { useDataSaver } from '@/lib/data-saver-context';

/** The installed app's start page (app/manifest.ts `start_url`): stored by the worker on the first visit. */
const START_URL = '/reels';
/** While posts wait in the outbox and the browser says it is online, try again this often, ms. */
const RETRY_MS = 30_000;

/**
 * The installable app's page side (docs/decisions/015-offline-and-install.md):
 * a translated banner while the browser is offline (in the page's flow at
 * its top: it pushes the page down rather than covering its header; its
 * height is `--offline-h` on `<html>` meanwhile, which full-height screens
 * subtract); after load, when idle,
 * the service worker is registered (production builds only) and the offline
 * outbox (lib/pwa/outbox.ts) is sent now, on every `online` event, and every
 * 30 s while something waits. Both modules are loaded on demand, so none of
 * this is in the code that runs before the first frame. Results nobody is
 * waiting for (the form that queued them was closed) become a toast.
 * Once the worker has stored this page and the start page, `<html>` gets
 * `data-offline-ready`. With the data saver on, the worker is registered
 * but asked to store nothing ahead (that would download the pages again).
 */
export function PwaRoot() {
  const t = useTranslations('offline');
  const online = useOnline();
  const saver = useDataSaver().on;
  const saverRef = useRef(saver);
  useEffect(() => {
    saverRef.current = saver;
  }, [saver]);

  useEffect(() => {
    let unmounted = false;
    let stop = () => {};
    const cancel = afterLoadWhenIdle(() => {
      if (process.env.NODE_ENV === 'production') {
        void import('@/lib/pwa/register').then(({ registerServiceWorker }) => registerServiceWorker(START_URL, { warm: !saverRef.current })).then((stored) => {
          if (stored) document.documentElement.dataset.offlineReady = 'true';
        }).catch(() => {});
      }
      void import('@/lib/pwa/outbox').then(({ outbox }) => {
        if (unmounted) return;
        const box = outbox();
        const flush = () => void box.flush().catch(() => {});
        const unclaimed = box.onUnclaimed((r) => {
          useNotificationStore.getState().notify({ type: 'toast', message: r.status === 'sent' ? t('outboxSent') : t('outboxFailed') });
        });
        const timer = setInterval(() => {
          if (navigator.onLine) void box.pending().then((p) => p.length > 0 && flush()).catch(() => {});
        }, RETRY_MS);
        window.addEventListener('online', flush);
        flush();
        stop = () => {
          unclaimed();
          clearInterval(timer);
          window.removeEventListener('online', flush);
        };
      }).catch(() => {});
    });
    return () => {
      unmounted = true;
      cancel();
      stop();
    };
  }, [t]);

  if (online) return null;
  return <OfflineBanner text={t('banner')} />;
}

/** The offline banner, at the top of the page's flow; publishes its height as `--offline-h` while shown. */
function OfflineBanner({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--offline-h', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    measure();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      root.style.removeProperty('--offline-h');
    };
  }, []);
  return (
    <div
      ref={ref}
      role="status"
      data-testid="offline-banner"
      className="sticky inset-x-0 top-0 z-50 bg-neutral-900 px-4 py-1.5 text-center text-sm font-medium text-white pt-[max(0.375rem,env(safe-area-inset-top))] lg:pl-[calc(var(--rail-w)+1rem)] dark:bg-neutral-100 dark:text-neutral-900"
    >
      {text}
    </div>
  );
}
