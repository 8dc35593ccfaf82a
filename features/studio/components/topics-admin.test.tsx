import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { RoleGrant } from '@/lib/auth/principal';
import { TopicsAdmin } from './topics-admin';

const USER_ID = '5f0c2a9e-7b1d-4c3e-8f6a-2d4b6c8e0a1f';
const T1 = '11111111-1111-4111-8111-111111111111';
const C1 = '22222222-2222-4222-8222-222222222222';
const O1 = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';
const curator = { userId: USER_ID, roles: [{ role: 'CURATOR', topicId: T1 }] as RoleGrant[] };

function serve() {
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  const record = async ({ request }: { request: Request }) => {
    writes.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json({}, { status: 201 });
  };
  server.use(
    http.get('/uploader-read/api/v3/topics', () => HttpResponse.json({ topics: [{ id: T1, name: 'Solar basics' }, { id: OTHER, name: 'Not curated' }] })),
    http.get(`/uploader-read/api/v1/topic_details/${T1}`, () => HttpResponse.json({
      id: T1, name: 'Solar basics', categories: [{ id: C1, name: 'Panels', options: [{ id: O1, name: 'Mono PERC' }] }],
    })),
    http.get(`/auth/api/v1/topic/${T1}/topic_role`, () => HttpResponse.json({ roles: [] })),
    http.get('/auth/api/v1/users', ({ request }) => HttpResponse.json({
      users: new URL(request.url).searchParams.get('q') === 'Asha' ? [{ userId: 'u-asha', name: 'Asha', username: 'asha', pic: null }] : [],
    })),
    http.post('/uploader/api/v1/category', record),
    http.post('/uploader/api/v1/bulk/create', record),
    http.post('/uploader/api/v1/reset/category/:id', record),
    http.post(`/auth/api/v1/topic/${T1}/topic_role`, record),
  );
  return writes;
}

async function openTopic(user: ReturnType<typeof renderWithApp>['user']) {
  const select = screen.getByRole('combobox', { name: 'Topic' });
  await waitFor(() => expect(within(select).queryByRole('option', { name: 'Solar basics' })).toBeTruthy());
  expect(within(select).queryByRole('option', { name: 'Not curated' })).toBeNull();
  await user.selectOptions(select, T1);
  await screen.findByText('Mono PERC');
}

describe('TopicsAdmin', () => {
  it('a curator adds a category and bulk-creates from the textarea; no topic creation for a non-admin', async () => {
    const writes = serve();
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    expect(screen.queryByRole('textbox', { name: 'New topic name' })).toBeNull();
    await openTopic(user);
    await user.type(screen.getByRole('textbox', { name: 'New category' }), 'Inverters');
    await user.click(screen.getAllByRole('button', { name: 'Add' }).at(-1)!);
    await waitFor(() => expect(writes).toContainEqual({ method: 'POST', path: '/uploader/api/v1/category', body: { topic_id: T1, name: 'Inverters' } }));

    await user.type(screen.getByRole('textbox', { name: 'Bulk create' }), 'Batteries: Lithium, Lead acid');
    await user.click(screen.getByRole('button', { name: 'Create 1 category' }));
    await waitFor(() => expect(writes).toContainEqual({
      method: 'POST', path: '/uploader/api/v1/bulk/create', body: { topic_id: T1, categories: [{ name: 'Batteries', options: ['Lithium', 'Lead acid'] }] },
    }));
  });

  it('a reset is sent only after the explicit confirm', async () => {
    const writes = serve();
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);
    await user.click(screen.getByRole('button', { name: 'Reset Panels' }));
    expect(writes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, reset' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: `/uploader/api/v1/reset/category/${C1}`, body: { confirm: true } }]));
  });

  it('a curator finds a user by name and grants CREATOR or CO-CURATOR, never CURATOR', async () => {
    const writes = serve();
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['CO-CURATOR', 'CREATOR']);
    await user.type(screen.getByRole('textbox', { name: 'Find a user by name' }), 'Asha');
    const pick = await screen.findByRole('combobox', { name: 'User' });
    await waitFor(() => expect(within(pick).queryByRole('option', { name: 'Asha (@asha)' })).toBeTruthy());
    await user.selectOptions(pick, 'u-asha');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: `/auth/api/v1/topic/${T1}/topic_role`, body: { user_id: 'u-asha', role: 'CREATOR' } }]));
  });
});
