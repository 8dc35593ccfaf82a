import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';
import type { TldrEntry } from '../schemas';
import { TldrGrid } from './tldr-grid';

const entry = (type_tag: 'HOT' | 'FREE', topic_name: string, n: number): TldrEntry => ({
  topic_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, topic_name, topic_slug: `topic-${n}`, type_tag, topic_pic: null, content: null,
});

describe('TldrGrid in the interface language', () => {
  it('shows the localized topic name it is given and names the HOT/FREE badge through messages', () => {
    renderWithApp(<TldrGrid entries={[entry('HOT', 'सब्सिडी और पैसा', 1), entry('FREE', 'सोलर से बचत', 2)]} />, { locale: 'hi' });
    const [hot, free] = screen.getAllByTestId('tldr-card');
    expect(hot!.textContent).toContain('सब्सिडी और पैसा');
    expect(hot!.textContent).toContain('लोकप्रिय');
    expect(hot!.textContent).not.toContain('HOT');
    expect(free!.textContent).toContain('मुफ़्त');
  });

  it('keeps HOT and FREE in English and Hinglish', () => {
    renderWithApp(<TldrGrid entries={[entry('HOT', 'Subsidy aur paisa', 1)]} />, { locale: 'he' });
    expect(screen.getByTestId('tldr-card').textContent).toContain('HOT');
    expect(screen.getByTestId('tldr-card').textContent).toContain('Subsidy aur paisa');
  });
});
