import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepsNumbers, rephraseAnswer, type LlmConfig } from './llm';

/**
 * The optional model against a real local HTTP server speaking the
 * OpenAI-compatible streaming protocol (server-sent events), the way Ollama
 * or vLLM answer.
 */

const ANSWER = 'Central subsidy for 3 kW: about Rs 78,000, as of 2026.';
type Mode = { tokens: string[]; status?: number; delayMs?: number };
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
    const send = () => {
      for (const t of mode.tokens) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: t } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    };
    if (mode.delayMs) setTimeout(send, mode.delayMs);
    else send();
  });
});
let config: LlmConfig;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`, model: 'test-model', firstTokenTimeoutMs: 300 };
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

  it('gives up when no token comes within the first-token timeout', async () => {
    mode = { tokens: ['too late'], delayMs: 1500 };
    const t0 = Date.now();
    expect(await rephraseAnswer(config, 'q', ANSWER, 'english')).toBeNull();
    expect(Date.now() - t0).toBeLessThan(1200);
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
