import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';
import { DealCard, firstTermsLine } from './deal-card';
import { deal } from './test-data';

const LONG_TERMS = 'Paid once per home after the order is placed. The provider may change these terms. Check pmsuryaghar.gov.in for subsidy rules.';

function card(over: Parameters<typeof deal>[0] = {}, locale: 'en' | 'hi' | 'he' = 'en') {
  renderWithApp(<ul><DealCard deal={deal({ reward_inr: 50000, ribbon: '50K', terms: LONG_TERMS, ...over })}><button type="button">Act</button></DealCard></ul>, { locale });
  return screen.getByRole('listitem');
}

describe('DealCard', () => {
  it.each([
    ['en', 'Earn ₹50,000'],
    ['hi', '₹50,000 कमाएँ'],
    ['he', '₹50,000 kamao'],
  ] as const)('puts what the referrer earns first, as a rupee amount (%s)', (locale, earn) => {
    const li = card({}, locale);
    const amount = within(li).getByTestId('deal-earn');
    expect(amount.textContent).toBe(earn);
    // first in the card, before the title
    const heading = within(li).getByRole('heading', { name: 'Rooftop solar' });
    expect(amount.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(li.textContent).not.toMatch(/Earn 50K|50K kam/);
  });

  it('shows the ribbon as a tag after the amount, never inside or over the title', () => {
    const li = card();
    const ribbon = within(li).getByText('50K');
    const heading = within(li).getByRole('heading', { name: 'Rooftop solar' });
    expect(heading.contains(ribbon)).toBe(false);
    expect(ribbon.className).not.toMatch(/absolute/);
    expect(within(li).getByTestId('deal-earn').compareDocumentPosition(ribbon) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows one line of terms and the rest behind a "Terms" disclosure', async () => {
    const li = card();
    within(li).getByText('Paid once per home after the order is placed.');
    const details = li.querySelector('details')!;
    expect(details.open).toBe(false);
    const summary = within(li).getByText('Terms');
    expect(summary.tagName).toBe('SUMMARY');
    expect(details.textContent).toContain('Check pmsuryaghar.gov.in for subsidy rules.');
  });

  it('has no "Terms" disclosure when the terms are one sentence', () => {
    const li = card({ terms: 'Reward after installation.' });
    within(li).getByText('Reward after installation.');
    expect(li.querySelector('details')).toBeNull();
  });

  it.each([
    ['en', 'For UTL customers: you can refer with this deal if your mobile number is registered with a UTL solar connection.'],
    ['hi', 'UTL ग्राहकों के लिए: इस डील से आप तभी रेफ़र कर सकते हैं जब आपका मोबाइल नंबर किसी UTL सोलर कनेक्शन से रजिस्टर्ड हो।'],
    ['he', 'UTL customers ke liye: is deal se aap tabhi refer kar sakte ho jab aapka mobile number kisi UTL solar connection se registered ho.'],
  ] as const)('explains a customers-only deal in words and describes the card with it (%s)', (locale, note) => {
    const li = card({ customers_only: true }, locale);
    const p = within(li).getByText(note);
    expect(li.getAttribute('aria-describedby')).toBe(p.id);
  });

  it('says nothing of customers on an open deal', () => {
    const li = card({ customers_only: false });
    expect(li.textContent).not.toMatch(/UTL/);
    expect(li.getAttribute('aria-describedby')).toBeNull();
  });

  it('as a section, is named by its label and uses the heading level asked for', () => {
    renderWithApp(<DealCard as="section" label="The deal you are sharing" headingLevel={2} deal={deal()} />);
    const section = screen.getByRole('region', { name: 'The deal you are sharing' });
    within(section).getByRole('heading', { level: 2, name: 'Rooftop solar' });
  });
});

describe('firstTermsLine', () => {
  it('takes the first sentence (English or Devanagari) and says whether more follows', () => {
    expect(firstTermsLine(LONG_TERMS)).toEqual({ line: 'Paid once per home after the order is placed.', more: true });
    expect(firstTermsLine('यह नमूना है। बाक़ी शर्तें।')).toEqual({ line: 'यह नमूना है।', more: true });
    expect(firstTermsLine('  One sentence only.  ')).toEqual({ line: 'One sentence only.', more: false });
    expect(firstTermsLine('No full stop')).toEqual({ line: 'No full stop', more: false });
  });
});
