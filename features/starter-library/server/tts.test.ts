import { describe, expect, it } from 'vitest';
import { encodeWav, mixTimeline, parseWav, pcmDurationS, synthesize, trimSilence } from './tts';

describe('synthesize (text2wav in a worker thread)', () => {
  it('speaks English and Hindi to 16-bit WAV, and a longer text takes longer', async () => {
    const listeners = process.listenerCount('unhandledRejection');
    const [short, long, hindi] = await synthesize([
      { text: 'Solar.', voice: 'en', speed: 150 },
      { text: 'The central subsidy is 30,000 rupees per kilowatt for the first 2 kilowatts.', voice: 'en', speed: 150 },
      { text: 'पीएम सूर्य घर में सब्सिडी 78,000 रुपये तक है।', voice: 'hi', speed: 140 },
    ]);
    const s = parseWav(short!);
    const l = parseWav(long!);
    const h = parseWav(hindi!);
    expect(s.sampleRate).toBe(22_050);
    expect(s.channels).toBe(1);
    expect(pcmDurationS(l)).toBeGreaterThan(pcmDurationS(s) * 3);
    expect(pcmDurationS(h)).toBeGreaterThan(1.5);
    // espeak's Emscripten runtime must not have hooked this process.
    expect(process.listenerCount('unhandledRejection')).toBe(listeners);
  }, 60_000);

  it('refuses texts espeak would misread', async () => {
    await expect(synthesize([{ text: '  ', voice: 'en', speed: 150 }])).rejects.toThrow(/empty/);
    await expect(synthesize([{ text: '-v xx', voice: 'en', speed: 150 }])).rejects.toThrow(/start with/);
  });
});

describe('PCM helpers', () => {
  const tone = (n: number, amp: number) => {
    const b = Buffer.alloc(n * 2);
    for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(amp * Math.sin(i / 5)), i * 2);
    return b;
  };

  it('round-trips a WAV and trims the silence around a sound', () => {
    const data = Buffer.concat([Buffer.alloc(2205 * 2), tone(4410, 8000), Buffer.alloc(4410 * 2)]);
    const pcm = parseWav(encodeWav({ sampleRate: 22_050, channels: 1, data }));
    expect(pcmDurationS(pcm)).toBeCloseTo(0.5, 3);
    const trimmed = trimSilence(pcm, 256, 0);
    expect(pcmDurationS(trimmed)).toBeGreaterThan(0.19);
    expect(pcmDurationS(trimmed)).toBeLessThan(0.21);
  });

  it('lays clips at their start times on a silent track', () => {
    const clip = { sampleRate: 22_050, channels: 1, data: tone(2205, 8000) };
    const mixed = mixTimeline([{ pcm: clip, startS: 0.5 }], 1.0);
    expect(pcmDurationS(mixed)).toBeCloseTo(1.0, 3);
    expect(mixed.data.readInt16LE(Math.round(0.25 * 22_050) * 2)).toBe(0);
    expect(mixed.data.subarray(11_025 * 2, (11_025 + 2205) * 2).equals(clip.data)).toBe(true);
    expect(() => mixTimeline([{ pcm: clip, startS: 0.95 }], 1.0)).toThrow(/past the end/);
  });

  it('rejects what is not 16-bit PCM WAV', () => {
    expect(() => parseWav(Buffer.from('not a wav file at all'))).toThrow(/RIFF/);
  });
});
