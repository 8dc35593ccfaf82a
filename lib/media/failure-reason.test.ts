import { describe, expect, it } from 'vitest';
import { reelFailureOf, uploaderFailureReason } from './failure-reason';
import { videoTooLongMessage } from './probe';
import { PROCESSING_TIMEOUT_MESSAGE } from './transcode';

describe('reelFailureOf', () => {
  it('reads video_too_long with the limit from both forms of the media code\'s sentence', () => {
    expect(reelFailureOf(videoTooLongMessage(90))).toEqual({ code: 'video_too_long', max_duration_s: 90 });
    expect(reelFailureOf(videoTooLongMessage(120, 151.4))).toEqual({ code: 'video_too_long', max_duration_s: 120 });
  });

  it('reads processing_timeout from the transcode\'s sentence', () => {
    expect(reelFailureOf(PROCESSING_TIMEOUT_MESSAGE)).toEqual({ code: 'processing_timeout' });
  });

  it('calls anything else processing_failed, and the uploader is not shown its text', () => {
    for (const reason of [null, undefined, '', 'ffmpeg exited with 1: moov atom not found',
      'source video is missing (/srv/data/uploads/0b7c)', 'worker stopped during attempt 3 of 3',
      `${videoTooLongMessage(90)} and more`]) {
      expect(reelFailureOf(reason), String(reason)).toEqual({ code: 'processing_failed' });
      expect(uploaderFailureReason(reason), String(reason)).toBeNull();
    }
    expect(uploaderFailureReason(videoTooLongMessage(90))).toBe('This video is longer than 90 seconds. Videos can be at most 90 seconds.');
  });
});
