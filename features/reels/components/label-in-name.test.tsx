import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import { LOCALES } from '@/lib/constants';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { ProfileStack } from './profile-stack';
import { TldrButton } from './tldr-button';
import { TldrGrid } from './tldr-grid';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }) }));

const MESSAGES = { en, hi, he } as const;

/**
 * The text a sighted user sees in `el` as axe's label-content-name-mismatch
 * check reads it: its text nodes joined just as they are (no space added
 * between elements), without the screen-reader-only ones. CSS-drawn text
 * (`content:`) is no text node, so it is not read either.
 */
function visibleText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.nodeValue ?? '';
    else if (node instanceof Element && !node.classList.contains('sr-only')) text += visibleText(node);
  }
  return text;
}

/** Words as axe compares them: letters and digits only, lower case. */
function words(text: string): string[] {
  return text.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim().split(' ').filter(Boolean);
}

/** True when the words of `visible` come, in order and together, among those of `name` (WCAG 2.5.3 "label in name"). */
function labelInName(visible: string, name: string): boolean {
  const v = words(visible);
  const n = words(name);
  if (v.length === 0) return true;
  for (let i = 0; i + v.length <= n.length; i++) {
    if (v.every((w, j) => n[i + j] === w)) return true;
  }
  return false;
}

/** The accessible name Testing Library computes for `link`. */
function nameOf(link: HTMLElement): string {
  let name = '';
  screen.getAllByRole('link', { name: (n, el) => (el === link ? ((name = n), true) : false) });
  return name;
}

describe('accessible names hold the visible text (label-content-name-mismatch)', () => {
  it.each(LOCALES)('the feed header\'s TLDR control, %s', (locale) => {
    const m = MESSAGES[locale].reels;
    renderWithApp(<TldrButton topicId={null} label={m.tldrLinkLabel}>{m.tldrLink}</TldrButton>, { locale });
    const link = screen.getByTestId('tldr-button');
    expect(visibleText(link)).toBe(m.tldrLink);
    expect(labelInName(visibleText(link), nameOf(link)), `${visibleText(link)} in ${nameOf(link)}`).toBe(true);
  });

  it('the profile stack: its letters stand in for pictures, drawn by CSS, so its name is all there is to hold', () => {
    renderWithApp(<ProfileStack item={feedItem()} />);
    const link = screen.getByTestId('profile-stack');
    expect(nameOf(link)).toBe('Videos of PM Surya Ghar');
    expect(visibleText(link)).toBe('');
    expect([...link.querySelectorAll('[data-initial]')].map((e) => e.getAttribute('data-initial'))).toEqual(['H', 'S', 'P']);
  });

  it.each(LOCALES)('the /tldr cards, %s', (locale) => {
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const entry = (n: number, tag: 'HOT' | 'FREE', content: ReturnType<typeof feedItem> | null) => ({
      topic_id: id(n), topic_name: `Rooftop solar ${n}`, topic_slug: `rooftop-${n}`, type_tag: tag, topic_pic: null, content,
    });
    renderWithApp(<TldrGrid entries={[
      entry(1, 'HOT', feedItem({ id: id(1), topic: id(1), is_tldr: true, watched: true, vidWatched: true })),
      entry(2, 'FREE', feedItem({ id: id(2), topic: id(2), is_tldr: true })),
      entry(3, 'HOT', null),
    ]} />, { locale });
    const cards = screen.getAllByTestId('tldr-card');
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(visibleText(card)).toMatch(/^Rooftop solar \d/);
      expect(labelInName(visibleText(card), nameOf(card)), `${visibleText(card)} in ${nameOf(card)}`).toBe(true);
    }
  });
});
