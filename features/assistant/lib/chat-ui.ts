import type { Category, ChatLanguage } from '../schemas';

/**
 * Pure helpers of the chat screens: message limits, the speech-recognition
 * language, the callback hand-off link, the category picker and the
 * messages of an embedding page.
 */

/** Longest question, characters (message 1-500 chars). */
export const MAX_MESSAGE_CHARS = 500;

/** The question to send, trimmed; null when empty or longer than 500 characters. */
export function sendableMessage(text: string): string | null {
  const t = text.trim();
  return t.length >= 1 && t.length <= MAX_MESSAGE_CHARS ? t : null;
}

/**
 * BCP 47 tag for the browser's speech recognition: Hindi is heard as hi-IN
 * (Devanagari text); English and Hinglish as en-IN, which writes Latin
 * letters as Hinglish is written.
 */
export function speechLang(language: ChatLanguage): 'hi-IN' | 'en-IN' {
  return language === 'hindi' ? 'hi-IN' : 'en-IN';
}

/**
 * The callback form, filled with what the chat knows ("Call me" opens the
 * callback form filled in): /callback reads `name`, `phone`
 * and `context` (app/callback/page.tsx); the last question goes in
 * `context` (at most 500 characters, as a question is), name and phone
 * only when known.
 */
export function callbackHref(known: { note?: string | null; name?: string | null; phone?: string | null }): string {
  const q = new URLSearchParams();
  if (known.name) q.set('name', known.name);
  if (known.phone) q.set('phone', known.phone);
  if (known.note) q.set('context', known.note.slice(0, MAX_MESSAGE_CHARS));
  const qs = q.toString();
  return qs ? `/callback?${qs}` : '/callback';
}

/**
 * The short-form questions of one category for the picker. Items without a
 * category are never guessed into one: when none is tagged with `category`
 * the list is empty and the screen offers to ask about the category itself.
 */
export function questionsOfCategory<T extends { category?: Category }>(short: readonly T[], category: Category): T[] {
  return short.filter((s) => s.category === category);
}

/** A message from the page that embeds /chat/external (window.postMessage). */
export type ParentCommand = 'show_close_button' | 'hide_close_button';

/** Reads a postMessage payload from the embedding page; null for anything else. */
export function parentCommand(data: unknown): ParentCommand | null {
  if (!data || typeof data !== 'object') return null;
  const type = (data as { type?: unknown }).type;
  return type === 'show_close_button' || type === 'hide_close_button' ? type : null;
}

/** Tailwind classes of a suggested question's colour (SPEC.md section 3: Green, Blue, Yellow, Orange). */
export const CARD_COLORS: Record<'Green' | 'Blue' | 'Yellow' | 'Orange', string> = {
  Green: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-50',
  Blue: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-50',
  Yellow: 'border-yellow-300 bg-yellow-50 text-yellow-950 dark:border-yellow-800 dark:bg-yellow-950/50 dark:text-yellow-50',
  Orange: 'border-orange-300 bg-orange-50 text-orange-950 dark:border-orange-800 dark:bg-orange-950/50 dark:text-orange-50',
};
