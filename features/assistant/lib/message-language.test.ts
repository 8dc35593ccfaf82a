import { describe, expect, it } from 'vitest';
import { messageLanguage } from './message-language';

describe('messageLanguage', () => {
  it('answers Hinglish typed while English is chosen in Hinglish', () => {
    expect(messageLanguage('subsidy kitna milega 3kW pe?', 'english')).toBe('hinglish');
    expect(messageLanguage('mere ghar ke liye kitne kw chahiye', 'english')).toBe('hinglish');
  });

  it('answers Devanagari in Hindi, whichever language is chosen', () => {
    expect(messageLanguage('3 किलोवाट पर कितनी सब्सिडी मिलेगी?', 'english')).toBe('hindi');
    expect(messageLanguage('सब्सिडी कब मिलेगी?', 'hinglish')).toBe('hindi');
  });

  it('answers plain English typed while Hinglish or Hindi is chosen in English', () => {
    expect(messageLanguage('How much subsidy will I get for a 3 kW system?', 'hinglish')).toBe('english');
    expect(messageLanguage('What is the loan interest rate?', 'hindi')).toBe('english');
  });

  it('answers Latin-letter Hindi typed while Hindi is chosen in Hinglish', () => {
    expect(messageLanguage('loan kaise milega?', 'hindi')).toBe('hinglish');
  });

  it('keeps the chosen language without clear evidence', () => {
    expect(messageLanguage('3 kW subsidy?', 'english')).toBe('english');
    expect(messageLanguage('3 kW subsidy?', 'hinglish')).toBe('hinglish');
    expect(messageLanguage('net metering', 'hindi')).toBe('hindi');
    expect(messageLanguage('123', 'english')).toBe('english');
    // One Hinglish word against more English ones stays English.
    expect(messageLanguage('Is the subsidy for my ghar too?', 'english')).toBe('english');
  });
});
