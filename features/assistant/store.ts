import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { ChatLanguage } from './schemas';
import {
  appendChunk, askByVoice, askQuestion, dropFailed, emptyChat, endAnswer, failAnswer, persistedChat, resetChat, voiceHeard,
  type ChatEnd, type ChatState,
} from './lib/chat-state';

/** Connection state of the chat socket shown in the UI (SPEC.md section 2 "socket connecting or connected"). */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

export interface ChatStoreState extends ChatState {
  /** The language picked in the chat; null follows the interface language. */
  language: ChatLanguage | null;
  status: SocketStatus;
}

export interface ChatStoreActions {
  /** Adds a question and an empty answer to stream into; false when an answer is still streaming. */
  ask: (text: string) => boolean;
  /** Adds a voice question (words not known yet) and an empty answer; false when an answer is still streaming. */
  askVoice: () => boolean;
  /** The words the server heard in the pending voice question. */
  heard: (text: string) => void;
  chunk: (text: string) => void;
  end: (end: ChatEnd) => void;
  fail: (code: string, question?: string) => void;
  /** Removes a failed answer and its question (before asking it again). */
  dropFailed: (answerId: string) => void;
  /** Clears messages, suggestions and the conversation id (SPEC.md section 4). */
  reset: () => void;
  setLanguage: (language: ChatLanguage) => void;
  setStatus: (status: SocketStatus) => void;
}

/** localStorage key of the persisted chat. */
export const CHAT_STORAGE_KEY = 'sr_chat';

let seq = 0;
/** A message id unique in this page (time + counter: two questions in the same ms stay distinct). */
function messageId(): string {
  seq += 1;
  return `${Date.now().toString(36)}-${seq}`;
}

/**
 * Runs `run` on localStorage, or returns `otherwise` where the browser
 * refuses storage (a page framed by another site with third-party storage
 * blocked, private modes, a full quota): the chat then works, unsaved.
 */
function withStorage<T>(run: (st: Storage) => T, otherwise: T): T {
  try {
    return run(window.localStorage);
  } catch {
    return otherwise;
  }
}

/** The saved chat has been read into this page's store (writes wait until then). */
let restored = false;

/**
 * localStorage, except that nothing is written before the saved chat has
 * been read: a status change at mount (before the manual rehydrate) would
 * otherwise save the empty state over the conversation.
 */
const guardedStorage: StateStorage = {
  getItem: (name) => withStorage((st) => st.getItem(name), null),
  setItem: (name, value) => {
    if (restored) withStorage((st) => st.setItem(name, value), undefined);
  },
  removeItem: (name) => withStorage((st) => st.removeItem(name), undefined),
};

export const initialChatStoreState: ChatStoreState = { ...emptyChat(), language: null, status: 'idle' };

/**
 * The assistant's UI state (SPEC.md section 4 "Chat"). The last 8 messages,
 * the suggestions, the conversation id and the picked language are kept in
 * localStorage; hydration is manual (`useChatStore.persist.rehydrate()` after
 * mount) so the server-rendered HTML and the first client render agree.
 */
export const useChatStore = create<ChatStoreState & ChatStoreActions>()(
  persist(
    (set, get) => ({
      ...initialChatStoreState,
      ask: (text) => {
        const before = get();
        const next = askQuestion(before, text, { user: messageId(), answer: messageId() });
        if (next === before) return false;
        set({ messages: next.messages, suggestions: next.suggestions });
        return true;
      },
      askVoice: () => {
        const before = get();
        const next = askByVoice(before, { user: messageId(), answer: messageId() });
        if (next === before) return false;
        set({ messages: next.messages, suggestions: next.suggestions });
        return true;
      },
      heard: (text) => set((s) => voiceHeard(s, text)),
      chunk: (text) => set((s) => appendChunk(s, text)),
      end: (e) => set((s) => endAnswer(s, e)),
      fail: (code, question) => set((s) => failAnswer(s, code, question)),
      dropFailed: (answerId) => set((s) => dropFailed(s, answerId)),
      reset: () => set(resetChat()),
      setLanguage: (language) => set({ language }),
      setStatus: (status) => set({ status }),
    }),
    {
      name: CHAT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => guardedStorage),
      partialize: (s) => ({ ...persistedChat(s), language: s.language }),
      skipHydration: true,
      onRehydrateStorage: () => () => {
        restored = true;
      },
    },
  ),
);
