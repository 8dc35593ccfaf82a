import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { USER } from '@/tests/fixtures/profile-api';
import type { Me } from '../schemas';
import { ProfileEditForm } from './profile-edit-form';

/** PATCH /auth/api/v1/user/me answered by `reply`; returns the bodies it received. */
function servePatch(reply: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(http.patch('/auth/api/v1/user/me', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return reply(body);
  }));
  return bodies;
}

/** GET /auth/api/v1/user/query answered with `taken` names unavailable; returns the names asked about. */
function serveUsernames(taken: string[]) {
  const asked: string[] = [];
  server.use(http.get('/auth/api/v1/user/query', ({ request }) => {
    const username = new URL(request.url).searchParams.get('username') ?? '';
    asked.push(username);
    return HttpResponse.json({ username, available: !taken.includes(username) });
  }));
  return asked;
}

describe('ProfileEditForm', () => {
  it('shows the SPEC messages for a short name and a bad email, and sends nothing', async () => {
    const bodies = servePatch(() => HttpResponse.json(USER));
    const { user } = renderWithApp(<ProfileEditForm me={USER} onDone={() => undefined} />);
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Al');
    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Name must be 3 Character long');
    screen.getByText('Please enter valid email');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it('shows the messages in Hinglish', async () => {
    const { user } = renderWithApp(<ProfileEditForm me={USER} onDone={() => undefined} />, { locale: 'he' });
    const name = screen.getByLabelText('Naam');
    await user.clear(name);
    await user.type(name, 'Al');
    await user.click(screen.getByRole('button', { name: 'Save karein' }));
    await screen.findByText('Naam kam se kam 3 character ka hona chahiye');
  });

  it('says a username is taken when the field is left, and again when the save answers 409', async () => {
    const asked = serveUsernames(['solar_asha']);
    const bodies = servePatch(() => apiError(409, 'username_taken', 'This username is taken.'));
    const onDone = vi.fn();
    const { user } = renderWithApp(<ProfileEditForm me={USER} onDone={onDone} />);
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'Solar_Asha');
    await user.tab();
    await screen.findByText('This username is taken. Please choose another.');
    expect(asked).toEqual(['solar_asha']);

    await user.clear(username);
    await user.type(username, 'asha_free');
    await user.tab();
    await screen.findByText('This username is free');
    expect(screen.queryByText('This username is taken. Please choose another.')).toBeNull();

    // Taken in between: the server has the last word.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This username is taken. Please choose another.');
    expect(bodies).toEqual([{ username: 'asha_free' }]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends only what changed (an emptied email as null) and closes on success', async () => {
    const withEmail: Me = { ...USER, email: 'asha@example.in', gender: 'female' };
    const bodies = servePatch((b) => HttpResponse.json({ ...withEmail, ...b }));
    const onDone = vi.fn();
    const { user } = renderWithApp(<ProfileEditForm me={withEmail} onDone={onDone} />);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Bio'), ' And wind.');
    await user.selectOptions(screen.getByLabelText('Gender'), 'undisclosed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ bio: 'Rooftop solar since 2021. And wind.', email: null, gender: 'undisclosed' }]);
  });

  it('puts a 422 from the server under its field and another failure under the form', async () => {
    let answer = apiError(422, 'validation_failed', 'dob: Age must be between 13 and 120 years');
    servePatch(() => answer);
    const { user } = renderWithApp(<ProfileEditForm me={USER} onDone={() => undefined} />);
    await user.type(screen.getByLabelText('Date of birth'), '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Age must be between 13 and 120 years');

    answer = apiError(409, 'email_taken', 'taken');
    await user.type(screen.getByLabelText('Email'), 'taken@example.in');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This email belongs to another account.');

    answer = apiError(500, 'internal_error', 'boom');
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Something went Wrong. Please try again Later.');
  });
});
