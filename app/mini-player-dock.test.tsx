/* The app shell composes the two features: the assistant's question box and the reels' mini player. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import { ChatInput } from '@/features/assistant/components/chat-input';
import { initialFeedState, useFeedStore, type LastReel } from '@/features/reels/store';
import { MiniPlayer } from '@/features/reels/components/mini-player';

const LAST: LastReel = { item: feedItem({ topic_name: 'Rooftop solar' }), time: 0, playing: false };

beforeEach(() => {
  useFeedStore.setState({ ...initialFeedState, lastReel: LAST });
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  useFeedStore.setState(initialFeedState);
});

/*
 * jsdom lays nothing out, so the geometry (the player's bottom above the
 * box's top) is the e2e test's; here: the state that drives it.
 */
describe('MiniPlayer and the chat input', () => {
  it('sits above a docked question box: the box publishes its top as --form-dock-h while on the page', () => {
    const chat = renderWithApp(<ChatInput language="english" disabled={false} onSend={() => undefined} />);
    renderWithApp(<MiniPlayer last={LAST} href="/reels" />);
    const player = screen.getByTestId('mini-player');
    expect(player.dataset.aboveForm).toBe('true');
    expect(document.documentElement.style.getPropertyValue('--form-dock-h')).toMatch(/^\d+px$/);
    expect(player.className).toContain('var(--form-dock-h,0px)');
    chat.unmount();
    expect(document.documentElement.style.getPropertyValue('--form-dock-h')).toBe('');
    expect(player.dataset.aboveForm).toBeUndefined();
  });

  it('steps aside while the box is in use (keyboard up) and comes back after', async () => {
    const { user } = renderWithApp(
      <>
        <ChatInput language="english" disabled={false} onSend={() => undefined} />
        <button type="button">elsewhere</button>
      </>,
    );
    renderWithApp(<MiniPlayer last={LAST} href="/reels" />);
    expect(screen.getByTestId('mini-player').hidden).toBe(false);
    await user.click(screen.getByRole('textbox', { name: 'Your question' }));
    expect(screen.getByTestId('mini-player').hidden).toBe(true);
    // Moving within the form (box -> Send) keeps it hidden.
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'Subsidy?');
    await user.tab();
    expect(screen.getByTestId('mini-player').hidden).toBe(true);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByTestId('mini-player').hidden).toBe(false);
  });

  it('is hidden when it appears while the box already has the focus', () => {
    renderWithApp(<ChatInput language="english" disabled={false} onSend={() => undefined} />);
    fireEvent.focusIn(screen.getByTestId('chat-input'));
    renderWithApp(<MiniPlayer last={LAST} href="/reels" />);
    expect(screen.getByTestId('mini-player').hidden).toBe(true);
  });
});
