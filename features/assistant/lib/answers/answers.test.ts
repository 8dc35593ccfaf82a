import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { formatRupees, kwS, num, rs, say, sayEach } from './writer';

/** Every leaf of a message tree as [dotted key, text]. */
function leaves(tree: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v as Record<string, unknown>, `${prefix}${k}.`)));
}
/** The ICU argument names of a message, sorted. */
const argsOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('assistant.answers messages', () => {
  const english = new Map(leaves(en.assistant.answers));

  it.each([['hi', hi], ['he', he]] as const)('%s has every English answer key, with the same ICU arguments', (_code, messages) => {
    const other = new Map(leaves(messages.assistant.answers));
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect([key, argsOf(other.get(key)!)]).toEqual([key, argsOf(text)]);
  });

  it('writes Hinglish in Latin letters (he is never Hebrew or Devanagari)', () => {
    for (const [key, text] of leaves(he.assistant.answers)) expect([key, /[\u0590-\u05FF\u0900-\u097F]/.test(text)]).toEqual([key, false]);
  });

  it('never starts or ends a message with white space (optional clauses are joined by the code)', () => {
    for (const [key, text] of leaves(en.assistant.answers)) expect([key, text.trim()]).toEqual([key, text]);
  });
});

describe('say', () => {
  it('renders a message in the asker\'s language with its arguments', () => {
    expect(say('english', 'topUp.forSize', { name: 'Delhi', amount: 'Rs 30,000', kw: '3', rule: 'Rs 10,000/kW, up to Rs 30,000' }))
      .toBe('Delhi adds about Rs 30,000 for 3 kW (Rs 10,000/kW, up to Rs 30,000).');
    expect(say('hinglish', 'claims.yes')).toBe('Haan.');
    expect(say('hindi', 'loan.bandSmall')).toBe('3 kW तक');
  });

  it('keeps apostrophes and comparison signs as written (ICU quoting and tags do not apply)', () => {
    expect(say('english', 'claims.loanCapNot', { said: 'Rs 5,00,000' })).toBe("Rs 5,00,000 is not SBI's limit.");
    expect(say('hindi', 'loanTerms.working', { pre: '', band: '3 kW तक', margin: '10', cap: 'Rs 2,00,000', rate: '6.75%' }))
      .toBe('3 kW तक: 10% मार्जिन, लोन <= Rs 2,00,000, 6.75%');
  });

  it('gives a rule in all three languages', () => {
    const t = sayEach('topUp.rajasthan');
    expect(t.english).toContain('Rajasthan adds Rs 17,000');
    expect(t.hindi).toContain('राजस्थान');
    expect(t.hinglish).toContain('sirf CM free bijli yojana');
  });
});

describe('number writing', () => {
  it('writes rupees, sizes and plain numbers as the answers show them', () => {
    expect(formatRupees(108_000)).toBe('1,08,000');
    expect(rs(78_000)).toBe('Rs 78,000');
    expect(kwS(2.499)).toBe('2.5');
    expect(num(32.25)).toBe('32.3');
    expect(num(1200)).toBe('1,200');
  });
});
