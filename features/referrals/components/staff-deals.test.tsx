import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { ListedDeal, StaffDeal } from '../api/referrals';
import { StaffDealsAdmin } from './staff-deals';
import { DEAL_ID, deal } from './test-data';

const SAMPLE_ID = '44444444-4444-4444-8444-444444444444';

const staffDeal = (over: Partial<ListedDeal> & { active?: boolean; sort_order?: number } = {}): StaffDeal => {
  const { active = true, sort_order = 0, ...rest } = over;
  const { allowed: _allowed, ...d } = deal(rest);
  return { ...d, active, sort_order, translations: {} };
};

/** GET staff/all_deals: the staff's list, inactive deals too. */
function serveList(list: StaffDeal[]) {
  let reads = 0;
  server.use(http.get('/referral/api/v1/staff/all_deals', () => {
    reads += 1;
    return HttpResponse.json({ deals: list });
  }));
  return () => reads;
}

describe('StaffDealsAdmin', () => {
  it('asks for deals only once opened, lists them (inactive ones too) and marks sample and inactive deals', async () => {
    const reads = serveList([staffDeal(), staffDeal({ id: SAMPLE_ID, url_id: 'demo', title: 'Demo deal', is_sample: true, ribbon: null, active: false })]);
    const { user } = renderWithApp(<StaffDealsAdmin />);
    expect(reads()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Manage deals' }));
    const sample = await screen.findByRole('listitem', { name: 'Demo deal' });
    within(sample).getByText('Sample');
    within(sample).getByText('Inactive');
    const real = screen.getByRole('listitem', { name: 'Rooftop solar' });
    expect(within(real).queryByText('Sample')).toBeNull();
    within(real).getByText('50K');
    expect(within(real).queryByText('Inactive')).toBeNull();
  });

  it('creates a deal with the exact body, the url_id lower-cased, and reloads the list', async () => {
    const reads = serveList([]);
    let body: unknown = null;
    server.use(http.post('/referral/api/v1/deals', async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ deal: staffDeal({ url_id: 'home-battery', title: 'Home battery' }) }, { status: 201 });
    }));
    const { user } = renderWithApp(<StaffDealsAdmin />);
    await user.click(screen.getByRole('button', { name: 'Manage deals' }));
    await screen.findByText('There are no deals yet.');
    await user.click(screen.getByRole('button', { name: 'New deal' }));
    const form = screen.getByRole('form', { name: 'New deal' });
    await user.type(within(form).getByLabelText('Link name (url_id)'), ' Home-Battery ');
    await user.type(within(form).getByLabelText('Title'), ' Home battery ');
    await user.type(within(form).getByLabelText('Ribbon'), 'NEW');
    await user.type(within(form).getByLabelText('Description'), 'Store the sun.');
    await user.clear(within(form).getByLabelText('Reward (₹)'));
    await user.type(within(form).getByLabelText('Reward (₹)'), '750');
    await user.clear(within(form).getByLabelText('Sort order'));
    await user.type(within(form).getByLabelText('Sort order'), '3');
    await user.click(within(form).getByLabelText('For registered customers only'));
    await user.click(within(form).getByRole('button', { name: 'Create deal' }));
    await waitFor(() => expect(body).toEqual({
      url_id: 'home-battery', title: 'Home battery', ribbon: 'NEW', description: 'Store the sun.', terms: '',
      reward_inr: 750, customers_only: true, active: true, sort_order: 3,
    }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New deal' })).toBeNull());
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('refuses a bad url_id and reward on the client and sends nothing', async () => {
    serveList([]);
    let posted = false;
    server.use(http.post('/referral/api/v1/deals', () => {
      posted = true;
      return HttpResponse.json({}, { status: 201 });
    }));
    const { user } = renderWithApp(<StaffDealsAdmin />);
    await user.click(screen.getByRole('button', { name: 'Manage deals' }));
    await user.click(await screen.findByRole('button', { name: 'New deal' }));
    const form = screen.getByRole('form', { name: 'New deal' });
    await user.type(within(form).getByLabelText('Link name (url_id)'), 'home battery');
    await user.type(within(form).getByLabelText('Title'), 'Home battery');
    await user.clear(within(form).getByLabelText('Reward (₹)'));
    await user.type(within(form).getByLabelText('Reward (₹)'), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Create deal' }));
    within(form).getByText('Use 3 to 80 lower-case letters, digits and single dashes.');
    within(form).getByText('Enter whole rupees from 0 to 1000000.');
    expect(posted).toBe(false);
  });

  it('shows a taken url_id by its code', async () => {
    serveList([]);
    server.use(http.post('/referral/api/v1/deals', () => apiError(409, 'url_id_taken', 'Another deal already uses this url_id.')));
    const { user } = renderWithApp(<StaffDealsAdmin />);
    await user.click(screen.getByRole('button', { name: 'Manage deals' }));
    await user.click(await screen.findByRole('button', { name: 'New deal' }));
    const form = screen.getByRole('form', { name: 'New deal' });
    await user.type(within(form).getByLabelText('Link name (url_id)'), 'rooftop');
    await user.type(within(form).getByLabelText('Title'), 'Rooftop again');
    await user.click(within(form).getByRole('button', { name: 'Create deal' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Another deal already uses this link name.');
    screen.getByRole('form', { name: 'New deal' });
  });

  it('edits a deal with a PATCH of only the changed fields', async () => {
    serveList([staffDeal({ sort_order: 2 })]);
    let body: unknown = null;
    server.use(http.patch(`/referral/api/v1/deals/${DEAL_ID}`, async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ deal: staffDeal({ title: 'Rooftop solar plus', reward_inr: 600 }) });
    }));
    const { user } = renderWithApp(<StaffDealsAdmin />);
    await user.click(screen.getByRole('button', { name: 'Manage deals' }));
    const item = await screen.findByRole('listitem', { name: 'Rooftop solar' });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = within(item).getByRole('form', { name: 'Edit Rooftop solar' });
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Rooftop solar');
    expect(within(form).queryByLabelText('Link name (url_id)')).toBeNull();
    await user.type(within(form).getByLabelText('Title'), ' plus');
    await user.clear(within(form).getByLabelText('Reward (₹)'));
    await user.type(within(form).getByLabelText('Reward (₹)'), '600');
    await user.clear(within(form).getByLabelText('Ribbon'));
    expect((within(form).getByLabelText('Sort order') as HTMLInputElement).value).toBe('2');
    await user.click(within(form).getByLabelText('Active (shown to users)'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ title: 'Rooftop solar plus', reward_inr: 600, ribbon: null, active: false }));
    await waitFor(() => expect(within(item).queryByRole('form')).toBeNull());
  });

  it('sends no PATCH when nothing changed, and shows a validation error by code', async () => {
    serveList([staffDeal({ sort_order: 2 })]);
    let calls = 0;
    server.use(http.patch(`/referral/api/v1/deals/${DEAL_ID}`, () => {
      calls += 1;
      return apiError(422, 'validation_failed', 'title: Too long');
    }));
    const { user } = renderWithApp(<StaffDealsAdmin />);
    await user.click(screen.getByRole('button', { name: 'Manage deals' }));
    const item = await screen.findByRole('listitem', { name: 'Rooftop solar' });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = within(item).getByRole('form', { name: 'Edit Rooftop solar' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    within(form).getByText('Nothing has changed.');
    expect(calls).toBe(0);
    await user.type(within(form).getByLabelText('Sort order'), '7');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Some details are not valid. Please check them and try again.');
    expect(calls).toBe(1);
  });

  it('edits the Hindi and Hinglish texts beside the English, sending both languages, and bounds them like the English', async () => {
    const d = { ...staffDeal(), translations: { hi: { title: 'रूफ़टॉप सोलर' } } };
    serveList([d]);
    let body: unknown = null;
    server.use(http.patch(`/referral/api/v1/deals/${DEAL_ID}`, async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ deal: d });
    }));
    const { user } = renderWithApp(<StaffDealsAdmin />);
    await user.click(screen.getByRole('button', { name: 'Manage deals' }));
    const item = await screen.findByRole('listitem', { name: 'Rooftop solar' });
    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = within(item).getByRole('form', { name: 'Edit Rooftop solar' });
    const hiTitle = within(form).getByLabelText('Title in Hindi (optional)') as HTMLInputElement;
    expect(hiTitle.value).toBe('रूफ़टॉप सोलर');
    expect(hiTitle.maxLength).toBe(120);
    expect((within(form).getByLabelText('Ribbon in Hinglish (optional)') as HTMLInputElement).maxLength).toBe(16);
    await user.type(within(form).getByLabelText('Title in Hinglish (optional)'), 'Rooftop solar lagwaiye');
    await user.type(within(form).getByLabelText('Terms in Hindi (optional)'), 'शर्तें लागू');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({
      translations: {
        hi: { title: 'रूफ़टॉप सोलर', ribbon: '', description: '', terms: 'शर्तें लागू' },
        he: { title: 'Rooftop solar lagwaiye', ribbon: '', description: '', terms: '' },
      },
    }));
  });
});
