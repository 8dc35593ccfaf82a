/**
 * Which of a reel's media the player and the slide fetch, by the data saver
 * (lib/data-saver.ts).
 */

/** A reel's media URLs the player and the slide choose from. */
export interface ReelMedia {
  /** Master playlist (every rendition). */
  pre_signed_url_video: string;
  /** The 240p media playlist (the lowest rung). */
  pre_signed_url_video_240: string;
  /** Poster (the 360p rung's size). */
  pre_signed_url_poster: string;
  /** Thumbnail (180 px wide). */
  pre_signed_url_thumbnail: string;
}

/** The playlist to play: the master, or with the data saver the lowest rung's own playlist. */
export function reelSource(item: ReelMedia, saver: boolean): string {
  return saver ? item.pre_signed_url_video_240 : item.pre_signed_url_video;
}

/** The still shown before the first frame: the poster, or with the data saver the small thumbnail. */
export function reelPoster(item: ReelMedia, saver: boolean): string {
  return saver ? item.pre_signed_url_thumbnail : item.pre_signed_url_poster;
}
