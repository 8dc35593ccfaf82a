import { describe, expect, it } from 'vitest';
import { callbackHref, parentCommand, questionsOfCategory, sendableMessage, speechLang } from './chat-ui';

describe('sendableMessage', () => {
  it('accepts 1-500 characters after trimming', () => {
    expect(sendableMessage('  3kW pe kitni subsidy?  ')).toBe('3kW pe kitni subsidy?');
    expect(sendableMessage('   ')).toBeNull();
    expect(sendableMessage('a'.repeat(500))).toHaveLength(500);
    expect(sendableMessage('a'.repeat(501))).toBeNull();
  });
});

describe('speechLang', () => {
  it('hears Hindi as hi-IN, English and Hinglish as en-IN', () => {
    expect(speechLang('hindi')).toBe('hi-IN');
    expect(speechLang('english')).toBe('en-IN');
    expect(speechLang('hinglish')).toBe('en-IN');
  });
});

describe('callbackHref', () => {
  it('puts the last question in the form context field, encoded', () => {
    const hindi = new URL(callbackHref({ note: 'बिजली कटने पर सोलर चलेगा?' }), 'http://x');
    expect(hindi.searchParams.get('context')).toBe('बिजली कटने पर सोलर चलेगा?');
    expect([...hindi.searchParams.keys()]).toEqual(['context']);
    const u = new URL(callbackHref({ note: 'a & b = c', name: 'Asha', phone: '+919876543210' }), 'http://x');
    expect(u.pathname).toBe('/callback');
    expect(u.searchParams.get('context')).toBe('a & b = c');
    expect(u.searchParams.get('name')).toBe('Asha');
    expect(u.searchParams.get('phone')).toBe('+919876543210');
  });

  it('is the bare form when nothing is known, and cuts long notes to 500 characters', () => {
    expect(callbackHref({ note: null })).toBe('/callback');
    const u = new URL(callbackHref({ note: 'x'.repeat(900) }), 'http://x');
    expect(u.searchParams.get('context')).toHaveLength(500);
  });
});

describe('questionsOfCategory', () => {
  it('keeps only the questions tagged with the category', () => {
    const short = [
      { q: 'a', category: 'Subsidy' as const },
      { q: 'b', category: 'System Size' as const },
      { q: 'c' },
    ];
    expect(questionsOfCategory(short, 'Subsidy').map((s) => s.q)).toEqual(['a']);
    expect(questionsOfCategory(short, 'Benefits')).toEqual([]);
  });
});

describe('parentCommand', () => {
  it('reads the two close-button commands and nothing else', () => {
    expect(parentCommand({ type: 'show_close_button' })).toBe('show_close_button');
    expect(parentCommand({ type: 'hide_close_button' })).toBe('hide_close_button');
    expect(parentCommand({ type: 'close' })).toBeNull();
    expect(parentCommand('show_close_button')).toBeNull();
    expect(parentCommand(null)).toBeNull();
  });
});
