import { CHAT_PERSIST_COUNT } from '@/lib/constants';

/**
 * The assistant's chat state and its transitions (SPEC.md section 4 "Chat":
 * up to 8 recent messages and suggestions persist; a reset clears them;
 * streamed chunks are appended to the last message until it is marked
 * ended). Every function is pure and returns a new state, or the same object
 * when nothing changed.
 */

/**
 * The fields of a related reel the chat shows (the reels feature's FeedItem
 * carries these and more; the assistant does not import that feature, so the
 * shape is accepted structurally).
 */
export interface RelatedReel {
  id: string;
  description: string;
  /** Small JPEG thumbnail (signed URL, may expire after hours). */
  pre_signed_url_thumbnail: string;
  topic_name?: string;
}

/** One message of the conversation. */
export interface ChatMessage {
  /** Client-made id, unique in the conversation. */
  id: string;
  role: 'user' | 'assistant';
  /** Plain text (never HTML): the question, or the answer as streamed so far. */
  text: string;
  /** An assistant message is complete (chat_end or chat_error came); user messages are always ended. */
  ended: boolean;
  /** Reels on the same topic, with a finished answer (1-3). */
  related?: RelatedReel[];
  /** Error code of a failed answer (`chat_error` or an HTTP error), for the error line and retry. */
  error?: string;
  /** The question a failed answer was for: what "retry" sends again. */
  retryOf?: string;
  /**
   * A question asked by voice (the server transcribes it): its text stays
   * '' until the transcript comes with the answer (headOf shows a
   * placeholder meanwhile).
   */
  voice?: boolean;
}

export interface ChatState {
  messages: ChatMessage[];
  /** Follow-up questions of the last answer (3 from the bank). */
  suggestions: string[];
  /** The server's conversation id (uuid), from the first chat_end; sent with later messages. */
  chatId: string | null;
}

/** chat_end payload, as far as the state needs it. */
export interface ChatEnd {
  chat_id?: string;
  answer: string;
  suggestions?: string[];
  related?: RelatedReel[];
}

/** An empty conversation: what a reset leaves. */
export function emptyChat(): ChatState {
  return { messages: [], suggestions: [], chatId: null };
}

/** Returns the reset state (SPEC.md section 4: "a reset clears them"). */
export function resetChat(): ChatState {
  return emptyChat();
}

/** True while the last message is an assistant answer that has not ended. */
export function isAnswering(state: ChatState): boolean {
  const last = state.messages[state.messages.length - 1];
  return !!last && last.role === 'assistant' && !last.ended;
}

/**
 * Adds the person's question and an empty, not-ended assistant message the
 * stream will fill. Follow-up chips of the previous answer are cleared
 * (they belong to that answer). Ignored while an answer is still streaming.
 */
export function askQuestion(state: ChatState, text: string, ids: { user: string; answer: string }): ChatState {
  if (isAnswering(state)) return state;
  return {
    ...state,
    suggestions: [],
    messages: [
      ...state.messages,
      { id: ids.user, role: 'user', text, ended: true },
      { id: ids.answer, role: 'assistant', text: '', ended: false },
    ],
  };
}

/**
 * Adds a question asked by voice, its words not known yet (an empty user
 * message marked `voice`), and the empty answer, as askQuestion does.
 * Ignored while an answer is still streaming.
 */
export function askByVoice(state: ChatState, ids: { user: string; answer: string }): ChatState {
  const next = askQuestion(state, '', ids);
  if (next === state) return state;
  const messages = next.messages.slice();
  messages[messages.length - 2] = { ...messages[messages.length - 2], voice: true };
  return { ...next, messages };
}

/**
 * Sets the words of the pending voice question (the transcript the server
 * heard). Only the question right before a pending answer, asked by voice,
 * changes; otherwise the state is unchanged.
 */
export function voiceHeard(state: ChatState, text: string): ChatState {
  const i = state.messages.length - 2;
  if (!isAnswering(state) || i < 0 || !state.messages[i].voice) return state;
  const messages = state.messages.slice();
  messages[i] = { ...messages[i], text };
  return { ...state, messages };
}

function replaceLast(state: ChatState, change: (m: ChatMessage) => ChatMessage): ChatState {
  const messages = state.messages.slice();
  messages[messages.length - 1] = change(messages[messages.length - 1]);
  return { ...state, messages };
}

/**
 * Appends a streamed chunk to the last message while it is an assistant
 * message not yet ended (SPEC.md section 4); otherwise (no answer pending,
 * or a late chunk after the end) the state is unchanged.
 */
export function appendChunk(state: ChatState, text: string): ChatState {
  if (!isAnswering(state) || text === '') return state;
  return replaceLast(state, (m) => ({ ...m, text: m.text + text }));
}

/**
 * Marks the pending answer ended with the server's full answer (which
 * replaces the streamed text, so a lost chunk cannot leave it incomplete),
 * its related reels and follow-up questions, and keeps the conversation id.
 * Without a pending answer the state is unchanged.
 */
export function endAnswer(state: ChatState, end: ChatEnd): ChatState {
  if (!isAnswering(state)) return state;
  const next = replaceLast(state, (m) => ({
    ...m,
    text: end.answer || m.text,
    ended: true,
    related: (end.related ?? []).slice(0, 3),
  }));
  return { ...next, suggestions: end.suggestions ?? [], chatId: end.chat_id ?? state.chatId };
}

/**
 * Marks the pending answer ended with an error `code` (chat_error, or the
 * HTTP fallback's error); `question` is kept for "retry". Without a pending
 * answer the state is unchanged.
 */
export function failAnswer(state: ChatState, code: string, question?: string): ChatState {
  if (!isAnswering(state)) return state;
  return replaceLast(state, (m) => ({ ...m, ended: true, error: code, retryOf: question }));
}

/**
 * Drops a failed answer and the question before it, so that "retry" can ask
 * the question again without showing it twice.
 */
export function dropFailed(state: ChatState, answerId: string): ChatState {
  const i = state.messages.findIndex((m) => m.id === answerId);
  if (i === -1 || !state.messages[i].error) return state;
  const start = i > 0 && state.messages[i - 1].role === 'user' ? i - 1 : i;
  return { ...state, messages: [...state.messages.slice(0, start), ...state.messages.slice(i + 1)] };
}

/** The last question the person asked, or null. */
export function lastQuestion(state: Pick<ChatState, 'messages'>): string | null {
  for (let i = state.messages.length - 1; i >= 0; i--) {
    if (state.messages[i].role === 'user') return state.messages[i].text;
  }
  return null;
}

/**
 * What survives a reload (SPEC.md section 4 and 9, "last 8"): the last
 * `count` messages and the first `count` suggestions. An answer still
 * streaming cannot resume in a new page, so it is kept as failed with the
 * code `interrupted` (the screen offers to ask again).
 */
export function persistedChat(state: ChatState, count = CHAT_PERSIST_COUNT): ChatState {
  const last = state.messages.slice(Math.max(0, state.messages.length - count));
  const question = lastQuestion(state);
  return {
    messages: last.map((m) => (m.ended ? m : { ...m, ended: true, error: 'interrupted', retryOf: question ?? undefined })),
    suggestions: state.suggestions.slice(0, count),
    chatId: state.chatId,
  };
}
