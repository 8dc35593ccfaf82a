import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import { trackSwipe } from '../api/events';
import { TldrGrid } from './tldr-grid';

interface Push { event_type: string; version: string; payload: Record<string, unknown> & { metadata?: Record<string, unknown> } }

/** Answers POST /auth/api/v1/events as the server does and records each push. */
function recordPushes(): Push[] {
  const seen: Push[] = [];
  server.use(http.post('/auth/api/v1/events', async ({ request }) => {
    seen.push((await request.json()) as Push);
    return HttpResponse.json({ ok: true }, { status: 202 });
  }));
  return seen;
}

// The queue sends its first event after the 1 s spacing (SPEC.md section 7).
const QUEUE = { timeout: 3000 };

describe('feed interaction events', () => {
  it('a TLDR card with a summary reel sends CLICK_TLDR with the reel\'s ids; one without sends TOPIC', async () => {
    const seen = recordPushes();
    const reel = feedItem({ is_tldr: true });
    renderWithApp(<TldrGrid entries={[
      { topic_id: reel.topic, topic_name: 'Net metering', topic_slug: 'net-metering', type_tag: 'HOT', topic_pic: null, content: reel },
      { topic_id: '00000000-0000-4000-8000-0000000000aa', topic_name: 'Batteries', topic_slug: 'batteries', type_tag: 'FREE', topic_pic: null, content: null },
    ]} />);
    const cards = screen.getAllByTestId('tldr-card');
    cards.forEach((c) => c.addEventListener('click', (e) => e.preventDefault()));
    fireEvent.click(cards[0]);
    fireEvent.click(cards[1]);
    await waitFor(() => expect(seen).toHaveLength(2), QUEUE);
    expect(seen[0]).toMatchObject({
      event_type: 'CLICK_TLDR', version: '1.0.0',
      payload: { content_id: reel.id, topic_id: reel.topic, category_id: reel.category, option_id: reel.option, metadata: { from: 'board' } },
    });
    expect(seen[1]).toMatchObject({ event_type: 'TOPIC', payload: { topic_id: '00000000-0000-4000-8000-0000000000aa' } });
    expect(seen[1].payload).not.toHaveProperty('content_id');
  });

  it('a move sends SWIPE for a reel, CHATBOT_SWIPED for the chat card, SWIPE_BUMP at the end', async () => {
    const seen = recordPushes();
    const reel = feedItem();
    trackSwipe({ kind: 'reel', index: 0, serverIndex: 0, item: reel }, 1);
    trackSwipe({ kind: 'chatbot', index: 1, serverIndex: null, id: 'chat-1' }, -1);
    trackSwipe(undefined, 1, true);
    await waitFor(() => expect(seen).toHaveLength(3), { timeout: 5000 });
    expect(seen.map((s) => [s.event_type, s.payload.metadata?.direction])).toEqual([
      ['SWIPE', 'next'], ['CHATBOT_SWIPED', 'previous'], ['SWIPE_BUMP', 'next'],
    ]);
    expect(seen[0].payload.content_id).toBe(reel.id);
  });
});
