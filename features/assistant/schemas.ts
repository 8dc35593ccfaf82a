import { z } from 'zod';

/**
 * Shapes shared by the assistant's data files, services, API and screens
 * (SPEC.md sections 3 and 9).
 */

/** The language value sent onward (SPEC.md section 3). */
export const chatLanguageSchema = z.enum(['english', 'hindi', 'hinglish']);
export type ChatLanguage = z.infer<typeof chatLanguageSchema>;

/** UI locale (en, hi, he) to the assistant's language value. */
export const LANGUAGE_OF_LOCALE: Record<'en' | 'hi' | 'he', ChatLanguage> = { en: 'english', hi: 'hindi', he: 'hinglish' };

/** The nine question-bank categories, English keys (SPEC.md section 3 "Question bank entry"). */
export const CATEGORIES = [
  'Benefits', 'Buying Solar', 'Electric Connection', 'Solar Inverter', 'Solar Panel',
  'Subsidy', 'System Cost', 'System Size', 'Things to know',
] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

/** Calculators an answer can be computed by (features/assistant/lib/calculator.ts). */
export const calcSchema = z.enum(['system_size', 'subsidy', 'cost', 'payback']);

/**
 * One question-bank entry in one language, as kept in
 * features/assistant/data/bank/<language>/*.json. `id` is shared by the
 * english, hindi and hinglish versions of the same question.
 */
export const bankEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id must be kebab-case'),
  category: categorySchema,
  question: z.string().min(5).max(300),
  /** Other ways people ask it (not the eval set's wording). */
  alternates: z.array(z.string().min(3).max(300)).max(12).default([]),
  /** 2-5 plain sentences, numbers from docs/facts/solar-india.md. */
  answer: z.string().min(20).max(1200),
  /** Topic slugs of the starter library whose reels relate. */
  related_topics: z.array(z.enum(['subsidy-and-money', 'save-with-solar', 'how-rooftop-solar-works', 'getting-connected'])).min(1),
  /** Fact-sheet source numbers (1-48). */
  sources: z.array(z.number().int().min(1).max(48)).default([]),
  calc: calcSchema.optional(),
});
export type BankEntry = z.infer<typeof bankEntrySchema>;

/** A labelled evaluation question (features/assistant/data/eval/<language>.json): `expected` null = should not match. */
export const evalItemSchema = z.strictObject({ q: z.string().min(2), expected: z.string().nullable() });

/**
 * Suggested question (SPEC.md section 3): a long-form card, which may name
 * its category (English key).
 */
export const suggestedQuestionSchema = z.strictObject({
  icon: z.string().min(1).max(8),
  q: z.string().min(3).max(200),
  color: z.enum(['Green', 'Blue', 'Yellow', 'Orange']),
  category: categorySchema.optional(),
});
export type SuggestedQuestion = z.infer<typeof suggestedQuestionSchema>;

/**
 * A short-form suggested question (a chip): always names its category, the
 * same English key in every language, so the category picker lists it.
 */
export const shortSuggestedQuestionSchema = suggestedQuestionSchema.extend({ category: categorySchema });
export type ShortSuggestedQuestion = z.infer<typeof shortSuggestedQuestionSchema>;

/**
 * The fields of a related reel the chat shows. The reels feature's FeedItem
 * carries these and more; a feature never imports another, so server/
 * injects the lookup and the shape is accepted structurally.
 */
export interface RelatedReel {
  id: string;
  description: string;
  /** Small JPEG thumbnail (signed URL, may expire after hours). */
  pre_signed_url_thumbnail: string;
  topic_name?: string;
}

/**
 * The result of one chat message: the JSON answer of POST
 * /recommendation-service/api/v1/chat/ and the socket's "chat_end" event.
 * Declared once here for the server, the HTTP client and the socket client.
 */
export interface ChatResult {
  chat_id: string;
  /** Plain text, never HTML. */
  answer: string;
  /** False when the bank had no good match (the answer offers a callback). */
  matched: boolean;
  /** English category key of the matched entry, null without a match. */
  category: Category | null;
  /** 3 follow-up questions in the asker's language. */
  suggestions: string[];
  /** 1-3 ready reels on the answer's topic. */
  related: RelatedReel[];
  /** Titles of the fact-sheet sources the answer rests on. */
  sources: string[];
}

/** POST /recommendation-service/api/v1/chat/ body. */
export const chatRequestSchema = z.strictObject({
  message: z.string().trim().min(1, 'message must not be empty').max(500, 'message must be at most 500 characters')
     
    .refine((m) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(m), 'message must not contain control characters'),
  language: chatLanguageSchema,
  chat_id: z.uuid().optional(),
  /** Topic the chat was opened from (slug or id). */
  topic: z.string().max(100).optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** GET multilang-suggestions: the typed text, and how many hits (default 8). */
export const multilangSuggestionsQuerySchema = z.strictObject({
  query: z.string().trim().min(1, 'query must not be empty').max(200, 'query must be at most 200 characters'),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});
/** GET suggestions: the assistant's language value (SPEC.md section 3). */
export const suggestionsQuerySchema = z.strictObject({ language: chatLanguageSchema });

/** Life of an audio token, seconds: time to record (at most AUDIO_MAX_SECONDS) and send. */
export const AUDIO_TOKEN_TTL_S = 60;
/** Longest voice question, seconds (the recording stops itself there; the server refuses longer). */
export const AUDIO_MAX_SECONDS = 30;
/** Largest voice recording, bytes (1 MiB: 30 s of Opus is about 100 KB; 30 s of 16 kHz 16-bit WAV about 960 KB). */
export const AUDIO_MAX_BYTES = 1024 * 1024;
/** Recording types the upload takes (what MediaRecorder makes in Chrome, Firefox and Safari, and WAV). */
export const AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/wav'] as const;
export type AudioType = (typeof AUDIO_TYPES)[number];
/** Header that carries the audio token on the upload (kept out of URLs, so out of any log of them). */
export const AUDIO_TOKEN_HEADER = 'X-Audio-Token';

/** GET chat/audio_token answer: the token and the limits of the one upload it allows. */
export interface AudioTokenAnswer {
  token: string;
  /** Seconds the token stays valid (AUDIO_TOKEN_TTL_S). */
  expires_in_s: number;
  /** Longest recording, seconds. */
  max_seconds: number;
  /** Largest recording, bytes. */
  max_bytes: number;
  /** Accepted recording types. */
  types: readonly AudioType[];
}

/** POST chat/audio query: as the chat body's fields other than the message (the recording is the message). */
export const audioQuerySchema = z.strictObject({
  language: chatLanguageSchema,
  chat_id: z.uuid().optional(),
  topic: z.string().max(100).optional(),
});
export type AudioQuery = z.infer<typeof audioQuerySchema>;

/** POST chat/audio answer (JSON): the chat's answer to what was heard, and what was heard. */
export interface VoiceChatResult extends ChatResult {
  /** The words heard, as asked (at most 500 characters, as a typed question). */
  transcript: string;
  /** The language the recogniser heard, as it names it, or null. */
  transcript_language: string | null;
}
