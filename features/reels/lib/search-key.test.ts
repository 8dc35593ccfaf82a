import { describe, expect, it } from 'vitest';
import { queryWords, searchWords, skeleton, toLatin } from './search-key';

describe('toLatin', () => {
  it('writes Devanagari in Latin letters with the library, nukta dropped, nasals as n', () => {
    expect(toLatin('सब्सिडी')).toBe('sabsidi');
    expect(toLatin('मीटरिंग')).toBe('mitaringa');
    expect(toLatin('ज़रूरी')).toBe(toLatin('जरूरी'));
    expect(toLatin('फ़ायदा')).toBe(toLatin('फायदा'));
    expect(toLatin('अँधेरा')).toBe('andhera');
  });

  it('leaves other scripts alone', () => {
    expect(toLatin('Subsidy')).toBe('Subsidy');
    expect(toLatin('३')).toBe('3');
  });
});

describe('skeleton', () => {
  it('keeps consonants and whether the word opens with a vowel', () => {
    expect(skeleton('subsidy')).toBe('sbsd');
    expect(skeleton('sabsidi')).toBe('sbsd');
    expect(skeleton('inverter')).toBe('anvrtr');
    expect(skeleton('aaa')).toBe('a');
  });

  it('folds aspiration and sounds written two ways', () => {
    expect(skeleton('kharcha')).toBe(skeleton('karchaa'));
    expect(skeleton('phone')).toBe(skeleton('fon'));
    expect(skeleton('zyada')).toBe(skeleton('jyada'));
    expect(skeleton('watt')).toBe(skeleton('vat'));
    expect(skeleton('price')).toBe('prs');
    expect(skeleton('connection')).toBe(skeleton('kanekshan'));
    expect(skeleton('unit')).toBe(skeleton('yunit'));
  });

  it('reads y as a consonant only before a, e, o, u', () => {
    expect(skeleton('yojana')).toBe('yjn');
    expect(skeleton('surya')).toBe('sry');
    expect(skeleton('hybrid')).toBe('hbrd');
    expect(skeleton('battery')).toBe('btr');
  });

  it('keeps numbers as written and counts doubled letters once', () => {
    expect(skeleton('300')).toBe('300');
    expect(skeleton('gross')).toBe('grs');
    expect(skeleton('')).toBe('');
  });
});

describe('searchWords', () => {
  it('gives the same keys to a word in English, Hindi and Hinglish, and to its common typos', () => {
    const key = (s: string) => searchWords(s).join(' ');
    expect(new Set(['subsidy', 'Subsidy', 'sabsidi', 'subsidi', 'सब्सिडी', 'सबसिडी', 'सब्सीडी'].map(key))).toEqual(new Set(['sbsd']));
    expect(new Set(['net metering', 'Net Metering', 'net metring', 'net meetring', 'नेट मीटरिंग', 'नेट मिटरिंग'].map(key)))
      .toEqual(new Set(['nt mtrng']));
    expect(key('रूफ़टॉप सोलर पैनल')).toBe(key('rooftop solar panel'));
    expect(key('हाइब्रिड इन्वर्टर')).toBe(key('hybrid inverter'));
    expect(key('डिस्कॉम')).toBe(key('DISCOM'));
  });

  it('splits at spaces, punctuation and hyphens, and digits from letters', () => {
    expect(searchWords('On-grid, 3kW!')).toEqual(['an', 'grd', '3', 'kv']);
    expect(searchWords('३ किलोवाट')).toEqual(['3', 'klvt']);
  });

  it('reads an English plural as its singular, but not a word ending in ss or a vowel and s', () => {
    expect(searchWords('units panels')).toEqual(searchWords('unit panel'));
    expect(searchWords('gross bus')).toEqual(['grs', 'bs']);
  });

  it('gives nothing for text without letters or digits', () => {
    expect(searchWords(' ?!… ')).toEqual([]);
  });
});

describe('queryWords', () => {
  it('keeps each word once, at most `max`, and tells whether the last is still being typed', () => {
    expect(queryWords('subsidy sabsidi net')).toEqual({ words: ['sbsd', 'nt'], lastIsPrefix: true });
    expect(queryWords('net metering ')).toEqual({ words: ['nt', 'mtrng'], lastIsPrefix: false });
    expect(queryWords('a b d f g', 3).words).toEqual(['a', 'b', 'd']);
  });
});
