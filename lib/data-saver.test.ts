import { describe, expect, it } from 'vitest';
import { DATA_SAVER_COOKIE, dataSaverCookie, dataSaverOn, parseDataSaverChoice, saveDataHeaderOn } from './data-saver';

describe('the data saver', () => {
  it('follows the person\'s choice over the browser\'s hint, and the hint when they never chose', () => {
    expect(dataSaverOn(null, false)).toBe(false);
    expect(dataSaverOn(null, true)).toBe(true);
    expect(dataSaverOn('on', false)).toBe(true);
    expect(dataSaverOn('off', true)).toBe(false);
  });

  it('reads Save-Data: on (any case, trimmed) and nothing else', () => {
    expect(saveDataHeaderOn('on')).toBe(true);
    expect(saveDataHeaderOn(' On ')).toBe(true);
    expect(saveDataHeaderOn('off')).toBe(false);
    expect(saveDataHeaderOn('1')).toBe(false);
    expect(saveDataHeaderOn(null)).toBe(false);
  });

  it('reads only on and off from its cookie', () => {
    expect(parseDataSaverChoice('on')).toBe('on');
    expect(parseDataSaverChoice('off')).toBe('off');
    expect(parseDataSaverChoice('yes')).toBeNull();
    expect(parseDataSaverChoice(undefined)).toBeNull();
  });

  it('keeps the choice in a year-long, site-wide cookie', () => {
    expect(dataSaverCookie('on')).toBe(`${DATA_SAVER_COOKIE}=on; Path=/; Max-Age=31536000; SameSite=Lax`);
  });
});
