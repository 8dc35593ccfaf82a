import { describe, expect, it } from 'vitest';
import {
  appendChunk, askByVoice, askQuestion, dropFailed, emptyChat, endAnswer, failAnswer, isAnswering, lastQuestion, persistedChat,
  resetChat, voiceHeard, type ChatState,
} from './chat-state';

let n = 0;
const ids = () => ({ user: `u${++n}`, answer: `a${n}` });

const reel = (id: string) => ({ id, description: `reel ${id}`, pre_signed_url_thumbnail: `/media/${id}.jpg` });

/** A conversation of `k` finished question/answer pairs. */
function conversation(k: number): ChatState {
  let s = emptyChat();
  for (let i = 0; i < k; i++) {
    s = askQuestion(s, `q${i}`, ids());
    s = endAnswer(s, { chat_id: 'c1', answer: `answer ${i}`, suggestions: [`f${i}a`, `f${i}b`, `f${i}c`] });
  }
  return s;
}

describe('askQuestion', () => {
  it('adds the question and an empty answer that is not ended, and clears old follow-ups', () => {
    const s = askQuestion({ ...emptyChat(), suggestions: ['old'] }, 'How much subsidy?', { user: 'u', answer: 'a' });
    expect(s.messages).toEqual([
      { id: 'u', role: 'user', text: 'How much subsidy?', ended: true },
      { id: 'a', role: 'assistant', text: '', ended: false },
    ]);
    expect(s.suggestions).toEqual([]);
    expect(isAnswering(s)).toBe(true);
  });

  it('is ignored while an answer is streaming', () => {
    const s = askQuestion(emptyChat(), 'one', ids());
    expect(askQuestion(s, 'two', ids())).toBe(s);
  });
});

describe('askByVoice and voiceHeard', () => {
  it('adds a voice question without words and a pending answer; the words come with the transcript', () => {
    const asked = askByVoice(conversation(1), { user: 'vu', answer: 'va' });
    expect(asked.messages.slice(-2)).toEqual([
      { id: 'vu', role: 'user', text: '', ended: true, voice: true },
      { id: 'va', role: 'assistant', text: '', ended: false },
    ]);
    expect(asked.suggestions).toEqual([]);
    const heard = voiceHeard(asked, 'net metering kya hai');
    expect(heard.messages.at(-2)?.text).toBe('net metering kya hai');
    const ended = endAnswer(heard, { chat_id: 'c1', answer: 'Net metering means...' });
    expect(lastQuestion(ended)).toBe('net metering kya hai');
  });

  it('is ignored while an answer is streaming; words change only a pending voice question', () => {
    const streaming = askQuestion(emptyChat(), 'typed', ids());
    expect(askByVoice(streaming, ids())).toBe(streaming);
    expect(voiceHeard(streaming, 'other words')).toBe(streaming);
    const done = endAnswer(askByVoice(emptyChat(), ids()), { answer: 'x' });
    expect(voiceHeard(done, 'late words')).toBe(done);
  });

  it('a voice question cut off by a reload is kept without a retry (its recording is gone)', () => {
    const kept = persistedChat(askByVoice(emptyChat(), ids()));
    expect(kept.messages[1]).toMatchObject({ ended: true, error: 'interrupted' });
    expect(kept.messages[1].retryOf).toBeFalsy();
  });
});

describe('appendChunk', () => {
  it('appends chunks to the last message until it is ended', () => {
    let s = askQuestion(emptyChat(), 'q', ids());
    s = appendChunk(s, 'Rooftop ');
    s = appendChunk(s, 'solar');
    expect(s.messages[1].text).toBe('Rooftop solar');
    s = endAnswer(s, { answer: 'Rooftop solar works.' });
    const after = appendChunk(s, ' late');
    expect(after).toBe(s);
    expect(after.messages[1].text).toBe('Rooftop solar works.');
  });

  it('does nothing without a pending answer', () => {
    const s = emptyChat();
    expect(appendChunk(s, 'x')).toBe(s);
  });
});

describe('endAnswer', () => {
  it('ends the answer with the full text, up to 3 related reels, the follow-ups and the chat id', () => {
    let s = askQuestion(emptyChat(), 'q', ids());
    s = appendChunk(s, 'partial');
    s = endAnswer(s, {
      chat_id: '7f8e4a52-33d5-4c52-9a0e-2bb3c1c7f0a1', answer: 'Full answer.', suggestions: ['a', 'b', 'c'],
      related: [reel('1'), reel('2'), reel('3'), reel('4')],
    });
    const last = s.messages[1];
    expect(last).toMatchObject({ text: 'Full answer.', ended: true });
    expect(last.related?.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(s.suggestions).toEqual(['a', 'b', 'c']);
    expect(s.chatId).toBe('7f8e4a52-33d5-4c52-9a0e-2bb3c1c7f0a1');
    expect(isAnswering(s)).toBe(false);
  });

  it('keeps the streamed text when the end carries an empty answer', () => {
    let s = appendChunk(askQuestion(emptyChat(), 'q', ids()), 'streamed');
    s = endAnswer(s, { answer: '' });
    expect(s.messages[1].text).toBe('streamed');
  });
});

describe('failAnswer and dropFailed', () => {
  it('marks the pending answer failed with the code and the question to retry, then drops both for a retry', () => {
    let s = conversation(1);
    s = askQuestion(s, 'why?', { user: 'uq', answer: 'aq' });
    s = failAnswer(s, 'rate_limited', 'why?');
    expect(s.messages[3]).toMatchObject({ ended: true, error: 'rate_limited', retryOf: 'why?' });
    const dropped = dropFailed(s, 'aq');
    expect(dropped.messages.map((m) => m.id)).toEqual(s.messages.slice(0, 2).map((m) => m.id));
  });

  it('dropFailed leaves answers without an error alone', () => {
    const s = conversation(1);
    expect(dropFailed(s, s.messages[1].id)).toBe(s);
  });
});

describe('persistedChat', () => {
  it('keeps the last 8 messages and the suggestions (SPEC.md section 4)', () => {
    const s = conversation(6);
    expect(s.messages).toHaveLength(12);
    const p = persistedChat(s);
    expect(p.messages).toHaveLength(8);
    expect(p.messages[0].text).toBe('q2');
    expect(p.messages[7].text).toBe('answer 5');
    expect(p.suggestions).toEqual(['f5a', 'f5b', 'f5c']);
    expect(p.chatId).toBe('c1');
  });

  it('keeps an answer that was still streaming as interrupted, with its question to ask again', () => {
    let s = askQuestion(conversation(1), 'still going?', ids());
    s = appendChunk(s, 'half');
    const p = persistedChat(s);
    expect(p.messages[3]).toMatchObject({ ended: true, error: 'interrupted', retryOf: 'still going?' });
  });
});

describe('resetChat and lastQuestion', () => {
  it('reset clears messages, suggestions and the chat id', () => {
    expect(conversation(2).messages.length).toBe(4);
    expect(resetChat()).toEqual({ messages: [], suggestions: [], chatId: null });
  });

  it('lastQuestion is the newest question', () => {
    expect(lastQuestion(conversation(3))).toBe('q2');
    expect(lastQuestion(emptyChat())).toBeNull();
  });
});
