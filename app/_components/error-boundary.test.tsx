import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { ErrorBoundary } from './error-boundary';

let broken = true;
function Part() {
  if (broken) throw new Error('render failed for 9876543210');
  return <p>part works</p>;
}

describe('ErrorBoundary', () => {
  it('reports the error (masked, with the boundary name), shows a retry that renders the part again', async () => {
    const logged: Record<string, unknown>[] = [];
    server.use(http.post('/api/errorLog', async ({ request }) => {
      logged.push((await request.json()) as Record<string, unknown>);
      return new HttpResponse(null, { status: 204 });
    }));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      broken = true;
      renderWithApp(<><ErrorBoundary name="feed"><Part /></ErrorBoundary><p>rest of page</p></>);
      screen.getByRole('alert');
      screen.getByText('rest of page');
      await vi.waitFor(() => expect(logged).toHaveLength(1));
      expect(logged[0]).toMatchObject({ message: 'render failed for [number]', context: { boundary: 'feed' } });
      broken = false;
      await userEvent.click(screen.getByRole('button'));
      screen.getByText('part works');
    } finally {
      quiet.mockRestore();
    }
  });
});
