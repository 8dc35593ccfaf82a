'use client';

import { createContext, useContext } from 'react';
import { LAYOUT, type LayoutPreset, type LayoutPresetName } from '../lib/layout-presets';

/**
 * A call to action a page puts in the feed's footer and profile stack
 * (partner and reward layouts): a link, or with `onSelect` a button-like
 * link whose click the page handles (e.g. opening the partner's form).
 */
export interface FeedCta { label: string; href: string; onSelect?: () => void }

/** The layout a feed is shown in: its preset and what the page adds to it. */
export interface FeedLayout {
  name: LayoutPresetName;
  preset: LayoutPreset;
  /** Where the close button leads when there is no page to go back to. */
  closeHref: string;
  cta: FeedCta | null;
  /** The partner's name in the partner header. */
  partnerName: string | null;
  /** The partner's logo in the partner header. */
  partnerLogo?: string | null;
}

/** The default preset with no extras. */
export const DEFAULT_FEED_LAYOUT: FeedLayout = { name: 'default', preset: LAYOUT.default, closeHref: '/reels', cta: null, partnerName: null };

const FeedLayoutContext = createContext<FeedLayout>(DEFAULT_FEED_LAYOUT);

/** Provides the layout to the header, slides, sidebar and footer of one feed. */
export const FeedLayoutProvider = FeedLayoutContext.Provider;

/** The layout of the feed this component is in (the default preset outside a feed). */
export function useFeedLayout(): FeedLayout {
  return useContext(FeedLayoutContext);
}
