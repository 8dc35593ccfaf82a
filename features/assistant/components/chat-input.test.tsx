import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';
import { MAX_MESSAGE_CHARS } from '../lib/chat-ui';
import { ChatInput } from './chat-input';

function renderInput({ disabled = false } = {}) {
  const onSend = vi.fn<(text: string) => void>();
  const view = renderWithApp(<ChatInput language="english" disabled={disabled} onSend={onSend} />);
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your question' });
  const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
  return { ...view, onSend, box, send };
}

describe('ChatInput', () => {
  it('sends the typed question, trimmed, and empties the box', async () => {
    const { user, onSend, box, send } = renderInput();

    await user.type(box, '  What is net metering?  ');
    screen.getByText(`25/${MAX_MESSAGE_CHARS}`);
    await user.click(send);

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('What is net metering?');
    expect(box.value).toBe('');
    screen.getByText(`0/${MAX_MESSAGE_CHARS}`);
  });

  it('sends on Enter, and Shift+Enter starts a new line instead', async () => {
    const { user, onSend, box } = renderInput();

    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('Line one\nline two');

    await user.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Line one\nline two');
  });

  it('does not send an empty or whitespace-only question', async () => {
    const { user, onSend, box, send } = renderInput();
    expect(send.disabled).toBe(true);

    await user.type(box, '   \t  ');
    expect(send.disabled).toBe(true);
    await user.type(box, '{Enter}');
    await user.click(send);

    expect(onSend).not.toHaveBeenCalled();
  });

  it(`keeps a question to ${MAX_MESSAGE_CHARS} characters`, async () => {
    const { user, onSend, box, send } = renderInput();
    box.focus();

    await user.paste('a'.repeat(MAX_MESSAGE_CHARS + 100));

    expect(box.value).toHaveLength(MAX_MESSAGE_CHARS);
    screen.getByText(`${MAX_MESSAGE_CHARS}/${MAX_MESSAGE_CHARS}`);
    await user.click(send);
    expect(onSend).toHaveBeenCalledWith('a'.repeat(MAX_MESSAGE_CHARS));
  });

  it('does not send while an answer is still coming', async () => {
    const { user, onSend, box, send } = renderInput({ disabled: true });

    await user.type(box, 'How big a system do I need?{Enter}');

    expect(send.disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('How big a system do I need?');
  });
});
