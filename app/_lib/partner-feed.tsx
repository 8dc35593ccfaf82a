'use client';

import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import { ReelsFeed } from '@/features/reels/components/reels-feed';
import type { FeedCta } from '@/features/reels/components/feed-layout';
import { partnerMode } from '@/features/reels/lib/partner-modes';
import { PartnerBanner, PartnerCtaSheet, ctaLabel } from '@/features/partners/components/partner-cta';
import type { PartnerPublic } from '@/features/partners/schemas';
import { setPartner } from '@/lib/analytics/attribution';

/**
 * A partner's feed (`/reels?partner=<id>`; docs/decisions/013-partners.md):
 * the reel player in the 'partner' layout preset with the partner's name
 * and logo in the header, its call to action (button_text or ctaText) in
 * every reel's footer and on the profile stack, opening its form in a sheet
 * (awardbased: leading to the rewards), its offer banner always on screen
 * in the webadbased mode, and its first `unskippable_videos` reels
 * unskippable. The partner is remembered for this visit (setPartner), so
 * events carry its id.
 */
export function PartnerFeed({
  partner, ...feed
}: Omit<ComponentProps<typeof ReelsFeed>, 'layout' | 'cta' | 'partnerName' | 'partnerLogo' | 'unskippable' | 'overlay'> & {
  partner: PartnerPublic;
}) {
  const t = useTranslations('partners');
  const [open, setOpen] = useState(false);
  const mode = partnerMode(partner.ui_config);
  const label = ctaLabel(partner, t('cta.default'));

  useEffect(() => {
    setPartner(partner.id);
  }, [partner.id]);

  const cta = useMemo<FeedCta | null>(() => {
    if (!partner.button_configs.show_button) return null;
    if (mode.cta === 'rewards') return { label, href: '/rewards' };
    return { label, href: `/reels?partner=${encodeURIComponent(partner.id)}`, onSelect: () => setOpen(true) };
  }, [partner.button_configs.show_button, partner.id, mode.cta, label]);

  return (
    <>
      <ReelsFeed
        {...feed}
        layout="partner"
        cta={cta}
        partnerName={partner.name}
        partnerLogo={partner.logo_url}
        unskippable={partner.button_configs.unskippable_videos}
        overlay={mode.banner === 'always' ? <PartnerBanner partner={partner} onCta={() => (cta?.onSelect ? cta.onSelect() : undefined)} /> : null}
      />
      <PartnerCtaSheet partner={partner} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
