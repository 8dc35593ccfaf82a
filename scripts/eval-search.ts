/**
 * `npm run eval:search`: recall@10 of GET /feeds-server/api/v1/search on the
 * starter library (docs/decisions/031-search.md), per language. The default
 * set is the held-out one, tests/fixtures/search-eval.json, written before
 * the search code and meant to be scored once; tune against
 * `-- --set tuning` (tests/fixtures/search-tuning.json) instead.
 *
 * Each query is asked with lang = its language on a fresh in-memory PGlite
 * holding the library (tests/fixtures/search-library.ts). Relevant items:
 * the reels of the query's options in its language and its topics; a
 * query's recall@10 is the share of them among the first 10 reels and the
 * first 10 topics; a language's figure is the mean over its queries.
 * Also per language and per kind of query: the share of queries whose
 * first relevant reel is ranked first, and the mean reciprocal rank of the
 * first relevant reel among the first 10 (0 when none is there).
 * Sets: `held-out` (the first, spent: scored once in docs/decisions/031),
 * `held-out-2` (tests/fixtures/search-eval-2.json, written before the
 * synonym list), `tuning`.
 * Options: `--set held-out|held-out-2|tuning`, `--verbose` (each query's misses).
 * Exits 0 (a figure, not a test); 1 on a crash.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const setName = args.includes('--set') ? args[args.indexOf('--set') + 1] : 'held-out';
const verbose = args.includes('--verbose');
const FILES: Record<string, string> = {
  'held-out': 'tests/fixtures/search-eval.json',
  'held-out-2': 'tests/fixtures/search-eval-2.json',
  tuning: 'tests/fixtures/search-tuning.json',
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-eval-search-'));
process.env.DATA_DIR = tmp;
process.env.STARTER_LIBRARY = 'false';
process.env.WORKER_ENABLED = 'false';
process.env.LOG_LEVEL ??= 'warn';

interface EvalQuery { id: string; lang: 'en' | 'hi' | 'he'; q: string; options: string[]; topics: string[]; kind: string }

async function main() {
  const file = FILES[setName ?? ''];
  if (!file) throw new Error(`--set must be one of ${Object.keys(FILES).join(', ')}`);
  const { queries } = JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: EvalQuery[] };
  const { openDb, setDb } = await import('@/lib/db/client');
  const handle = openDb({ dataDir: 'memory://' });
  setDb(handle);
  const { buildApi } = await import('@/server/api');
  const { seedSearchLibrary } = await import('@/tests/fixtures/search-library');
  const { newVisitorId, visitorToken } = await import('@/lib/auth/visitor');
  const { initMediaSigning } = await import('@/lib/storage/signing');
  const { VIEWER_COOKIE } = await import('@/lib/constants');
  try {
    await handle;
    await initMediaSigning();
    const lib = await seedSearchLibrary({ suffix: '' });
    const api = buildApi();
    const topicSlugOf = new Map([...lib.slugs].map(([k, v]) => [v, k]));
    const byLang = new Map<string, number[]>();
    // Reciprocal rank of the first relevant reel, by language and by kind.
    const rrByLang = new Map<string, number[]>();
    const rrByKind = new Map<string, number[]>();
    const recallByKind = new Map<string, number[]>();
    console.log(`search recall@10, ${setName} set (${file}), ${queries.length} queries`);
    for (const [i, q] of queries.entries()) {
      // A visitor per query: the per-visitor search limit is a person's, not an evaluation's.
      const cookie = `${VIEWER_COOKIE}=${visitorToken(newVisitorId())}`;
      const res = await api.request(`/feeds-server/api/v1/search?q=${encodeURIComponent(q.q)}&lang=${q.lang}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${q.id}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { reels: Array<{ id: string }>; topics: Array<{ slug: string }> };
      const reels = new Set(body.reels.slice(0, 10).map((r) => r.id));
      const foundTopics = new Set(body.topics.slice(0, 10).map((t) => topicSlugOf.get(t.slug)));
      const wantReels = q.options.map((o) => ({ key: `${o}:${q.lang}`, id: lib.reels.get(`${o}:${q.lang}`) }));
      for (const w of wantReels) if (!w.id) throw new Error(`${q.id}: no reel ${w.key} in the library`);
      for (const t of q.topics) if (!lib.topics.has(t)) throw new Error(`${q.id}: no topic ${t} in the library`);
      const missed = [
        ...wantReels.filter((w) => !reels.has(w.id!)).map((w) => `reel ${w.key}`),
        ...q.topics.filter((t) => !foundTopics.has(t)).map((t) => `topic ${t}`),
      ];
      const relevant = wantReels.length + q.topics.length;
      const recall = relevant ? (relevant - missed.length) / relevant : 1;
      byLang.set(q.lang, [...(byLang.get(q.lang) ?? []), recall]);
      const wanted = new Set(wantReels.map((w) => w.id));
      const at = body.reels.slice(0, 10).findIndex((r) => wanted.has(r.id));
      const rr = at < 0 ? 0 : 1 / (at + 1);
      rrByLang.set(q.lang, [...(rrByLang.get(q.lang) ?? []), rr]);
      rrByKind.set(q.kind, [...(rrByKind.get(q.kind) ?? []), rr]);
      recallByKind.set(q.kind, [...(recallByKind.get(q.kind) ?? []), recall]);
      if (verbose || i < 0) {
        const got = body.reels.slice(0, 10).map((r) => [...lib.reels].find(([, id]) => id === r.id)?.[0] ?? r.id);
        console.log(`${q.id.padEnd(8)} ${recall.toFixed(2)} ${JSON.stringify(q.q)}${missed.length ? `  missed: ${missed.join(', ')}` : ''}` +
          `\n         reels: ${got.join(' ')}; topics: ${[...foundTopics].join(' ')}`);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const first = (xs: number[]) => xs.filter((x) => x === 1).length / Math.max(1, xs.length);
    for (const lang of ['en', 'hi', 'he']) {
      const xs = byLang.get(lang) ?? [];
      const rr = rrByLang.get(lang) ?? [];
      console.log(`${lang}: recall@10 ${mean(xs).toFixed(3)}, first relevant reel ranked first ${first(rr).toFixed(3)}, MRR ${mean(rr).toFixed(3)} over ${xs.length} queries`);
    }
    const allRr = [...rrByLang.values()].flat();
    console.log(`all: recall@10 ${mean([...byLang.values()].flat()).toFixed(3)}, ranked first ${first(allRr).toFixed(3)}, MRR ${mean(allRr).toFixed(3)}`);
    for (const [kind, rr] of rrByKind) {
      console.log(`kind ${kind}: recall@10 ${mean(recallByKind.get(kind)!).toFixed(3)}, ranked first ${first(rr).toFixed(3)}, MRR ${mean(rr).toFixed(3)} over ${rr.length} queries`);
    }
  } finally {
    await (await handle).close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
