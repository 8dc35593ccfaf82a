import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { studioReel } from '@/tests/fixtures/studio';
import type { RoleGrant } from '@/lib/auth/principal';
import { TopicsAdmin } from './topics-admin';

const USER_ID = '5f0c2a9e-7b1d-4c3e-8f6a-2d4b6c8e0a1f';
const T1 = '11111111-1111-4111-8111-111111111111';
const C1 = '22222222-2222-4222-8222-222222222222';
const O1 = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';
const O2 = '55555555-5555-4555-8555-555555555555';
const C2 = '66666666-6666-4666-8666-666666666666';
const O3 = '77777777-7777-4777-8777-777777777777';
const R1 = '88888888-8888-4888-8888-888888888888';
const R2 = '99999999-9999-4999-8999-999999999999';
const R3 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const O1_PIC = '/media/taxonomy/0123456789abcdef0123456789abcdef/pic.webp';
const LONG = 'How to clean solar panels safely without scratching the glass or voiding the warranty';
const curator = { userId: USER_ID, roles: [{ role: 'CURATOR', topicId: T1 }] as RoleGrant[] };

const reel = (id: string, description: string, created_at: string) =>
  studioReel({ id, description, created_at, option_id: O1, category_id: C1, topic_id: T1, user_id: null, review_status: 'Approved' });

/** The query strings of the reel-list calls of the last serve(). */
const listed: string[] = [];

