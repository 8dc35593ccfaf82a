import { describe, expect, it } from 'vitest';
import { libraryReels } from '../data/library';
import { sceneLayout, scenesOf, type TextBox } from './frames';
import { FRAME, PLAYER_CHROME, chromeProblem, contains, coverFit, inSafeArea, type PlayerChrome } from './safe-area';

/** A 9:21 reel box (narrower than any measured phone): only its crop applies, no overlays. */
const NINE_TWENTY_ONE: PlayerChrome = {
  viewport: { width: 360, height: 840 },
  locale: 'en',
  reel: { x: 0, y: 0, w: 360, h: 840 },
  header: { x: 0, y: 0, w: 0, h: 0 },
  actions: { x: 0, y: 0, w: 0, h: 0 },
  footer: { x: 0, y: 0, w: 0, h: 0 },
};

/** Every box of every frame of every starter reel (27 reels, en, hi and he). */
async function allBoxes(): Promise<{ where: string; box: TextBox }[]> {
  const out: { where: string; box: TextBox }[] = [];
  for (const reel of libraryReels()) {
    for (const [i, scene] of scenesOf(reel).entries()) {
      for (const box of (await sceneLayout(scene)).boxes) out.push({ where: `${reel.sourceKey} frame ${i} ${box.role}`, box });
    }
  }
  return out;
}

const boxes = await allBoxes();

describe('starter reels: text inside the safe area', () => {
  it('lays out text boxes for every frame', () => {
    expect(boxes.length).toBeGreaterThan(27 * 5);
    expect(new Set(boxes.map((b) => b.box.role))).toEqual(new Set(['topic', 'label', 'question', 'caption', 'card', 'brand', 'tagline']));
  });

  it('keeps every box inside STARTER_SAFE_AREA', () => {
    const outside = boxes.filter((b) => !inSafeArea(b.box)).map((b) => b.where);
    expect(outside).toEqual([]);
  });

  for (const chrome of [...PLAYER_CHROME, NINE_TWENTY_ONE]) {
    const { width, height } = chrome.viewport;
    it(`shows every box whole at ${width}x${height} (${chrome.locale} interface): inside the cover-fit crop, clear of the header and the action column`, () => {
      const problems = boxes.flatMap((b) => {
        const p = chromeProblem(b.box, chrome);
        return p ? [`${b.where}: ${p}`] : [];
      });
      expect(problems).toEqual([]);
    });
  }

  it('finds a box moved outside: the check can fail', () => {
    const title = boxes.find((b) => b.box.role === 'question')!.box;
    const moved = { ...title, x: title.x + 120 };
    expect(inSafeArea(moved)).toBe(false);
    expect(PLAYER_CHROME.some((c) => chromeProblem(moved, c) !== null)).toBe(true);
    const high = { ...boxes.find((b) => b.box.role === 'topic')!.box, y: 40 };
    expect(PLAYER_CHROME.every((c) => chromeProblem(high, c)?.startsWith('under the header'))).toBe(true);
  });

  it('maps the cover-fit crop: 9:21 keeps the central 548.6 px of 720', () => {
    const { visible } = coverFit({ w: 900, h: 2100 });
    expect(visible.w).toBeCloseTo((FRAME.height * 9) / 21, 1);
    expect(visible.x).toBeCloseTo((FRAME.width - visible.w) / 2, 5);
    expect(contains({ x: 0, y: 0, w: FRAME.width, h: FRAME.height }, visible)).toBe(true);
  });
});
