import { describe, expect, it } from 'vitest';
import { reelPoster, reelSource } from './reel-media';

const item = {
  pre_signed_url_video: '/media/s/c/master.m3u8',
  pre_signed_url_video_240: '/media/s/c/240/index.m3u8',
  pre_signed_url_poster: '/media/s/c/poster.jpg',
  pre_signed_url_thumbnail: '/media/s/c/thumb.jpg',
};

describe('a reel\'s media with and without the data saver', () => {
  it('plays the lowest rung\'s own playlist and shows the small thumbnail', () => {
    expect(reelSource(item, false)).toBe(item.pre_signed_url_video);
    expect(reelSource(item, true)).toBe(item.pre_signed_url_video_240);
    expect(reelPoster(item, false)).toBe(item.pre_signed_url_poster);
    expect(reelPoster(item, true)).toBe(item.pre_signed_url_thumbnail);
  });
});
