/**
 * `npm run bench:sitemaps`: writes the sitemaps (features/sharing/server/sitemap.ts
 * buildSitemaps) for REELS (default 20,000) visible reels in 20 topics, with
 * Hindi descriptions, RUNS (default 3) times, and prints per run the time to
 * build, the longest the event loop was held meanwhile (what other requests
 * of the process wait at worst), and the files' sizes. Made in memory: the
 * database read is the feed's kind of keyset query and is not what this
 * measures. Prints figures; exits 0 (benchmarks are not tests).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildSitemaps, type SitemapReel } from '@/features/sharing/server/sitemap';

const REELS = Number(process.env.REELS ?? 20_000);
const RUNS = Number(process.env.RUNS ?? 3);

const reels: SitemapReel[] = Array.from({ length: REELS }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  slug: i.toString(16).padStart(10, '0'),
  description: `छत पर ${i % 10 + 1} kW सोलर लगवाने से कितनी बचत होती है और सब्सिडी कैसे मिलती है, जानिए इस वीडियो में`,
  lang: (['en', 'hi', 'he'] as const)[i % 3],
  width: 720, height: 1280, duration_s: 20 + (i % 40),
  ready_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000), created_at: new Date(Date.UTC(2026, 0, 1)),
  topic_id: `00000000-0000-4000-8000-0000000000${String(i % 20).padStart(2, '0')}`, topic_slug: `topic-${i % 20}`,
  topic_name: 'PM Surya Ghar subsidy', category_name: 'How much', option_name: '3 kW on a house',
}));

process.stdout.write(`bench:sitemaps  ${REELS} reels, ${RUNS} runs\n`);
for (let run = 1; run <= RUNS; run++) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const set = await buildSitemaps(reels, 'https://suryareels.example');
  const ms = performance.now() - started;
  delay.disable();
  const sizes = [...set.parts].map(([name, xml]) => `${name} ${(Buffer.byteLength(xml) / 1e6).toFixed(1)} MB`).join(', ');
  process.stdout.write(`  run ${run}: built in ${Math.round(ms)} ms, event loop held at most ${Math.round(delay.max / 1e6)} ms; ${sizes}\n`);
}
