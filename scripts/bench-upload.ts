/**
 * `npm run bench:upload`: resumable (tus) uploads on loopback. Benchmarks
 * print figures, they are not tests: exits 0, 1 only on a crash.
 *
 * 1. Transfer: a 150 MB file (BENCH_UPLOAD_MB; raw bytes, so the ingest
 *    refuses it at the end as not a video) sent in 8 MB PATCHes
 *    (BENCH_CHUNK_MB), as a phone's tus client would: MB/s into the tus
 *    store, counted over every PATCH but the last (the last one also runs
 *    the ingest's hash and probe, reported apart).
 * 2. Finish to reel: a real 10 s 720x1280 clip made with ffmpeg, all but
 *    its last byte sent first; then the time from sending the last byte to
 *    the answer carrying the reel id, and to the reel's row existing.
 * 3. Approval to feed: the job worker transcodes the clip; a curator of the
 *    topic approves it (POST /uploader/api/v1/content/status); then the
 *    time until a fresh feed page (GET /feeds-server/api/v1/feeds) holds it.
 *
 * The real pieces: the request listener with the tus handler and the Hono
 * API, a PGlite database in memory, DATA_DIR in a temp folder (removed at
 * the end). Client and server share this process.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 150);
const CHUNK_MB = Number(process.env.BENCH_CHUNK_MB ?? 8);
const MB = 1024 * 1024;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-bench-upload-'));
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = 'silent';
  process.env.STARTER_LIBRARY = 'false';
  process.env.MEDIA_SIGNING_SECRET ??= 'bench-secret-0123456789abcdef';
  delete process.env.DATABASE_URL;

  const { getRequestListener } = await import('@hono/node-server');
  const { eq } = await import('drizzle-orm');
  const { openDb, setDb } = await import('@/lib/db/client');
  const { categories, contentItems, options, topics, userRoles, users, viewers } = await import('@/lib/db/schema');
  const { newVisitorId } = await import('@/lib/auth/visitor');
  const { createSession } = await import('@/lib/auth/session');
  const { runFfmpeg } = await import('@/lib/media/ffmpeg');
  const { buildApi } = await import('@/server/api');
  const { createRequestListener } = await import('@/server/request-listener');
  const { createUploadHandler } = await import('@/server/uploads');

  const handle = openDb({ dataDir: 'memory://' });
  setDb(handle);
  const { db } = await handle;
  const [topic] = await db.insert(topics).values({ slug: 'bench-upload', name: 'Bench upload' }).returning();
  const [category] = await db.insert(categories).values({ topic_id: topic.id, name: 'Bench' }).returning();
  const [option] = await db.insert(options).values({ category_id: category.id, name: 'Bench' }).returning();
  const home = newVisitorId();
  await db.insert(viewers).values({ id: home });
  const [user] = await db.insert(users).values({ name: 'Bench creator', home_viewer_id: home }).returning();
  await db.insert(userRoles).values({ user_id: user.id, role: 'CREATOR', topic_id: topic.id });
  const token = await createSession(db, user.id, 'phone', 'bench');
  const curatorHome = newVisitorId();
  await db.insert(viewers).values({ id: curatorHome });
  const [curator] = await db.insert(users).values({ name: 'Bench curator', home_viewer_id: curatorHome }).returning();
  await db.insert(userRoles).values({ user_id: curator.id, role: 'CURATOR', topic_id: topic.id });
  const curatorToken = await createSession(db, curator.id, 'phone', 'bench');
  const { startWorker } = await import('@/server/worker');
  const { initMediaSigning } = await import('@/lib/storage/signing');
  await initMediaSigning();

  const server = http.createServer(createRequestListener({
    api: getRequestListener(buildApi().fetch),
    uploads: createUploadHandler().handle,
    next: (_req, res) => {
      res.writeHead(404);
      res.end();
    },
    distDir: dataDir, dev: false, mediaOrigins: [], embedOrigins: [],
  }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
  const meta = `option_id ${Buffer.from(option.id).toString('base64')},description ${Buffer.from('bench').toString('base64')}`;

  async function create(size: number): Promise<string> {
    const res = await fetch(`${base}/uploader/api/v1/upload/`, {
      method: 'POST', headers: { ...auth, 'Upload-Length': String(size), 'Upload-Metadata': meta },
    });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
    return res.headers.get('location') ?? '';
  }
  async function patch(url: string, offset: number, bytes: Uint8Array): Promise<Response> {
    return fetch(`${base}${url}`, {
      method: 'PATCH',
      headers: { ...auth, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  }

  try {
    // 1. Transfer into the tus store.
    const size = SIZE_MB * MB;
    const chunk = CHUNK_MB * MB;
    const raw = path.join(dataDir, 'raw.bin');
    const block = Buffer.alloc(MB);
    for (let i = 0; i < MB; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
    const fd = fs.openSync(raw, 'w');
    for (let i = 0; i < SIZE_MB; i++) fs.writeSync(fd, block);
    fs.closeSync(fd);

    const url = await create(size);
    const file = fs.openSync(raw, 'r');
    const buf = Buffer.alloc(chunk);
    let offset = 0;
    let transferMs = 0;
    let lastMs = 0;
    let lastStatus = 0;
    while (offset < size) {
      const n = fs.readSync(file, buf, 0, Math.min(chunk, size - offset), offset);
      const isLast = offset + n === size;
      const t0 = performance.now();
      const res = await patch(url, offset, new Uint8Array(buf.buffer, buf.byteOffset, n));
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (isLast) {
        lastMs = ms;
        lastStatus = res.status;
      } else {
        if (res.status !== 204) throw new Error(`patch: ${res.status}`);
        transferMs += ms;
      }
      offset += n;
    }
    fs.closeSync(file);
    const sentMb = (size - (size % chunk || chunk)) / MB;
    console.log(`transfer   ${SIZE_MB} MB in ${CHUNK_MB} MB PATCHes: ${sentMb} MB in ${(transferMs / 1000).toFixed(2)} s = ${(sentMb / (transferMs / 1000)).toFixed(1)} MB/s into the tus store`);
    console.log(`last PATCH (hash + probe, refused as not a video: ${lastStatus}): ${lastMs.toFixed(0)} ms`);

    // 2. Finish to reel row.
    const clip = path.join(dataDir, 'clip.mp4');
    await runFfmpeg(['-y', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=720x1280:r=30:d=10', '-f', 'lavfi', '-i',
      'sine=frequency=440:sample_rate=44100:duration=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-movflags', '+faststart', clip]);
    const bytes = fs.readFileSync(clip);
    const clipUrl = await create(bytes.length);
    const first = await patch(clipUrl, 0, new Uint8Array(bytes.subarray(0, bytes.length - 1)));
    if (first.status !== 204) throw new Error(`patch: ${first.status}`);
    const t0 = performance.now();
    let rowMs = NaN;
    const poll = (async () => {
      for (;;) {
        const [row] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.option_id, option.id));
        if (row) {
          rowMs = performance.now() - t0;
          return;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const done = await patch(clipUrl, bytes.length - 1, new Uint8Array(bytes.subarray(bytes.length - 1)));
    const answerMs = performance.now() - t0;
    const contentId = done.headers.get('upload-content-id');
    await poll;
    console.log(`finish -> reel (${(bytes.length / MB).toFixed(1)} MB clip, 10 s 720x1280): answer with id ${contentId ? 'yes' : 'NO'} `
      + `in ${answerMs.toFixed(0)} ms; row existed after ${rowMs.toFixed(0)} ms`);

    // 3. Approval to a fresh feed page.
    if (contentId) {
      const stopWorker = await startWorker();
      const tr = performance.now();
      for (;;) {
        const [row] = await db.select({ status: contentItems.status }).from(contentItems).where(eq(contentItems.id, contentId));
        if (row?.status === 'ready' || row?.status === 'failed') {
          if (row.status === 'failed') throw new Error('transcode failed');
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const transcodeMs = performance.now() - tr;
      await stopWorker();
      const feedUrl = `${base}/feeds-server/api/v1/feeds?topic_id=${topic.id}`;
      const inFeed = async () => ((await (await fetch(feedUrl)).json()) as { feeds: Array<{ id: string }> })
        .feeds.some((f) => f.id === contentId);
      if (await inFeed()) throw new Error('a Pending reel is in the feed');
      const ta = performance.now();
      const approved = await fetch(`${base}/uploader/api/v1/content/status`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${curatorToken}`, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ content_id: contentId, status: 'Approved' }),
      });
      if (!approved.ok) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
      const answeredMs = performance.now() - ta;
      while (!(await inFeed())) await new Promise((r) => setTimeout(r, 1));
      const feedMs = performance.now() - ta;
      console.log(`approval -> feed: transcode took ${(transcodeMs / 1000).toFixed(1)} s; approval answered in ${answeredMs.toFixed(0)} ms, `
        + `the reel was on a fresh feed page ${feedMs.toFixed(0)} ms after the approval was sent`);
    }
  } finally {
    await new Promise((r) => server.close(r));
    await (await handle).close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
