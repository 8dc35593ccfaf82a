import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { formatLocale } from '@/lib/i18n-locale';
import { INVITER_NAME_MAX, inviteTextOf, inviterName } from './invite-text';

const MESSAGES = { en, hi, he } as const;
type Lang = keyof typeof MESSAGES;
const URL_ = 'https://surya.example/r/ABCD2345?deal=sample-refer-a-home';
const DEAL: Record<Lang, string> = { en: 'Refer a home to rooftop solar', hi: 'किसी घर को रूफ़टॉप सोलर के लिए रेफ़र करें', he: 'Kisi ghar ko rooftop solar ke liye refer karein' };

function textIn(lang: Lang, name: string | null | undefined): string {
  const t = createTranslator({ locale: formatLocale(lang), messages: MESSAGES[lang], namespace: 'referrals' });
  return inviteTextOf((k, v) => t(k, v), { name, deal: DEAL[lang], url: URL_, lang });
}

describe('inviterName', () => {
  it('trims and joins white space; nothing is null', () => {
    expect(inviterName('  Asha \n  Verma ')).toBe('Asha Verma');
    expect(inviterName('')).toBeNull();
    expect(inviterName('   ')).toBeNull();
    expect(inviterName(null)).toBeNull();
    expect(inviterName(undefined)).toBeNull();
  });

  it(`keeps a name of ${INVITER_NAME_MAX} characters whole and cuts a longer one with an ellipsis`, () => {
    const exact = 'A'.repeat(INVITER_NAME_MAX);
    expect(inviterName(exact)).toBe(exact);
    const long = 'Venkata Satya Narayana Murthy Subrahmanyam Iyer';
    const cut = inviterName(long)!;
    expect(cut).toBe('Venkata Satya Narayana Murthy…');
    expect(Array.from(cut)).toHaveLength(INVITER_NAME_MAX);
  });

  it('never cuts a Devanagari letter from its vowel sign, and drops a space before the ellipsis', () => {
    // 'कि' is one letter of two code points: cut after 3 letters it stays whole.
    expect(inviterName('किकिकिकिकि', 4)).toBe('किकिकि…');
    expect(inviterName('Ab Cd Ef', 4)).toBe('Ab…');
  });
});

describe('inviteTextOf', () => {
  const cases: Array<{ lang: Lang; named: string; nameless: string; benefit: string[] }> = [
    {
      lang: 'en', named: 'Asha Verma has invited you to get rooftop solar for your home.', nameless: 'Your friend has invited you to get rooftop solar for your home.',
      benefit: ['government subsidy (₹78,000 or more for a 3 kW home)', 'a call back from a solar advisor', 'a site survey of your roof', 'Offer: Refer a home to rooftop solar'],
    },
    {
      lang: 'hi', named: 'Asha Verma ने आपको अपने घर की छत पर सोलर लगवाने के लिए आमंत्रित किया है।', nameless: 'आपके दोस्त ने आपको अपने घर की छत पर सोलर लगवाने के लिए आमंत्रित किया है।',
      benefit: ['सरकारी सब्सिडी में मदद (3 kW के घर पर ₹78,000 या उससे ज़्यादा)', 'सोलर सलाहकार का कॉल', 'साइट सर्वे', 'ऑफ़र: किसी घर को रूफ़टॉप सोलर के लिए रेफ़र करें'],
    },
    {
      lang: 'he', named: 'Asha Verma ne aapko ghar ki chhat par solar lagwane ke liye invite kiya hai.', nameless: 'Aapke dost ne aapko ghar ki chhat par solar lagwane ke liye invite kiya hai.',
      benefit: ['sarkari subsidy mein madad (3 kW ke ghar par ₹78,000 ya usse zyada)', 'solar advisor ka call', 'site survey', 'Offer: Kisi ghar ko rooftop solar ke liye refer karein'],
    },
  ];

  for (const c of cases) {
    it(`${c.lang}: with a name it opens with the name, says what the friend gets and ends with the link`, () => {
      const text = textIn(c.lang, ' Asha  Verma ');
      expect(text.split('\n')[0]).toBe(c.named);
      for (const b of c.benefit) expect(text).toContain(b);
      expect(text.endsWith(` ${URL_}`)).toBe(true);
      expect(text.indexOf(URL_)).toBe(text.length - URL_.length);
      expect(text).not.toMatch(/\{|\}/);
    });

    it(`${c.lang}: without a name it says "your friend", never a blank`, () => {
      for (const name of ['', '   ', null, undefined]) {
        const text = textIn(c.lang, name);
        expect(text.split('\n')[0]).toBe(c.nameless);
        expect(text).not.toMatch(/^\s/);
        expect(text.endsWith(URL_)).toBe(true);
      }
    });

    it(`${c.lang}: a very long name is cut with an ellipsis`, () => {
      const text = textIn(c.lang, `Venkata Satya Narayana Murthy ${'Subrahmanyam '.repeat(20)}`);
      const first = text.split('\n')[0];
      expect(first.startsWith('Venkata Satya Narayana Murthy… ')).toBe(true);
      expect(text).not.toContain('Subrahmanyam');
      expect(text.endsWith(URL_)).toBe(true);
    });
  }
});
