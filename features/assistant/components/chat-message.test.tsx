import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';
import type { ChatMessage } from '../lib/chat-state';
import { ChatMessageView } from './chat-message';

function renderMessage(message: ChatMessage, embedded = false) {
  const onRetry = vi.fn<(m: ChatMessage) => void>();
  return { ...renderWithApp(<ChatMessageView message={message} onRetry={onRetry} embedded={embedded} />), onRetry };
}

describe('ChatMessageView', () => {
  it('shows the listening animation while the answer has no text yet', () => {
    renderMessage({ id: 'a1', role: 'assistant', text: '', ended: false });

    expect(screen.getByText('The assistant is listening and preparing an answer…').closest('[role="status"]')).toBeTruthy();
  });

  it('shows the answer as text, never as HTML', () => {
    const { container } = renderMessage({ id: 'a1', role: 'assistant', text: 'Use <b>net metering</b>\n<img src=x onerror=alert(1)>', ended: true });

    expect(screen.getByText(/Use <b>net metering<\/b>/).textContent).toBe('Use <b>net metering</b>\n<img src=x onerror=alert(1)>');
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByText('The assistant is listening and preparing an answer…')).toBeNull();
  });

  it('shows the error of a failed answer in the interface language with a retry', async () => {
    const failed: ChatMessage = { id: 'a1', role: 'assistant', text: '', ended: true, error: 'rate_limited', retryOf: 'What is net metering?' };
    const { user, onRetry } = renderMessage(failed);

    expect(screen.getByRole('alert').textContent).toContain('Too many tries. Please wait a moment and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith(failed);
  });

  it('links the related reels to their content pages, in a new tab when embedded', () => {
    renderMessage({
      id: 'a1', role: 'assistant', text: 'See these.', ended: true,
      related: [{ id: 'reel-1', description: 'Net metering in 60 seconds', pre_signed_url_thumbnail: '/media/reel-1/thumb.jpg' }],
    }, true);

    const link = screen.getByRole('link', { name: 'Net metering in 60 seconds' });
    expect(link.getAttribute('href')).toBe('/content/reel-1');
    expect(link.getAttribute('target')).toBe('_blank');
    screen.getByRole('region', { name: 'Watch next' });
  });
});
