import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { renderWithApp } from '@/tests/fixtures/render';
import { phoneFormSchema, type PhoneForm, type PhoneFormInput } from '../schemas';
import { useMessageText } from './login-modal-fields';
import { PhoneStep } from './login-modal-phone-step';

/** The phone step as the login modal holds it: its own form, the schema's resolver, the message keys translated. */
function Step() {
  const text = useMessageText();
  const form = useForm<PhoneFormInput, unknown, PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phone: '', over_18: false, accept_terms: false },
  });
  return <PhoneStep form={form} text={text} pending={false} onSubmit={form.handleSubmit(() => {})} />;
}

const CASES = [
  ['en', en, 'terms of use', 'privacy policy'],
  ['hi', hi, 'उपयोग की शर्तें', 'प्राइवेसी पॉलिसी'],
  ['he', he, 'terms of use', 'privacy policy'],
] as const;

describe('PhoneStep', () => {
  it.each(CASES)('links the terms and privacy words of the confirmation to /terms and /privacy, in %s', (locale, msgs, terms, privacy) => {
    renderWithApp(<Step />, { locale });

    const box = screen.getAllByRole('checkbox')[1];
    const label = box.closest('label')!;
    const termsLink = within(label).getByRole('link', { name: terms });
    const privacyLink = within(label).getByRole('link', { name: privacy });
    expect(termsLink.getAttribute('href')).toBe('/terms');
    expect(privacyLink.getAttribute('href')).toBe('/privacy');
    // A new tab: the number and ticks in the modal stay as they were.
    expect(termsLink.getAttribute('target')).toBe('_blank');
    // The checkbox keeps its whole sentence as its name.
    expect(label.textContent).toBe(msgs.auth.acceptTerms.replace(/<\/?(terms|privacy)>/g, ''));
    expect(screen.getByRole('checkbox', { name: label.textContent! })).toBe(box);
  });

  it.each([
    ['en', en, 'Please enter your mobile number'],
    ['hi', hi, 'कृपया अपना मोबाइल नंबर डालें'],
    ['he', he, 'Please apna mobile number daalein'],
  ] as const)('says, in %s, that an empty number is missing rather than invalid', async (locale, msgs, missing) => {
    const { user } = renderWithApp(<Step />, { locale });

    await user.click(screen.getByRole('button', { name: msgs.auth.sendCode }));

    await screen.findByText(missing);
    expect(screen.queryByText(msgs.auth.validation.phone)).toBeNull();
  });

  it('keeps SPEC.md section 5\'s "Please enter valid Mobile Number" for a number that is not a mobile number', async () => {
    const { user } = renderWithApp(<Step />);
    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await screen.findByText('Please enter valid Mobile Number');
    expect(screen.queryByText('Please enter your mobile number')).toBeNull();
  });
});