function serve() {
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  const record = async ({ request }: { request: Request }) => {
    writes.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json({}, { status: 201 });
  };
  const recordPicture = async ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'DELETE') {
      writes.push({ method: 'DELETE', path, body: await request.text() });
      return HttpResponse.json({ id: path.split('/')[5], pic: null });
    }
    const file = (await request.formData()).get('file');
    writes.push({
      method: request.method, path,
      body: {
        contentType: (request.headers.get('content-type') ?? '').split(';')[0],
        file: file instanceof Blob ? { type: file.type, size: file.size, name: (file as File).name } : null,
      },
    });
    return HttpResponse.json({ id: path.split('/')[5], pic: O1_PIC });
  };
  listed.length = 0;
  server.use(
    http.get('/uploader-read/api/v3/topics', () => HttpResponse.json({ topics: [{ id: T1, name: 'Solar basics' }, { id: OTHER, name: 'Not curated' }] })),
    http.get(`/uploader-read/api/v1/topic_details/${T1}`, () => HttpResponse.json({
      id: T1, name: 'Solar basics', type_tag: 'HOT', pic: null, categories: [
        { id: C1, name: 'Panels', pic: null, options: [{ id: O1, name: 'Mono PERC', pic: O1_PIC }, { id: O2, name: 'TOPCon', pic: null }] },
        { id: C2, name: 'Wiring', pic: null, options: [{ id: O3, name: 'Copper', pic: null }] },
      ],
    })),
    http.get('/uploader/api/v1/video', ({ request }) => {
      const q = new URL(request.url).searchParams;
      listed.push(q.toString());
      const items = q.get('scope') === 'review'
        ? [reel(R1, 'Cleaning basics', '2026-01-03T00:00:00Z'), reel(R2, LONG, '2026-01-01T00:00:00Z')]
        : [reel(R3, '', '2026-01-02T00:00:00Z')];
      return HttpResponse.json({ items, total: items.length, page: 1, page_size: 10 });
    }),
    http.get('/uploader/api/v1/upload/guide_video', ({ request }) =>
      HttpResponse.json({ topic_id: new URL(request.url).searchParams.get('topic_id'), content_id: R1 })),
    http.patch(`/uploader/api/v1/topic/${T1}`, record),
    http.put(`/uploader/api/v1/profile_stack/${T1}`, record),
    http.post('/uploader/api/v1/upload/guide_video', record),
    http.post('/uploader/api/v1/:kind/:id/picture', recordPicture),
    http.delete('/uploader/api/v1/:kind/:id/picture', recordPicture),
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

  it('shows the type tag and saves a change with PATCH topic/{id}; a refusal is shown', async () => {
    const writes = serve();
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);
    const type = screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement;
    expect(type.value).toBe('HOT');
    const save = screen.getByRole('button', { name: 'Save type' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(type, 'FREE');
    await user.click(save);
    await waitFor(() => expect(writes).toEqual([{ method: 'PATCH', path: `/uploader/api/v1/topic/${T1}`, body: { type_tag: 'FREE' } }]));

    server.use(http.patch(`/uploader/api/v1/topic/${T1}`, () => apiError(403, 'forbidden', 'no')));
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry. You are not authorized for this action!');
  });

  it('uploads a picture as multipart `file`, removes one, and shows a refused picture beside it', async () => {
    const writes = serve();
    const { user, container } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);
    const shown = container.querySelector(`img[src="${O1_PIC}"]`);
    expect(shown?.getAttribute('alt')).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove picture of Panels' })).toBeNull();

    const input = screen.getByLabelText('Picture of Panels') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'panels.png', { type: 'image/png' }));
    await waitFor(() => expect(writes).toEqual([{
      method: 'POST', path: `/uploader/api/v1/category/${C1}/picture`,
      body: { contentType: 'multipart/form-data', file: { type: 'image/png', size: 4, name: 'panels.png' } },
    }]));

    await user.click(screen.getByRole('button', { name: 'Remove picture of Mono PERC' }));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'DELETE', path: `/uploader/api/v1/option/${O1}/picture`, body: '' }));

    server.use(http.post('/uploader/api/v1/:kind/:id/picture', () => apiError(415, 'unsupported_image', 'nope')));
    await user.upload(screen.getByLabelText('Picture of Solar basics'), new File(['%PDF'], 'doc.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not a picture we can use. Please choose a JPEG, PNG or WebP image.');
  });

  it('refuses a picture over 5 MB before sending it', async () => {
    const writes = serve();
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);
    await user.upload(screen.getByLabelText('Picture of Copper'), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This picture is too large. Please choose one under 5 MB.');
    expect(writes).toEqual([]);
  });

  it('lists the topic\'s Approved reels for the guide video, the current one chosen, and saves another', async () => {
    const writes = serve();
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);
    const guide = await screen.findByRole('combobox', { name: 'Guide video' }) as HTMLSelectElement;
    expect(guide.value).toBe(R1);
    expect(within(guide).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      [R1, 'Cleaning basics'], [R3, R3], [R2, `${LONG.slice(0, 59).trimEnd()}…`],
    ]);
    expect(listed).toContain(`scope=review&status=Approved&topic_id=${T1}&page=1`);
    await user.selectOptions(guide, R2);
    await user.click(screen.getByRole('button', { name: 'Save guide video' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: '/uploader/api/v1/upload/guide_video', body: { topic_id: T1, content_id: R2 } }]));

    server.use(http.post('/uploader/api/v1/upload/guide_video', () => apiError(422, 'validation_failed', 'content_id: not an approved reel of this topic')));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Guide video' }), R3);
    await user.click(screen.getByRole('button', { name: 'Save guide video' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Some details are not valid. Please check them and try again.');
  });

  it('moves a category and an option, sending the topic\'s full new order to profile_stack', async () => {
    const writes = serve();
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);
    expect((screen.getByRole('button', { name: 'Move Panels up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Copper down' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Wiring up' }));
    await waitFor(() => expect(writes).toEqual([{
      method: 'PUT', path: `/uploader/api/v1/profile_stack/${T1}`,
      body: { categories: [{ id: C2, options: [O3] }, { id: C1, options: [O1, O2] }] },
    }]));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Move Mono PERC down' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Move Mono PERC down' }));
    await waitFor(() => expect(writes.at(-1)).toEqual({
      method: 'PUT', path: `/uploader/api/v1/profile_stack/${T1}`,
      body: { categories: [{ id: C1, options: [O2, O1] }, { id: C2, options: [O3] }] },
    }));

    server.use(http.put(`/uploader/api/v1/profile_stack/${T1}`, () => apiError(422, 'validation_failed', 'categories.0.id: not a category of this topic')));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Move TOPCon up' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Move TOPCon up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Some details are not valid. Please check them and try again.');
  });

  it('adds a category in three languages and renames an option with its Hindi name filled in', async () => {
    const writes = serve();
    server.use(
      http.get(`/uploader-read/api/v1/topic_details/${T1}`, ({ request }) => {
        // The editor reads English names with their stored translations.
        expect(new URL(request.url).searchParams.get('include')).toBe('translations');
        return HttpResponse.json({
          id: T1, name: 'Solar basics', type_tag: 'HOT', pic: null, translations: {}, categories: [
            { id: C1, name: 'Panels', pic: null, translations: {}, options: [
              { id: O1, name: 'Mono PERC', pic: null, translations: { hi: { name: 'मोनो पर्क' } } },
            ] },
          ],
        });
      }),
      http.patch(`/uploader/api/v1/option/${O1}`, async ({ request }) => {
        writes.push({ method: 'PATCH', path: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({});
      }),
    );
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);

    await user.type(screen.getByRole('textbox', { name: 'New category' }), 'Batteries');
    await user.type(screen.getByRole('textbox', { name: 'New category in Hindi (optional)' }), 'बैटरी');
    await user.type(screen.getByRole('textbox', { name: 'New category in Hinglish (optional)' }), 'Battery');
    await user.click(screen.getAllByRole('button', { name: 'Add' }).at(-1)!);
    await waitFor(() => expect(writes).toContainEqual({
      method: 'POST', path: '/uploader/api/v1/category',
      body: { topic_id: T1, name: 'Batteries', translations: { hi: { name: 'बैटरी' }, he: { name: 'Battery' } } },
    }));

    await user.click(screen.getByRole('button', { name: 'Rename Mono PERC' }));
    const hindi = screen.getByRole('textbox', { name: 'New name for Mono PERC in Hindi (optional)' }) as HTMLInputElement;
    expect(hindi.value).toBe('मोनो पर्क');
    expect(hindi.maxLength).toBe(120);
    await user.type(screen.getByRole('textbox', { name: 'New name for Mono PERC in Hinglish (optional)' }), 'Mono PERC panel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toContainEqual({
      method: 'PATCH', path: `/uploader/api/v1/option/${O1}`,
      body: { name: 'Mono PERC', translations: { hi: { name: 'मोनो पर्क' }, he: { name: 'Mono PERC panel' } } },
    }));
  });

  it('bulk-creates with Hindi and Hinglish names from `English | हिंदी | Hinglish`, and holds back a line it cannot read', async () => {
    const writes = serve();
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);
    const box = screen.getByRole('textbox', { name: 'Bulk create' });
    expect(box.getAttribute('placeholder')).toBe('Panels | पैनल | Panel: Mono PERC | मोनो PERC | Mono PERC, TOPCon');
    screen.getByText(/After any name you may add its Hindi and Hinglish names with \|/);

    await user.click(box);
    await user.paste('Batteries | बैटरी | Battery: Lithium | लिथियम, Lead acid\n| इन्वर्टर: Hybrid');
    screen.getByText('Line 2: a name needs its English part first (English | Hindi | Hinglish).');
    const create = screen.getByRole('button', { name: 'Create 1 category' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.click(create);

    await user.type(box, '{Backspace}'.repeat('| इन्वर्टर: Hybrid'.length));
    await user.paste('Inverters || Inverter: Hybrid');
    expect(screen.queryByText(/^Line 2:/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create 2 categories' }));
    await waitFor(() => expect(writes).toEqual([{
      method: 'POST', path: '/uploader/api/v1/bulk/create', body: {
        topic_id: T1, categories: [
          { name: 'Batteries', translations: { hi: { name: 'बैटरी' }, he: { name: 'Battery' } },
            options: [{ name: 'Lithium', translations: { hi: { name: 'लिथियम' } } }, 'Lead acid'] },
          { name: 'Inverters', translations: { he: { name: 'Inverter' } }, options: ['Hybrid'] },
        ],
      },
    }]));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('edits the topic description in three languages, prefilled, keeping the Hindi and Hinglish names', async () => {
    const writes = serve();
    const stored = {
      hi: { name: 'सोलर की बातें', description: 'छत पर पैनल' },
      he: { name: 'Solar ki baatein' },
    };
    server.use(http.get(`/uploader-read/api/v1/topic_details/${T1}`, () => HttpResponse.json({
      id: T1, name: 'Solar basics', description: 'Panels on your roof', type_tag: 'HOT', pic: null, translations: stored,
      categories: [{ id: C1, name: 'Panels', pic: null, translations: {}, options: [{ id: O1, name: 'Mono PERC', pic: null, translations: {} }] }],
    })));
    const { user } = renderWithApp(<TopicsAdmin viewer={curator} />);
    await openTopic(user);

    const en = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    const hi = screen.getByRole('textbox', { name: 'Description in Hindi (optional)' }) as HTMLTextAreaElement;
    const he = screen.getByRole('textbox', { name: 'Description in Hinglish (optional)' }) as HTMLTextAreaElement;
    expect([en.value, hi.value, he.value]).toEqual(['Panels on your roof', 'छत पर पैनल', '']);
    expect([en.maxLength, hi.maxLength, he.maxLength]).toEqual([2000, 2000, 2000]);
    expect(hi.lang).toBe('hi');
    await user.type(he, 'Chhat par panel');
    await user.click(screen.getByRole('button', { name: 'Save description' }));
    await waitFor(() => expect(writes).toEqual([{
      method: 'PATCH', path: `/uploader/api/v1/topic/${T1}`, body: {
        description: 'Panels on your roof',
        translations: { hi: stored.hi, he: { name: 'Solar ki baatein', description: 'Chhat par panel' } },
      },
    }]));

    // A rename of the topic sends its names and keeps the stored descriptions beside them.
    await user.click(screen.getByRole('button', { name: 'Rename Solar basics' }));
    const hiName = screen.getByRole('textbox', { name: 'New name for Solar basics in Hindi (optional)' });
    await user.clear(hiName);
    await user.type(hiName, 'सौर ऊर्जा');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.at(-1)).toEqual({
      method: 'PATCH', path: `/uploader/api/v1/topic/${T1}`, body: {
        name: 'Solar basics',
        translations: { hi: { name: 'सौर ऊर्जा', description: 'छत पर पैनल' }, he: { name: 'Solar ki baatein' } },
      },
    }));
  });
});
