import { describe, expect, it } from 'vitest';
import { fillMissingTranslations, localizedText } from './localized';

const topic = {
  name: 'How rooftop solar works',
  description: 'Panels and inverters.',
  translations: {
    hi: { name: 'रूफ़टॉप सोलर कैसे काम करता है', description: '   ' },
    he: { name: '' },
  },
};

describe('localizedText', () => {
  it('answers the Hindi text for hi', () => {
    expect(localizedText(topic, 'name', 'hi')).toBe('रूफ़टॉप सोलर कैसे काम करता है');
  });
  it('answers English for en even when translations exist', () => {
    expect(localizedText(topic, 'name', 'en')).toBe('How rooftop solar works');
  });
  it('falls back to English when the translation is empty or blank', () => {
    expect(localizedText(topic, 'name', 'he')).toBe('How rooftop solar works');
    expect(localizedText(topic, 'description', 'hi')).toBe('Panels and inverters.');
  });
  it('falls back to English when the language or the column has no translations', () => {
    expect(localizedText({ name: 'Subsidy', translations: {} }, 'name', 'hi')).toBe('Subsidy');
    expect(localizedText({ name: 'Subsidy' }, 'name', 'he')).toBe('Subsidy');
    expect(localizedText({ name: 'Subsidy', translations: null }, 'name', 'he')).toBe('Subsidy');
  });
  it('ignores unknown languages (never reads a Hebrew key)', () => {
    expect(localizedText({ name: 'Subsidy', translations: { hi: { name: 'सब्सिडी' } } }, 'name', 'iw')).toBe('Subsidy');
  });
  it('keeps a null English column null when nothing is translated', () => {
    expect(localizedText({ ribbon: null, translations: {} }, 'ribbon', 'hi')).toBeNull();
  });
});

describe('fillMissingTranslations', () => {
  it('fills absent and blank texts and keeps the existing ones', () => {
    const out = fillMissingTranslations<'name' | 'description'>(
      { hi: { name: 'मेरा नाम', description: '' } },
      { hi: { name: 'नया', description: 'विवरण' }, he: { name: 'Naya' } },
    );
    expect(out).toEqual({ hi: { name: 'मेरा नाम', description: 'विवरण' }, he: { name: 'Naya' } });
  });
  it('keeps everything when nothing is incoming', () => {
    expect(fillMissingTranslations({ he: { name: 'X' } }, {})).toEqual({ he: { name: 'X' } });
  });
});
