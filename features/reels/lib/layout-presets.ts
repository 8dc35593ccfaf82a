/**
 * The feed layout presets of SPEC.md section 2 as one typed table. A preset
 * decides the header style, the sidebar, the footer (and the app's tab bar),
 * and what a tap on the video, on the profile stack or on the header does.
 * The SPEC names the seven presets and these dimensions but not their
 * settings; the settings below are this product's.
 */

/** The preset names of SPEC.md section 2, in its order. */
export const LAYOUT_PRESETS = ['default', 'preview', 'close-button', 'no-explore', 'add-content', 'partner', 'reward'] as const;

export type LayoutPresetName = (typeof LAYOUT_PRESETS)[number];

/**
 * What the bar over the player shows:
 * - `feed`: the feed's name or filter, the TLDR link, the video-language filter, the sound switch;
 * - `minimal`: the sound switch only;
 * - `close`: a close button (back to where the feed was opened from) and the sound switch;
 * - `add-content`: close, an "Add a reel" button into the studio, the sound switch;
 * - `partner`: the partner's name and the sound switch.
 */
export type HeaderStyle = 'feed' | 'minimal' | 'close' | 'add-content' | 'partner';

/** The right-hand column: `full` = profile stack, like, views, share; `stack` = the profile stack only; `none`. */
export type SidebarStyle = 'full' | 'stack' | 'none';

/**
 * The bottom of a reel: `info` = topic, category and option chips and the
 * description; `info-cta` = the same with the call-to-action button (the
 * partner's or the reward's, when the page supplies one); `none`.
 */
export type FooterStyle = 'info' | 'info-cta' | 'none';

/** A tap on the video: play/pause, or open the reel's own page (a preview leads into the app). */
export type VideoTap = 'toggle-play' | 'open-content';

/**
 * A tap on the profile stack (the topic, category and option pictures):
 * `open-option` = the option's feed; `add-content` = the studio's upload form
 * filed under this reel's topic, category and option; `cta` = the page's
 * call to action; `none` = the stack is shown but does nothing.
 */
export type StackTap = 'open-option' | 'add-content' | 'cta' | 'none';

/** A tap on the header's title: nothing, or (on a narrowed feed) back to the whole feed. */
export type HeaderTap = 'none' | 'clear-filter';

/** One row of the table. */
export interface LayoutPreset {
  header: HeaderStyle;
  sidebar: SidebarStyle;
  footer: FooterStyle;
  /** Whether the app's tab bar stays under the player. */
  tabBar: boolean;
  /** Whether the chips and headers link out to other feeds and pages (no-explore keeps the person in this feed). */
  explore: boolean;
  tap: { video: VideoTap; stack: StackTap; header: HeaderTap };
}

/** The table (SPEC.md section 2, "Feed layout presets"). */
export const LAYOUT: Readonly<Record<LayoutPresetName, LayoutPreset>> = {
  default: {
    header: 'feed', sidebar: 'full', footer: 'info', tabBar: true, explore: true,
    tap: { video: 'toggle-play', stack: 'open-option', header: 'clear-filter' },
  },
  preview: {
    header: 'minimal', sidebar: 'none', footer: 'info', tabBar: false, explore: false,
    tap: { video: 'open-content', stack: 'none', header: 'none' },
  },
  'close-button': {
    header: 'close', sidebar: 'full', footer: 'info', tabBar: false, explore: true,
    tap: { video: 'toggle-play', stack: 'open-option', header: 'clear-filter' },
  },
  'no-explore': {
    header: 'minimal', sidebar: 'full', footer: 'info', tabBar: false, explore: false,
    tap: { video: 'toggle-play', stack: 'none', header: 'none' },
  },
  'add-content': {
    header: 'add-content', sidebar: 'stack', footer: 'info', tabBar: false, explore: false,
    tap: { video: 'toggle-play', stack: 'add-content', header: 'none' },
  },
  partner: {
    header: 'partner', sidebar: 'full', footer: 'info-cta', tabBar: false, explore: false,
    tap: { video: 'toggle-play', stack: 'cta', header: 'none' },
  },
  reward: {
    header: 'close', sidebar: 'full', footer: 'info-cta', tabBar: false, explore: false,
    tap: { video: 'toggle-play', stack: 'cta', header: 'none' },
  },
};

/**
 * The preset called `name`; anything else (an unknown or missing name, e.g.
 * from a query string) is the default preset.
 */
export function layoutPreset(name: string | null | undefined): LayoutPreset {
  return name && (LAYOUT_PRESETS as readonly string[]).includes(name) ? LAYOUT[name as LayoutPresetName] : LAYOUT.default;
}

/** Where a reel is filed, for the studio's upload form (the add-content tap). */
export interface FiledUnder { topic: string; category: string; option: string }

/**
 * The studio's upload form with its topic, category and option chosen
 * (`/studio?section=upload&topic_id=&category_id=&option_id=`); the studio
 * checks the viewer may upload there.
 */
export function addContentHref(where: Partial<FiledUnder> & { topic: string }): string {
  const q = new URLSearchParams({ section: 'upload', topic_id: where.topic });
  if (where.category) q.set('category_id', where.category);
  if (where.option) q.set('option_id', where.option);
  return `/studio?${q.toString()}`;
}
