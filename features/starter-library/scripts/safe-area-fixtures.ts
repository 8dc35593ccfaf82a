/**
 * Writes the safe-area screenshot test's input frames (tests/e2e/safe-area.spec.ts):
 * for each language, the title frame and the longest caption frame of the subsidy
 * reel (the one whose title was cut on phones), as JPEG, and their text boxes (video
 * px) in boxes.json. Run after changing the frame layout, then update the screenshots:
 *   npx tsx --conditions=react-server features/starter-library/scripts/safe-area-fixtures.ts
 *   flock /tmp/e2e.lock npx playwright test tests/e2e/safe-area.spec.ts --project phone --update-snapshots
 */
import fs from 'node:fs';
import path from 'node:path';
import { runFfmpeg } from '@/lib/media/ffmpeg';
import { libraryReels } from '../data/library';
import { sceneLayout, scenesOf, svgToPng, type TextBox } from '../server/frames';

const OUT = path.resolve(import.meta.dirname, '../../../tests/fixtures/safe-area');
const OPTION = 'subsidy-3kw';

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const boxes: Record<string, TextBox[]> = {};
  for (const reel of libraryReels().filter((r) => r.option.key === OPTION)) {
    const scenes = scenesOf(reel);
    const captions = scenes.flatMap((s, i) => (s.kind === 'caption' ? [{ i, len: s.caption.length }] : []));
    const longest = captions.reduce((a, b) => (b.len > a.len ? b : a)).i;
    for (const [name, index] of [['title', 0], ['caption', longest]] as const) {
      const layout = await sceneLayout(scenes[index]!);
      const id = `${reel.lang}-${name}`;
      const png = path.join(OUT, `${id}.png`);
      fs.writeFileSync(png, svgToPng(layout.svg));
      await runFfmpeg(['-y', '-i', png, '-q:v', '4', path.join(OUT, `${id}.jpg`)]);
      fs.rmSync(png);
      boxes[id] = layout.boxes.map((b) => ({ ...b, x: +b.x.toFixed(1), y: +b.y.toFixed(1), w: +b.w.toFixed(1), h: +b.h.toFixed(1) }));
    }
  }
  fs.writeFileSync(path.join(OUT, 'boxes.json'), `${JSON.stringify(boxes, null, 2)}\n`);
  process.stdout.write(`wrote ${Object.keys(boxes).length} frames to ${OUT}\n`);
}

await main();
