import { describe, expect, it } from 'vitest';
import { firstMediaRequests } from './first-media';

describe('firstMediaRequests', () => {
  it('lists master, the 240p playlist and its first segment, under the same signed prefix', () => {
    const base = '/media/1795312800.abc/4306b405-8b3f-42d5-b943-76c412d0d6ed';
    expect(firstMediaRequests(`${base}/master.m3u8`, `${base}/240/index.m3u8`)).toEqual([
      `${base}/master.m3u8`, `${base}/240/index.m3u8`, `${base}/240/seg_00000.ts`,
    ]);
  });

  it('guesses no segment for a playlist of another shape', () => {
    expect(firstMediaRequests('https://cdn/x/master.m3u8', 'https://cdn/x/low.m3u8?sig=1')).toEqual([
      'https://cdn/x/master.m3u8', 'https://cdn/x/low.m3u8?sig=1',
    ]);
  });

  it('asks for the 240p playlist once when it is the source itself (the data saver)', () => {
    const base = '/media/1795312800.abc/4306b405-8b3f-42d5-b943-76c412d0d6ed';
    expect(firstMediaRequests(`${base}/240/index.m3u8`, `${base}/240/index.m3u8`)).toEqual([
      `${base}/240/index.m3u8`, `${base}/240/seg_00000.ts`,
    ]);
  });
});
