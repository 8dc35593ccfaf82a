import 'server-only';
/**
 * The reel's timeline: when each narrated sentence plays and when its
 * caption block is on screen, computed from the real WAV durations so the
 * on-screen text changes with the voice.
 */

/** Video frame rate of the rendered reels, frames per second. */
export const REEL_FPS = 25;

export interface TimelinePauses {
  /** Silence before the first sentence, seconds. */
  leadIn: number;
  /** Silence between sentences, seconds. */
  gap: number;
  /** Silence after the last sentence, seconds. */
  tail: number;
}

/** One caption block: the sentence's audio span and the span its caption is shown. */
export interface Cue {
  /** When the sentence's audio starts and ends, seconds. */
  audioStartS: number;
  audioEndS: number;
  /** When its caption is shown, seconds, on frame boundaries; cues tile the reel without gaps. */
  showStartS: number;
  showEndS: number;
}

export interface Timeline {
  cues: Cue[];
  /** Whole reel, seconds, a whole number of frames. */
  totalS: number;
}

const toFrame = (s: number) => Math.round(s * REEL_FPS);

/**
 * Places sentences of `durationsS` (seconds each) one after another with the
 * pauses, and shows each caption from half a gap before its sentence to half
 * a gap after it (the first from 0, the last to the end).
 * @throws Error when there is no sentence or a duration is not positive.
 */
export function buildTimeline(durationsS: number[], pauses: TimelinePauses): Timeline {
  if (durationsS.length === 0) throw new Error('a reel needs at least one sentence');
  if (durationsS.some((d) => !(d > 0))) throw new Error('sentence durations must be positive');
  const spans: { start: number; end: number }[] = [];
  let t = pauses.leadIn;
  for (const d of durationsS) {
    spans.push({ start: t, end: t + d });
    t += d + pauses.gap;
  }
  const last = spans[spans.length - 1]!;
  const totalFrames = toFrame(last.end + pauses.tail);
  const boundaries = [0, ...spans.slice(1).map((s) => toFrame(s.start - pauses.gap / 2)), totalFrames];
  const cues = spans.map((s, i) => ({
    audioStartS: s.start,
    audioEndS: s.end,
    showStartS: boundaries[i]! / REEL_FPS,
    showEndS: boundaries[i + 1]! / REEL_FPS,
  }));
  return { cues, totalS: totalFrames / REEL_FPS };
}

function vttTime(s: number): string {
  const ms = Math.round(s * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const p = (n: number, w: number) => String(n).padStart(w, '0');
  return `${p(h, 2)}:${p(m, 2)}:${p(sec, 2)}.${p(rest, 3)}`;
}

/** WebVTT captions of the timeline (the on-screen text of each cue), kept beside the rendered MP4. */
export function toWebVtt(cues: Cue[], texts: string[]): string {
  const blocks = cues.map((c, i) => `${i + 1}\n${vttTime(c.showStartS)} --> ${vttTime(c.showEndS)}\n${(texts[i] ?? '').replace(/-->/g, '->')}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
