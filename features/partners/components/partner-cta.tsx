'use client';

import { lazy, Suspense } from 'react';
import { useTranslations } from 'next-intl';
import { Sheet } from '@/components/ui/sheet';
import type { PartnerPublic } from '../schemas';
import { Button } from '@/components/ui/button';

/**
 * The form, with its validation and phone-number code, loads when the sheet
 * first opens: the feed that shows the call to action does not carry it
 * before its first frame (docs/perf/first-frame.md).
 */
const PartnerForm = lazy(() => import('./partner-form').then((m) => ({ default: m.PartnerForm })));

/** The label of a partner's call to action: its button text, else its ctaText, else "Contact us". */
export function ctaLabel(partner: PartnerPublic, fallback: string): string {
  return partner.button_text || partner.ctaText || fallback;
}

/** The partner's form in a bottom sheet, under the form's heading. */
export function PartnerCtaSheet({ partner, open, onClose }: { partner: PartnerPublic; open: boolean; onClose: () => void }) {
  const t = useTranslations('partners.form');
  return (
    <Sheet open={open} onClose={onClose} title={partner.formDetails.heading} closeLabel={t('close')}>
      {/* Mounted while open only: every opening is a new form with a new idempotency key. */}
      {open ? <Suspense fallback={null}><PartnerForm partner={partner} /></Suspense> : null}
    </Sheet>
  );
}

/**
 * The partner's offer over the player (the webadbased mode's always-visible,
 * ad-like banner): its offer image and text, and its call to action.
 */
export function PartnerBanner({ partner, onCta }: { partner: PartnerPublic; onCta: () => void }) {
  const t = useTranslations('partners');
  const b = partner.button_configs;
  const offer = b.offer_text ?? b.quick_offer_text;
  return (
    <div data-testid="partner-banner" aria-label={t('banner.label', { name: partner.name })}
      className="absolute inset-x-3 top-16 z-30 flex items-center gap-3 rounded-2xl bg-white/95 p-2 pr-3 text-neutral-900 shadow-lg">
      {b.image_url ? (
        // A plain <img>: the partner's offer image, an admin-set https URL or a site path.
        <img src={b.image_url} alt="" className="h-12 w-12 shrink-0 rounded-xl object-cover" />
      ) : null}
      <p className="min-w-0 flex-1 text-sm font-semibold leading-snug">{offer ?? partner.name}</p>
      {b.show_button ? (
        <Button type="button" onClick={onCta} data-testid="partner-banner-cta"
          size="xs" className="shrink-0">
          {ctaLabel(partner, t('cta.default'))}
        </Button>
      ) : null}
    </div>
  );
}
