import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepsNumbers, rephraseAnswer, type LlmConfig } from './llm';
import { gate, type Gate } from '@/tests/fixtures/model-gate';

/**
 * The optional model against a real local HTTP server speaking the
 * OpenAI-compatible streaming protocol (server-sent events), the way Ollama
 * or vLLM answer.
 */

const ANSWER = 'Central subsidy for 3 kW: about Rs 78,000, as of 2026.';

type Mode = { tokens: string[]; status?: number; gate?: Gate };
let mode: Mode = { tokens: [] };
let lastBody: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> } | null = null;

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (d: Buffer) => (raw += d.toString()));
  req.on('end', () => {
    lastBody = JSON.parse(raw) as typeof lastBody;
    if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
    if (mode.status) return res.writeHead(mode.status).end('boom');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const tokens = mode.tokens;
    const send = () => {
      for (const t of tokens) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    };
    if (mode.gate) mode.gate.arrive(send, res);
    else send();
  });
});
/** A first-token limit no healthy local server misses, however loaded the machine (the test timeout is 30 s). */
const GENEROUS_MS = 20_000;
let config: LlmConfig;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`, model: 'test-model', firstTokenTimeoutMs: GENEROUS_MS };
});
afterEach(() => {
  mode.gate?.open();
  mode = { tokens: [] };
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('rephraseAnswer', () => {
  it('returns the streamed rephrasing and tells the model to use only the retrieved answer, in the asker\'s language', async () => {
    mode = { tokens: ['For a 3 kW system ', 'the central subsidy is about ', 'Rs 78,000 (as of 2026).'] };
    const out = await rephraseAnswer(config, '3kW pe kitni subsidy?', ANSWER, 'hinglish');
    expect(out).toBe('For a 3 kW system the central subsidy is about Rs 78,000 (as of 2026).');
    expect(lastBody?.model).toBe('test-model');
    expect(lastBody?.stream).toBe(true);
    expect(lastBody?.messages[0].content).toMatch(/ONLY the ANSWER/);
    expect(lastBody?.messages[0].content).toMatch(/Latin letters/);
    expect(lastBody?.messages[1].content).toContain(ANSWER);
  });

  it('refuses a rephrasing that changes a number', async () => {
    mode = { tokens: ['The subsidy is about Rs 80,000.'] };
    expect(await rephraseAnswer(config, 'q', ANSWER, 'english')).toBeNull();
  });

  it('waits for a first token that comes within the first-token limit', async () => {
    const g = gate();
    mode = { tokens: ['For 3 kW the subsidy is about Rs 78,000.'], gate: g };
    const pending = rephraseAnswer(config, 'q', ANSWER, 'english');
    await g.requested;
    g.open();
    expect(await pending).toBe('For 3 kW the subsidy is about Rs 78,000.');
  });

  it('gives up when no token comes within the first-token limit, without waiting for the model', async () => {
    const g = gate();
    mode = { tokens: ['Too late: about Rs 78,000.'], gate: g };
    const limitMs = 250;
    const t0 = performance.now();
    // Only the first-token limit can end this call within the test: the model holds its reply until the gate opens,
    // and the whole-reply limit is far beyond the test timeout.
    const out = await rephraseAnswer({ ...config, firstTokenTimeoutMs: limitMs, totalTimeoutMs: 600_000 }, 'q', ANSWER, 'english');
    expect(out).toBeNull();
    expect(g.sent).toBe(false);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(limitMs - 5);
    // The request was abandoned, not left open: the model sees the connection close before it ever replies.
    if (g.reached) await g.closed;
    g.open();
    expect(g.sent).toBe(false);
  });

  it('gives up on an HTTP error, an empty reply or an unreachable model', async () => {
    mode = { tokens: [], status: 500 };
    expect(await rephraseAnswer(config, 'q', ANSWER, 'english')).toBeNull();
    mode = { tokens: ['  '] };
    expect(await rephraseAnswer(config, 'q', ANSWER, 'english')).toBeNull();
    expect(await rephraseAnswer({ ...config, baseUrl: 'http://127.0.0.1:9/v1' }, 'q', ANSWER, 'english')).toBeNull();
  });
});

describe('keepsNumbers', () => {
  it('accepts the same numbers however written, refuses new ones', () => {
    expect(keepsNumbers('Rs 78,000 for 3 kW', '3 kW gets Rs 78000')).toBe(true);
    expect(keepsNumbers('Rs 78,000 for 3 kW', '३ kW पर Rs 78,000')).toBe(true);
    expect(keepsNumbers('Rs 78,000 for 3 kW', 'Rs 78,000 for 2 kW')).toBe(false);
  });
});
