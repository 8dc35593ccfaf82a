'use client';

import { useEffect } from 'react';
import { setPartner } from '@/lib/analytics/attribution';

/**
 * The partner's name (and logo) over its external chat
 * (/chat/external/<partner-id>); the partner is remembered for this visit
 * (setPartner), so the chat's events carry its id.
 */
export function PartnerChatHeader({ id, name, logoUrl }: { id: string; name: string; logoUrl: string | null }) {
  useEffect(() => {
    setPartner(id);
  }, [id]);
  return (
    <header data-testid="partner-chat-header" className="flex shrink-0 items-center gap-2 border-b border-neutral-200 px-4 py-2 dark:border-neutral-800">
      {logoUrl ? (
        // A plain <img>: the logo is a 256 px WebP made by the media code.
        <img src={logoUrl} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" />
      ) : null}
      <p className="min-w-0 truncate text-sm font-semibold">{name}</p>
    </header>
  );
}
