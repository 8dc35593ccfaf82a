import 'server-only';
import type http from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import compression from 'compression';
import { createScriptHolder } from '@/lib/http/held-scripts';

/**
 * Compression of Next's answers (pages, RSC payloads, route handlers):
 * brotli at quality 5 where the browser takes it (a 102 KB /reels page:
 * about 21.7 KB, against 24 KB gzip), else gzip. Next's own compression is
 * off (next.config.ts `compress: false`) because held scripts (below) must
 * rewrite the HTML before it is compressed. Next flushes its streamed
 * chunks through `res.flush()`, which this middleware provides.
 */
const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });

type Write = (chunk: unknown, encoding?: unknown, cb?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, cb?: unknown) => http.ServerResponse;

/**
 * Prepares `res` for Next: compression, and with `hold` (a page that opens
 * with a reel, lib/http/held-scripts.ts) the HTML rewriter that holds its
 * scripts until the first frame, with the page's CSP `nonce` on the runtime
 * it inserts and `starter` (the page's code that releases them) after it. Only an uncompressed `text/html` body is rewritten; anything
 * else passes unchanged. Resolves once the wrappers are in place.
 */
export async function preparePageResponse(
  req: http.IncomingMessage, res: http.ServerResponse,
  { hold, nonce, starter }: { hold: boolean; nonce?: string; starter?: string },
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], (err?: unknown) => (err ? reject(err) : resolve()));
  });
  if (hold) holdScriptsIn(res, nonce, starter);
}

function holdScriptsIn(res: http.ServerResponse, nonce: string | undefined, starter: string | undefined): void {
  const holder = createScriptHolder(nonce, starter);
  const decoder = new StringDecoder('utf8');
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  // The body's length changes: no Content-Length (the answer is chunked, or compressed anyway).
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (name.toLowerCase() === 'content-length' ? res : setHeader(name, value));
  let html: boolean | null = null;
  // Next's own compression is off, so the body Next writes is plain text.
  const rewriting = (): boolean => (html ??= /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')));
  const text = (chunk: unknown, encoding: unknown): string => (typeof chunk === 'string'
    ? (typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8' ? decoder.write(Buffer.from(chunk, encoding as BufferEncoding)) : chunk)
    : decoder.write(Buffer.from(chunk as Uint8Array)));
  const patched: { write: Write; end: End } = {
    write(chunk, encoding, cb) {
      if (!rewriting()) return write(chunk, encoding, cb);
      const callback = typeof encoding === 'function' ? encoding : cb;
      return write(holder.push(text(chunk, encoding)), 'utf8', callback);
    },
    end(chunk, encoding, cb) {
      if (!rewriting()) return end(chunk, encoding, cb);
      const callback = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : cb;
      let out = chunk !== undefined && chunk !== null && typeof chunk !== 'function' ? holder.push(text(chunk, encoding)) : '';
      const rest = decoder.end();
      if (rest) out += holder.push(rest);
      return end(out + holder.end(), 'utf8', callback);
    },
  };
  Object.assign(res, patched);
}
