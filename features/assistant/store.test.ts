import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

/** A Storage kept in memory: the unit project runs in Node, which has no localStorage. */
class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() { return this.data.size; }
  clear() { this.data.clear(); }
  getItem(k: string) { return this.data.get(k) ?? null; }
  key(i: number) { return [...this.data.keys()][i] ?? null; }
  removeItem(k: string) { this.data.delete(k); }
  setItem(k: string, v: string) { this.data.set(k, String(v)); }
}

const storage = new MemoryStorage();
let store: typeof import('./store');
let atLoad: { messages: { text: string }[]; suggestions: string[] };

beforeAll(async () => {
  (globalThis as unknown as { window: { localStorage: Storage } }).window = { localStorage: storage };
  // A page that already has a saved conversation (last visit).
  storage.setItem('sr_chat', JSON.stringify({
    version: 1,
    state: { messages: [{ id: 'm1', role: 'user', text: 'saved question', ended: true }], suggestions: ['saved next'], chatId: null, language: null },
  }));
  store = await import('./store');
  // What the screen does at mount, before reading the saved chat: a status change.
  store.useChatStore.getState().setStatus('connecting');
  await store.useChatStore.persist.rehydrate();
  atLoad = { ...store.useChatStore.getState() };
});

describe('useChatStore at page load', () => {
  it('restores the saved chat even when the state changed before it was read', () => {
    expect(atLoad.messages.map((m) => m.text)).toEqual(['saved question']);
    expect(atLoad.suggestions).toEqual(['saved next']);
  });
});

beforeEach(() => {
  storage.clear();
  store.useChatStore.setState(store.initialChatStoreState);
});

function saved(): { messages: { text: string }[]; suggestions: string[]; chatId: string | null; language: string | null } {
  const raw = storage.getItem(store.CHAT_STORAGE_KEY);
  if (!raw) throw new Error('nothing saved');
  return (JSON.parse(raw) as { state: ReturnType<typeof saved> }).state;
}

function talk(turns: number) {
  const s = store.useChatStore.getState();
  for (let i = 0; i < turns; i++) {
    expect(s.ask(`question ${i}`)).toBe(true);
    s.chunk(`ans`);
    s.end({ chat_id: 'c9', answer: `answer ${i}`, suggestions: [`next ${i}`] });
  }
}

describe('useChatStore persistence (SPEC.md section 4 "Chat")', () => {
  it('saves only the last 8 messages, the suggestions and the picked language', () => {
    store.useChatStore.getState().setLanguage('hindi');
    talk(5);
    const s = saved();
    expect(s.messages.map((m) => m.text)).toEqual([
      'question 1', 'answer 1', 'question 2', 'answer 2', 'question 3', 'answer 3', 'question 4', 'answer 4',
    ]);
    expect(s.suggestions).toEqual(['next 4']);
    expect(s.chatId).toBe('c9');
    expect(s.language).toBe('hindi');
    expect(store.useChatStore.getState().messages).toHaveLength(10);
  });

  it('a new page restores what was saved', async () => {
    talk(2);
    const raw = storage.getItem(store.CHAT_STORAGE_KEY)!;
    // A fresh page: the in-memory store starts empty (setState also saves, so put the saved text back).
    store.useChatStore.setState(store.initialChatStoreState);
    storage.setItem(store.CHAT_STORAGE_KEY, raw);
    expect(store.useChatStore.getState().messages).toHaveLength(0);
    await store.useChatStore.persist.rehydrate();
    const s = store.useChatStore.getState();
    expect(s.messages.map((m) => m.text)).toEqual(['question 0', 'answer 0', 'question 1', 'answer 1']);
    expect(s.suggestions).toEqual(['next 1']);
  });

  it('reset clears the saved chat too', () => {
    talk(2);
    store.useChatStore.getState().reset();
    expect(saved()).toMatchObject({ messages: [], suggestions: [], chatId: null });
  });

  it('does not take a second question while an answer streams', () => {
    const s = store.useChatStore.getState();
    expect(s.ask('first')).toBe(true);
    expect(s.ask('second')).toBe(false);
    expect(store.useChatStore.getState().messages).toHaveLength(2);
  });
});
