/**
 * The first media requests of a reel started at its lowest rendition: the
 * master playlist (unless `master` is the 240p playlist itself, as with the
 * data saver), the 240p playlist and its first segment. The segment name
 * follows the media pipeline's `seg_%05d.ts` (lib/media/transcode.ts); should
 * that change, this preload is merely wasted, playback is unaffected.
 */
export function firstMediaRequests(master: string, playlist240: string): string[] {
  // With the data saver the player's source is the 240p playlist itself: asked for once.
  const urls = master === playlist240 ? [playlist240] : [master, playlist240];
  if (playlist240.endsWith('/index.m3u8')) urls.push(playlist240.replace(/index\.m3u8$/, 'seg_00000.ts'));
  return urls;
}
