import 'server-only';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import type { ChatLanguage } from '../schemas';

/**
 * The optional model: when LLM_BASE_URL is set, it rephrases the retrieved
 * answers conversationally, told to use only them; without it, or when it
 * fails or takes over 3 s, the retrieved answer is the reply. An OpenAI-compatible
 * `POST {base}/chat/completions` with `stream: true` (Ollama, vLLM, ...).
 *
 * The reply is collected whole before anything reaches the asker and is
 * refused when it carries a number the retrieved answer does not: a wrong
 * subsidy figure costs a customer, so accuracy comes before fluency (and
 * there is never a half-rephrased answer on screen to take back).
 */

/** Wait for the model's first token, ms (3 s). */
export const LLM_FIRST_TOKEN_TIMEOUT_MS = 3000;
/** Longest whole reply, ms, after which the retrieved answer is used. */
export const LLM_TOTAL_TIMEOUT_MS = 15_000;

const LANGUAGE_NAME: Record<ChatLanguage, string> = {
  english: 'English',
  hindi: 'Hindi written in Devanagari script',
  hinglish: 'Hinglish (Hindi written in Latin letters, mixed with English words)',
};

export interface LlmConfig {
  /** Base URL ending before `/chat/completions`, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  firstTokenTimeoutMs?: number;
  totalTimeoutMs?: number;
}

/** The configured model from LLM_BASE_URL / LLM_MODEL / LLM_API_KEY, or null when unset. */
export function llmConfigFromEnv(): LlmConfig | null {
  const e = env();
  if (!e.LLM_BASE_URL) return null;
  return { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL, apiKey: e.LLM_API_KEY };
}

/** The system prompt: rephrase only the retrieved answer, in the asker's language, as plain text. */
export function rephrasePrompt(language: ChatLanguage): string {
  return [
    'You are the customer assistant of an Indian rooftop-solar company.',
    'You are given a customer question and a vetted ANSWER.',
    'Rephrase ONLY the ANSWER so it reads as a short, friendly reply to the question.',
    `Write in ${LANGUAGE_NAME[language]}.`,
    'Use only facts from the ANSWER. Do not add, drop or change any number, amount, date, name or condition.',
    'Do not add advice or facts of your own. Plain text only: no HTML, no Markdown, no lists. At most 5 sentences.',
  ].join(' ');
}

/** Digit runs of `text` (Devanagari digits read as ASCII, thousands separators dropped). */
export function numbersIn(text: string): string[] {
  const ascii = text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966));
  return (ascii.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => n.replace(/,/g, '').replace(/\.0+$/, ''));
}

/** True when every number of `rephrased` also appears in `answer` (the model added or changed none). */
export function keepsNumbers(answer: string, rephrased: string): boolean {
  const allowed = new Set(numbersIn(answer));
  return numbersIn(rephrased).every((n) => allowed.has(n));
}

/**
 * Asks the model to rephrase `answer` for `question` in `language`.
 * @returns the rephrased plain text, or null (the caller then replies with
 * `answer`) when the model fails, sends no token within
 * `firstTokenTimeoutMs` (3 s), runs past `totalTimeoutMs`, answers empty, or
 * changes a number. Never throws.
 */
export async function rephraseAnswer(
  config: LlmConfig, question: string, answer: string, language: ChatLanguage,
): Promise<string | null> {
  const log = logger();
  const ac = new AbortController();
  const firstMs = config.firstTokenTimeoutMs ?? LLM_FIRST_TOKEN_TIMEOUT_MS;
  let firstTimer: NodeJS.Timeout | undefined = setTimeout(() => ac.abort(new Error('no first token')), firstMs);
  const totalTimer = setTimeout(() => ac.abort(new Error('too slow')), config.totalTimeoutMs ?? LLM_TOTAL_TIMEOUT_MS);
  const gotToken = () => {
    if (firstTimer) clearTimeout(firstTimer);
    firstTimer = undefined;
  };
  try {
    const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      signal: ac.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        stream: true,
        temperature: 0.2,
        messages: [
          { role: 'system', content: rephrasePrompt(language) },
          { role: 'user', content: `QUESTION: ${question}\n\nANSWER: ${answer}` },
        ],
      }),
    });
    if (!res.ok || !res.body) throw new Error(`model answered HTTP ${res.status}`);
    let text = '';
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(part, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') continue;
        const delta = (JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> })
          .choices?.[0]?.delta?.content;
        if (delta) {
          gotToken();
          text += delta;
        }
      }
    }
    const out = text.trim();
    if (!out) throw new Error('model answered empty');
    if (!keepsNumbers(answer, out)) {
      log.warn({ answer, rephrased: out }, 'model changed a number; using the retrieved answer');
      return null;
    }
    return out;
  } catch (err) {
    log.warn({ err: ac.signal.aborted ? ac.signal.reason : err }, 'model rephrase failed; using the retrieved answer');
    return null;
  } finally {
    gotToken();
    clearTimeout(totalTimer);
  }
}
