'use client';

import { useTranslations } from 'next-intl';

/** Whether `pathname` is a shared-link landing (/share or /share/<slug>). */
export function isSharePath(pathname: string | null): boolean {
  return pathname === '/share' || (pathname?.startsWith('/share/') ?? false);
}

/**
 * Who this is, at the top of a shared link's feed: the app's icon (the same
 * drawing as app/icon.svg, inline, so nothing more is fetched before the
 * first frame) and its name (messages `app.name`). As the page heading when
 * the feed is not narrowed (`asHeading`), else beside the filter's chip.
 */
export function ShareBrand({ asHeading }: { asHeading: boolean }) {
  const t = useTranslations('app');
  const Tag = asHeading ? 'h1' : 'p';
  return (
    <Tag data-testid="share-brand" className="flex min-w-0 shrink items-center gap-2 text-lg font-bold drop-shadow">
      <svg viewBox="0 0 512 512" width={28} height={28} aria-hidden="true" className="h-7 w-7 shrink-0">
        <rect width="512" height="512" rx="112" fill="#0b0b0b" />
        <circle cx="256" cy="206" r="86" fill="#f59e0b" />
        <path d="M256 70v34M256 308v34M120 206h34M358 206h34M160 110l24 24M328 278l24 24M160 302l24-24M328 134l24-24" stroke="#f59e0b" strokeWidth="22" strokeLinecap="round" />
        <path d="M112 372h288l-34 70H146z" fill="#3b82f6" />
      </svg>
      <span className={asHeading ? 'truncate' : 'sr-only sm:not-sr-only sm:truncate'}>{t('name')}</span>
    </Tag>
  );
}
