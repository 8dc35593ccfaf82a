import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LinkPending } from './link-pending';

const status = vi.hoisted(() => ({ pending: false }));
vi.mock('next/link', () => ({ useLinkStatus: () => status }));

describe('LinkPending', () => {
  it('shows a decorative spinner only while its link\'s navigation is pending', () => {
    status.pending = false;
    const { rerender } = render(<LinkPending className="ml-1.5" />);
    expect(screen.queryByTestId('link-pending')).toBeNull();
    status.pending = true;
    rerender(<LinkPending className="ml-1.5" />);
    const spinner = screen.getByTestId('link-pending');
    expect(spinner.getAttribute('aria-hidden')).toBe('true');
    expect(spinner.className).toContain('ml-1.5');
  });
});
