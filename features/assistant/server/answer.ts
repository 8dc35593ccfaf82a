import 'server-only';
import { logger } from '@/lib/logger';
import { messageText } from '@/lib/messages';
import type { BankEntry, Category, ChatLanguage, RelatedReel } from '../schemas';
import { computeIntent } from '../lib/answers/compute';
import { computeAnswer } from '../lib/answers/entry-calc';
import type { Computed } from '../lib/answers/writer';
import { carryConversation, carryToLaterParts, conversationAfter, MAX_PARTS, splitCompound, type QuestionPart } from '../lib/compound';
import { checkMatch, SURE } from '../lib/confidence';
import { asksTariff, asksYesNo, asserts, falseClaims, mentionsPhaseTwo, readInjection, withoutTag } from '../lib/guard';
import { contradictedFigure, contradictedNegation, contradictedRule, negates } from '../lib/asserted';
import { isCoreSolarToken, isDomainToken, isOtherDomainToken, normalizeText, tokenize } from '../lib/normalize';
import { extractQuantities } from '../lib/quantities';
import { understand, type Intent, type Understanding } from '../lib/understand';
import { bankVocabulary, moneyObjects, uncoveredSubject, withAddressNames, wordSet, type BankVocabulary } from '../lib/domain-edge';
import { serverRetriever, type Retriever, type RetrieveResult } from './retrieve';
import { listSuggestions, searchSuggestions } from './suggestions';
import { loadKnowledge } from './knowledge';
import { sourceCitation, sourceTitles } from './sources';
import { presentable } from '../lib/present';

/**
 * Composes the assistant's reply (composeAnswer): a guard for instructions
 * aimed at the assistant and false figures about the scheme, then each
 * question of a compound message answered by the calculators (with their
 * working and source) or the retrieved bank answer in the asker's language,
 * checked to answer the question asked; when nothing matches well, an "I
 * don't know that yet" reply with a callback offer, never the nearest
 * unrelated answer. Around it: 3 follow-up questions from the bank and 1-3
 * related ready reels. Answers are plain text; the UI renders them as text,
 * never HTML.
 */

export type { RelatedReel };

/** Content language of the reels for an asker's language (SPEC.md section 3: en, hi, he). */
export const CONTENT_LANG: Record<ChatLanguage, 'en' | 'hi' | 'he'> = { english: 'en', hindi: 'hi', hinglish: 'he' };

/** A message key of messages/*.json in each chat language (english -> en, hindi -> hi, hinglish -> he). */
export function messageInEachLanguage(key: string): Record<ChatLanguage, string> {
  return {
    english: messageText(key, CONTENT_LANG.english),
    hindi: messageText(key, CONTENT_LANG.hindi),
    hinglish: messageText(key, CONTENT_LANG.hinglish),
  };
}

/**
 * Ready reels of the given topic slugs in (preferably) `lang`, at most
 * `limit`; composed by server/ from the reels feature.
 */
export type FindReels = (topicSlugs: string[], lang: 'en' | 'hi' | 'he', limit: number) => Promise<RelatedReel[]>;

/** Follow-up questions offered with each answer (3). */
export const FOLLOW_UP_COUNT = 3;
/** Related reels shown with an answer, at most (1-3). */
export const RELATED_REELS_MAX = 3;

/**
 * The chat's "Call me" button label in each chat language (messages
 * "assistant.callMe", the key the button itself shows), so a reply that
 * names the button says the words the person sees on it.
 */
export const CALL_ME_LABEL = messageInEachLanguage('assistant.callMe');

/** `replies` with `{callMe}` filled by the button's label of the same language. */
function namingCallMe(replies: Record<ChatLanguage, string>): Record<ChatLanguage, string> {
  return {
    english: replies.english.replaceAll('{callMe}', CALL_ME_LABEL.english),
    hindi: replies.hindi.replaceAll('{callMe}', CALL_ME_LABEL.hindi),
    hinglish: replies.hinglish.replaceAll('{callMe}', CALL_ME_LABEL.hinglish),
  };
}

/**
 * The reply when nothing in the bank matches well: say so and offer a
 * callback, in the asker's language,
 * from messages/*.json "assistant.noMatchReply" (naming the "Call me"
 * button by its label, CALL_ME_LABEL).
 */
export const NO_MATCH_REPLY = namingCallMe(messageInEachLanguage('assistant.noMatchReply'));
/** The reply to a question of the grid's tariff (messages "assistant.tariffReply"): where the rate is shown, a callback, no figure. */
export const TARIFF_REPLY = namingCallMe(messageInEachLanguage('assistant.tariffReply'));
/**
 * The no-match reply that names the subject the assistant does not know
 * ("“water heater” is outside what I know..."), in the person's own words
 * (messages "assistant.outsideReply"; {subject}; the button named as CALL_ME_LABEL).
 */
export const OUTSIDE_REPLY = namingCallMe(messageInEachLanguage('assistant.outsideReply'));

/** What the bank and the calculator say to one message, before any model rephrasing. */
export interface Composition {
  /**
   * False when no part got a bank or computed answer and no false figure was
   * corrected (the reply is NO_MATCH_REPLY, the closest question, or the
   * decline line): such a reply is said as it is, never rephrased.
   */
  matched: boolean;
  entry: BankEntry | null;
  /** English category key of the first part's matched entry. */
  category: Category | null;
  /**
   * The reply, plain text: the decline line and corrections first, then each
   * part's answer (under a numbered restatement when there are several),
   * blocks separated by a blank line.
   */
  text: string;
  /** True when some part was computed from the message's numbers. */
  computed: boolean;
  /** Titles of the fact-sheet sources the answer rests on. */
  sources: string[];
}

/** Where composeAnswer finds the bank: the server's (database-synced) index by default. */
export interface ComposeOptions {
  /**
   * A retriever over an in-memory knowledge index (scripts/eval-assistant.ts
   * builds one from the data files); without it, `retrieve()` reads the
   * knowledge the server synced into the database.
   */
  retriever?: Retriever;
  /**
   * The chat's earlier user messages, oldest first (the stored ones): a
   * follow-up is answered for the chat's subject and figures
   * (lib/compound.ts conversationAfter, carryConversation). None: a new chat.
   */
  history?: readonly string[];
}

/** The one-line decline of an instruction aimed at the assistant (messages "assistant.declineInstruction"). */
export const DECLINE_REPLY = messageInEachLanguage('assistant.declineInstruction');
/** "The closest question I can answer is ..." with the callback offer (messages "assistant.closestReply"; {question}; the button named as CALL_ME_LABEL). */
export const CLOSEST_REPLY = namingCallMe(messageInEachLanguage('assistant.closestReply'));
const WORKING_LINE = messageInEachLanguage('assistant.computedWorking');
/** The "No" that leads the answer to a premise whose figure the answer contradicts (messages "assistant.premiseNo"). */
const PREMISE_NO = messageInEachLanguage('assistant.premiseNo');
/** "No." before the answer to a plain yes/no question that states a rule otherwise: nothing was claimed to be "not right". */
const ANSWER_NO = messageInEachLanguage('assistant.answerNo');
/** A question for an amount ("how much", "how many", "kitne", "कितने"; normalizeText spellings). */
const ASKS_AMOUNT = /\s(howmuch|howmany|kitna|kitni|kitne|kitnaa|kitnii|kitane|kitanaa|kitanii)\s/;
/** A quote or a bill named as such (any script): a sum the asker reports of their own. */
const OWN_SUM = /(quot\w*|vendor|dealer|installer|bill|कोटेशन|वेंडर|डीलर|बिल)/i;
/** A bank answer's own "No" at its start ("No: as of 2026, non-DCR panels get neither..."). */
const LEADING_NO = /^(?:no|nahi|nahin|नहीं|नही)\s*[.,:!।]/iu;
/** A bank answer's own leading "Yes" (its question asked whether), which a contradicted premise must not get. */
const LEADING_YES = /^(?:yes|haan|haa|ha|ji haan|हाँ|हां|जी हाँ|जी हां)\s*[.,:!।]\s*/iu;
const SOURCE_LINE = messageInEachLanguage('assistant.computedSource');
const UNKNOWN_PLACE = messageInEachLanguage('assistant.unknownPlace');

/** What one part of a message got. */
interface PartAnswer {
  /** 'entry': a bank answer; 'computed': worked out; 'closest': the entry answers another question; 'none': no match. */
  kind: 'entry' | 'computed' | 'closest' | 'none';
  text: string;
  /** The entry the part matched and answers with (for follow-ups and reels); null for 'closest' and 'none'. */
  entry: BankEntry | null;
  sourceIds: number[];
}

/** Intents each entry's wordings ask and the states its question names, read once per entry. */
interface EntryReading { intents: Set<string>; states: string[]; words: Set<string> }
const ENTRY_READING = new WeakMap<BankEntry, EntryReading>();
function entryReading(entry: BankEntry, language: ChatLanguage): EntryReading {
  let r = ENTRY_READING.get(entry);
  if (!r) {
    const intents = new Set<string>();
    for (const w of [entry.question, ...entry.alternates]) for (const i of understand(w, language).intents) intents.add(i);
    // A web address counts by its name too: "jansamarth.in" names JanSamarth.
    const text = [entry.question, ...entry.alternates, entry.answer].join(' . ');
    const words = new Set(tokenize(withAddressNames(text)));
    r = { intents, states: understand(entry.question, language).states.map((s) => s.key), words };
    ENTRY_READING.set(entry, r);
  }
  return r;
}

/** What the domain-edge check (lib/domain-edge.ts) reads of one knowledge snapshot. */
interface Edge {
  vocab: BankVocabulary;
  /** Entry id -> the tokens of all its languages' question, alternates and answer. */
  wordsById: Map<string, Set<string>>;
  /** Intent -> the tokens of the entries whose wordings ask it (what a worked-out figure for it covers). */
  wordsByIntent: Map<string, Set<string>>;
  /** The words an answer covers, by what it rests on (see coveredWords), kept so their spelling forms are read once. */
  covered: Map<string, Set<string>>;
}
const EDGES = new WeakMap<object, Edge>();
function edgeOf(knowledge: Retriever['knowledge']): Edge {
  let edge = EDGES.get(knowledge);
  if (edge) return edge;
  const wordsById = new Map<string, Set<string>>();
  const wordsByIntent = new Map<string, Set<string>>();
  const texts: string[][] = [];
  for (const [id, slot] of knowledge.byId) {
    const list = Object.values(slot).flatMap((e) => (e ? [e.question, ...e.alternates, e.answer] : []));
    texts.push(list);
    const words = wordSet(list);
    wordsById.set(id, words);
    for (const e of Object.values(slot)) {
      if (!e) continue;
      for (const intent of entryReading(e, e.language).intents) {
        const set = wordsByIntent.get(intent) ?? new Set<string>();
        for (const w of words) set.add(w);
        wordsByIntent.set(intent, set);
      }
    }
  }
  edge = { vocab: bankVocabulary(texts), wordsById, wordsByIntent, covered: new Map() };
  EDGES.set(knowledge, edge);
  return edge;
}

/**
 * Share of a question's subject weight an answer may leave uncovered
 * (lib/domain-edge.ts uncoveredSubject) before the question counts as being
 * about something else. Calibrated on the tuning sets (npm run eval:assistant).
 */
export const UNCOVERED_SUBJECT_MAX = 0.6;
/** Retrieval confidence (0-1) at and above which a question's bank match stands, whatever it leaves uncovered. */
export const EDGE_CONFIDENCE = 0.55;

/** Share of the subject weight left uncovered at and above which a word one other entry alone uses marks the question as outside. */
export const MOSTLY_UNCOVERED = 0.8;

/** Uncovered share above which a word no entry uses, qualifying a solar word the answer covers, makes another kind of it. */
export const OTHER_KIND_SUBJECT_MIN = 0.4;
/** Retrieval confidence at and above which such a question's match stands. */
export const OTHER_KIND_CONFIDENCE = 0.8;

/** Words that name rooftop solar itself, in the three languages. */
let solarTokens: Set<string> | undefined;
const SOLAR_TOKENS = () => (solarTokens ??= new Set(tokenize('solar rooftop panel panels सोलर रूफटॉप पैनल')));

/** Retrieval confidence at which two solar words after an instruction to the assistant make a solar question (tuned on the tuning sets). */
const FAIRLY_SURE = 0.5;

/** A question of at most this many words (tokens) says little beyond its subject words. */
const SHORT_QUESTION_TOKENS = 5;

/** "solar" and "system" name every entry's subject, and the scheme is the government's in all of them: no key entity. */
const GENERIC_TOPICS = new Set(tokenize('solar system government'));
/** The question's subject words: domain or other-field words (lib/normalize.ts), not the generic ones. */
function topicsOf(text: string): string[] {
  return [...new Set(tokenize(text))].filter((t) => (isDomainToken(t) || isOtherDomainToken(t)) && !GENERIC_TOPICS.has(t));
}

/** Intents whose answer depends on the state (the central rate of special-category states, state top-ups). */
const STATE_BOUND_INTENTS: ReadonlySet<Intent> = new Set<Intent>(['subsidy', 'state_subsidy', 'net_cost']);

/**
 * "Source: NDTV Profit, 29 Feb 2024; SolarQuarter, 8 Jul 2025": the
 * publishers and dates of the fact sheet's sources `ids` in the asker's
 * language (server/sources.ts sourceCitation); the fact-sheet sections
 * `sections` ("Subsidy [1][5][30]") where no numbered source is known.
 */
function citation(ids: readonly number[], sections: readonly string[], language: ChatLanguage): string {
  return sourceCitation(ids, language) || sections.join(', ');
}

/** A bank category's name in the asker's language (messages "assistant.categories": "Buying Solar" -> buyingSolar). */
function categoryName(category: Category, language: ChatLanguage): string {
  const key = category.replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toLowerCase());
  const path = `assistant.categories.${key}`;
  const name = messageInEachLanguage(path)[language];
  // messageText answers a missing key with the key itself.
  return name && name !== path ? name : category;
}

/** A computed answer with its working and the rule's source, in the asker's language. */
function computedText(c: Computed, language: ChatLanguage): string {
  // A working without a number ("Punjab: no state figure") is no working: the source alone is said.
  const template = /\d/.test(c.working) ? WORKING_LINE[language] : SOURCE_LINE[language];
  return `${c.text} ${template.replace('{working}', c.working).replace('{sources}', citation(c.sourceIds, c.sources, language))}`;
}

/**
 * Answers one question (one part of a message: `text` as written, `ask`
 * with the size and state carried from the other parts), in this order:
 * 1. the retrieved entry's own calculator (lib/answers/entry-calc.ts), when the entry
 *    answers this question (lib/confidence.ts) and names one, and the
 *    question carries what it needs;
 * 2. the query reader's computed answers (lib/answers/compute.ts computeIntent), when
 *    the question carries a quantity or a state the rule needs, or nothing
 *    in the bank answers it: each with its one-line working and the rule's
 *    source;
 * 3. the entry's vetted answer;
 * 4. when the best entry answers a different question, the closest question
 *    it can answer and the callback offer (the no-match reply when it shares
 *    no subject with the question); with no entry, the no-match reply;
 * and then the domain's edge (lib/domain-edge.ts): an answer that leaves the
 * question's own subject uncovered gives way to the no-match reply naming it.
 */
async function answerPart(
  part: QuestionPart, language: ChatLanguage, find: (m: string) => Promise<RetrieveResult> | RetrieveResult, edge: Edge | null,
  earlierSubject: string[] = [],
): Promise<PartAnswer & { unknownPlace?: string; outside?: string[] }> {
  // The grid's price of a unit is set per state and the sheet holds none: said so, with where to find it.
  if (asksTariff(part.text)) return { kind: 'none', text: TARIFF_REPLY[language], entry: null, sourceIds: [] };
  const u = understand(part.ask, language);
  const found = await answerFound(part, language, find, u);
  if (!edge) return found;
  const unknownPlace = (part.text === part.ask ? u : understand(part.text, language)).unknownStateText;
  if (found.kind !== 'entry' && found.kind !== 'computed') {
    // Nothing answers it: what it named that no entry knows is the subject a later part may ask more of.
    const unknown = uncoveredSubject(part.text, NO_WORDS, edge.vocab, { unknownPlace });
    return unknown.unknown.length > 0 ? { ...found, outside: unknown.subject } : found;
  }
  const words = coveredWords(edge, found, found.kind === 'computed' ? u.intents : []);
  // A part that names no subject of its own ("...and the subsidy?") asks about the one an earlier part named.
  // A follow-up reads with the subject it was given ("agar naye wing ke 30 ghar bhi jud jaye to? ... society subsidy").
  const text = [...earlierSubject, part.lookup].join(' ');
  const reading = uncoveredSubject(text, words, edge.vocab, { unknownPlace });
  // Outside the domain: a word no entry uses weighs most of the question's subject, and retrieval met the rest only
  // weakly (a well-met question with one odd word, "how to find a trustworthy installer", is answered).
  // Or nearly all of it is left uncovered and some of that is a word one other entry alone mentions ("5 star AC",
  // "kisan credit card").
  // A follow-up that took the chat's subject and gives a new figure of its own ("agar naye wing ke 30 ghar bhi jud
  // jaye to?") may say one word the bank lacks.
  const continuesChat = part.lookup !== part.text && /\d/.test(part.text);
  const outsideWord = reading.unknown.length > (continuesChat ? 1 : 0)
    || (reading.rare.length > 0 && reading.uncovered.length > 1 && reading.score >= MOSTLY_UNCOVERED);
  // Or it asks about another kind of the answer's subject ("personal loan", "bike loan"), however well retrieval met
  // the shared word.
  // A question that names rooftop solar itself ("HDFC loan for rooftop solar") asks about solar's kind.
  // Or its subsidy or loan is for another thing ("subsidy on buying an electric scooter", "कार का लोन", "home loan") that
  // no entry about a subsidy's or loan's money names ("plan solar for a future electric scooter" sizes a system, it is
  // no subsidy): named outright, it is declined however surely retrieval met the money word.
  const objects = moneyObjects(part.text, coveredWords(edge, NO_ANSWER, [...MONEY_INTENTS]));
  const objectKind = objects.length > 0;
  const otherKind = objectKind
    || (reading.kinds.length > 0 && reading.score > OTHER_KIND_SUBJECT_MIN && !tokenize(text).some((t) => SOLAR_TOKENS().has(t)));
  if (!otherKind && (!outsideWord || reading.score <= UNCOVERED_SUBJECT_MAX)) return found;
  // A short part with no quantity and nothing of its own the answer lacks ("सब्सिडी बताओ" after "wind turbine ka
  // rate?") asks about the earlier part's subject, however well the bank meets its few words.
  const own = earlierSubject.length > 0 ? uncoveredSubject(part.text, words, edge.vocab) : null;
  const asksEarlier = own !== null && own.uncovered.length === 0 && !/\d/.test(part.text)
    && tokenize(part.text).length <= SHORT_QUESTION_TOKENS;
  const { match } = asksEarlier ? { match: null } : await find(withoutTag(part.lookup));
  if (!objectKind && (match?.confidence ?? 0) >= (otherKind ? OTHER_KIND_CONFIDENCE : EDGE_CONFIDENCE)) return found;
  // The reply names what was asked about: the words no entry uses, or else the thing a subsidy or loan was for.
  const subject = (reading.phrases.length > 0 ? reading.phrases : objects).slice(0, 2).join(', ');
  const reply = subject ? OUTSIDE_REPLY[language].replace('{subject}', subject) : NO_MATCH_REPLY[language];
  return { kind: 'none', text: reply, entry: null, sourceIds: [], outside: reading.subject };
}

const NO_WORDS: ReadonlySet<string> = new Set();

/** Intents that ask about a subsidy's or a loan's money. */
const MONEY_INTENTS: ReadonlySet<string> = new Set(['subsidy', 'state_subsidy', 'society_subsidy', 'net_cost', 'cost', 'loan_terms', 'loan_split']);
/** No answer: what coveredWords reads for the words of intents alone. */
const NO_ANSWER: PartAnswer = { kind: 'none', text: '', entry: null, sourceIds: [] };

/**
 * The words an answer covers: its entry's, and for a worked-out figure those of every entry that asks for its
 * intents (a figure worked out for the question's intent rests on those, not on the entry retrieval found, unless it
 * came from that entry's own calculator). One set per combination, kept on the edge.
 */
function coveredWords(edge: Edge, found: PartAnswer, intents: readonly string[]): ReadonlySet<string> {
  const entryId = found.entry && (found.kind === 'entry' || found.entry.calc) ? found.entry.id : '';
  const key = `${entryId}|${[...intents].sort().join(',')}`;
  let words = edge.covered.get(key);
  if (!words) {
    words = new Set(entryId ? edge.wordsById.get(entryId) : []);
    for (const intent of intents) for (const w of edge.wordsByIntent.get(intent) ?? []) words.add(w);
    edge.covered.set(key, words);
  }
  return words;
}

/** answerPart before the domain-edge check: the answer the bank and the calculators find. */
async function answerFound(
  part: QuestionPart, language: ChatLanguage, find: (m: string) => Promise<RetrieveResult> | RetrieveResult, u: Understanding,
): Promise<PartAnswer & { unknownPlace?: string }> {
  const { ask } = part;
  // A place the state reader does not know is said only where the answer depends on the state.
  const stateBound = u.intents.some((i) => STATE_BOUND_INTENTS.has(i));
  const place = u.unknownStateText && u.states.length === 0 && stateBound ? { unknownPlace: u.unknownStateText } : {};
  // Retrieval reads the part as written; the carried size and state serve the calculators below.
  // A question tag ("..., right?", "... है ना?") names no subject: retrieval reads the question without it.
  const { match, runnersUp } = await find(withoutTag(part.lookup));
  let entry = match?.entry ?? null;
  let closest: BankEntry | null = null;
  if (match && entry) {
    const questionStates = u.states.map((s) => s.key);
    const topics = topicsOf(part.text);
    const judge = (e: BankEntry, confidence: number, margin: number) => {
      const own = entryReading(e, language);
      // A place the reader does not know is no state of the entry's either ("the UK" is not Ladakh).
      const asked = u.unknownStateText && questionStates.length === 0 ? ['(unknown place)'] : questionStates;
      return checkMatch({
        questionIntents: u.intents, entryIntents: own.intents, questionStates: asked, entryStates: own.states, confidence, margin,
        questionTopics: topics, entryWords: own.words,
      });
    };
    const verdict = judge(entry, match.confidence, match.margin);
    if (!verdict.ok) {
      // An entry that shares no subject with the question is not "close": the honest no-match line says so.
      closest = verdict.reason === 'topic' ? null : entry;
      // A runner-up that asks what the question asks (a shared intent, no other state) answers it instead; for a
      // short question with no intent the reader knows ("Is a battery required?"), the next entry when it has the
      // subject word the best one lacked. A longer question says more than its subject word ("...if I sell the
      // house?"), which the next entry need not answer.
      const short = tokenize(part.text).length <= SHORT_QUESTION_TOKENS;
      entry = (runnersUp ?? []).find((e, rank) => {
        const own = entryReading(e, language);
        const asks = u.intents.length > 0 ? u.intents.some((i) => own.intents.has(i)) : verdict.reason === 'topic' && short && rank === 0;
        return asks && judge(e, 0, 0).ok;
      }) ?? null;
      if (entry) closest = null;
    }
  }
  // Two or three states compared ("3 kW in Himachal and Delhi"): the state-bound figures worked out for each.
  if (u.states.length > 1 && stateBound) {
    const lines: string[] = [];
    const ids: number[] = [];
    for (const st of u.states.slice(0, MAX_PARTS)) {
      const one = { ...u, state: st, states: [st] };
      const cs: Computed[] = [];
      for (const intent of u.intents) {
        if (!STATE_BOUND_INTENTS.has(intent)) continue;
        const c = computeIntent(one, intent, language);
        if (c && !cs.some((x) => x.text === c.text)) cs.push(c);
      }
      if (cs.length === 0) continue;
      lines.push(`${language === 'hindi' ? st.hindi : st.english}: ${cs.map((c) => computedText(c, language)).join(' ')}`);
      ids.push(...cs.flatMap((c) => c.sourceIds));
    }
    if (lines.length > 1) return { kind: 'computed', text: lines.join('\n'), entry, sourceIds: [...new Set(ids)], ...place };
  }
  // The entry's own calculator answers one thing; a question that asks several the query reader can work out goes there.
  // (Its calculator knows sizes, not the special-category states as a group: those go to the query reader's rules.)
  if (entry?.calc && u.intents.length <= 1 && !u.specialGroup) {
    const calculated = computeAnswer(entry.calc, extractQuantities(ask), language);
    if (calculated) {
      // Its rule is the entry's own, from the entry's fact-sheet section and sources.
      const text = `${calculated} ${SOURCE_LINE[language].replace('{sources}', citation(entry.sources ?? [], [categoryName(entry.category, language)], language))}`;
      return { kind: 'computed', text, entry, sourceIds: entry.sources ?? [], ...place };
    }
  }
  const carries = u.kw !== undefined || u.kwRange !== undefined || u.units !== undefined || u.area !== undefined || u.amounts.length > 0
    || u.households !== undefined || u.state !== null;
  // A home subsidised under Phase II asks about that rule (only added capacity counts), not the figure for its size.
  const phaseTwoRule = entry !== null && mentionsPhaseTwo(part.text);
  if ((carries || !entry) && !phaseTwoRule) {
    const computed: Computed[] = [];
    for (const intent of u.intents) {
      const c = computeIntent(u, intent, language);
      if (c && !computed.some((x) => x.text === c.text)) computed.push(c);
    }
    if (computed.length > 0) {
      return {
        kind: 'computed',
        text: computed.map((c) => computedText(c, language)).join(' '),
        entry,
        sourceIds: [...new Set(computed.flatMap((c) => c.sourceIds))],
        ...place,
      };
    }
  }
  if (entry) return { kind: 'entry', text: entry.answer, entry, sourceIds: entry.sources ?? [], ...place };
  if (closest) return { kind: 'closest', text: CLOSEST_REPLY[language].replace('{question}', closest.question), entry: null, sourceIds: [], ...place };
  return { kind: 'none', text: NO_MATCH_REPLY[language], entry: null, sourceIds: [], ...place };
}

/**
 * Joins a part to the one before it when it only continues it: when the
 * earlier part's entry is among this part's own top-3 candidates ("DCR
 * panels kya hote hain? Kya subsidy ke liye zaroori hain?" asks one thing
 * about one subject, though the second sentence names no subject).
 */
async function continuations(
  parts: QuestionPart[], find: (m: string) => Promise<RetrieveResult> | RetrieveResult,
): Promise<QuestionPart[]> {
  if (parts.length < 2) return parts;
  // Each part as written: the entities carried in would make the parts look alike.
  const looks = await Promise.all(parts.map((p) => find(p.text)));
  const topics = parts.map((p) => new Set(topicsOf(p.text)));
  const out: QuestionPart[] = [parts[0]!];
  let prev = looks[0]!;
  for (let i = 1; i < parts.length; i++) {
    const look = looks[i]!;
    const p = parts[i]!;
    // A part that names the earlier subject itself, or names none (it was given the earlier one), asks its own question.
    const own = topics[i]!;
    const continues = p.lookup === p.text && ![...own].some((t) => topics[i - 1]!.has(t));
    if (prev.match && continues && look.candidates.includes(prev.match.entry.id)) {
      const last = out[out.length - 1]!;
      const text = `${last.text} ${p.text}`;
      out[out.length - 1] = { text, ask: `${last.ask} ${p.ask}`, carried: [last.carried, p.carried].filter(Boolean).join(', '), lookup: text };
      continue;
    }
    out.push(p);
    prev = look;
  }
  return out;
}

/** The sentences of a reply: a sentence ends at . ! ? or । followed by a space ("2.5 kW" and "gov.in" do not end one). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?।])\s+/u).map((x) => x.trim()).filter(Boolean);
}

/**
 * A part's question restated as its heading: as asked, with the size carried in ("How much subsidy (2.5 kW)?"),
 * ending in "?". Nothing else that was carried is shown: it is written for the reader of the question (English
 * state names, the chat's earlier question), not in the asker's words or script.
 */
function heading(part: QuestionPart, n: number): string {
  const size = /\b\d+(?:\.\d+)? kW\b/.exec(part.carried)?.[0];
  const t = part.text.replace(/[\s?？.।]+$/u, '');
  const withSize = size && !/\d/.test(t) ? `${t} (${size})` : t;
  return `${n}. ${withSize.charAt(0).toUpperCase()}${withSize.slice(1)}?`;
}

/**
 * The reply to one message, before any model rephrasing:
 * 1. the guard (lib/guard.ts) takes out instructions aimed at the assistant
 *    (declined in one line) and reads false figures about the scheme (each
 *    corrected with the true figure);
 * 2. what remains is split into at most three questions (lib/compound.ts),
 *    the shared size and state carried to the parts that lack them, and,
 *    in a chat, the chat's subject and figures to a follow-up
 *    (`opts.history`);
 * 3. each part is answered (answerPart) and the parts are joined in one
 *    reply in the asker's language, each under a short restatement.
 * An off-topic part gets the no-match line with the callback offer.
 * Fast and database-free once the bank index is in memory, so the first
 * chunk can go out at once.
 */
export async function composeAnswer(message: string, language: ChatLanguage, opts: ComposeOptions = {}): Promise<Composition> {
  const retriever = opts.retriever ?? (await serverRetriever());
  // One retrieval per text in a composition: the edge check and the continuation test read the same parts again.
  const found = new Map<string, RetrieveResult>();
  const find = (m: string) => {
    let r = found.get(m);
    if (!r) found.set(m, (r = retriever.retrieve(m, language)));
    return r;
  };
  const edge = edgeOf(retriever.knowledge);
  const { injection, offTopic, rest } = readInjection(message);
  const blocks: string[] = [];
  const sourceIds: number[] = [];
  if (injection) blocks.push(DECLINE_REPLY[language]);
  const restReading = rest ? understand(rest, language) : null;
  const claims = rest && restReading ? falseClaims(rest, restReading, language) : [];
  for (const c of claims) {
    blocks.push(c.text);
    sourceIds.push(...c.sources);
  }
  // After an instruction to the assistant, only a plainly solar question is answered ("You are now a stock advisor.
  // Which share should I buy?" gets the no-match line, not the nearest entry about buying).
  const plainlySolar = (text: string) => {
    const toks = tokenize(text);
    if (toks.some(isCoreSolarToken)) return true;
    // Solar words without an unmistakable one ("zero bill har ghar ko guaranteed hai"): solar when the bank answers them
    // surely, or fairly surely for two solar words ("guarantee ... bill zero"; not "my electricity bill dispute in court").
    const solarWords = new Set(toks.filter(isDomainToken)).size;
    if (solarWords === 0 || toks.some(isOtherDomainToken)) return false;
    const needed = solarWords >= 2 ? FAIRLY_SURE : SURE.confidence;
    return Promise.resolve(find(text)).then((r) => (r.match?.confidence ?? 0) >= needed);
  };
  const offTopicAfterInjection = injection && rest !== '' && !(await plainlySolar(rest));
  if (offTopicAfterInjection || (offTopic && rest === '')) blocks.push(NO_MATCH_REPLY[language]);
  const split = rest !== '' && !offTopicAfterInjection ? await continuations(splitCompound(rest, language), find) : [];
  // A follow-up in a chat: its first question gets the chat's subject and figures it lacks, the later ones its size and place.
  const conv = opts.history && opts.history.length > 0 ? conversationAfter(opts.history, language) : null;
  if (conv && split.length > 0) split[0] = carryConversation(split[0]!, conv, language).part;
  const parts = carryToLaterParts(split, conv, language);
  // In order: a part outside the domain passes its subject on ("wind turbine ka rate? aur subsidy?").
  const answers: Array<Awaited<ReturnType<typeof answerPart>>> = [];
  let outside: string[] = [];
  for (const p of parts) {
    const a = await answerPart(p, language, find, injection ? null : edge, outside);
    if (a.outside) outside = a.outside;
    answers.push(a);
  }
  const place = answers.find((a) => a.unknownPlace)?.unknownPlace;
  if (place) blocks.push(UNKNOWN_PLACE[language].replace('{place}', place));
  const seen = new Set<string>();
  const said = new Set(blocks.flatMap(sentences));
  const shown: Array<{ i: number; text: string }> = [];
  answers.forEach((a, i) => {
    // After a correction, a part that found nothing adds nothing, and in a one-part message neither does the
    // bank's general answer (the correction gave the true figure; "Yes: banks give loans..." would blur it).
    if (claims.length > 0 && (a.kind === 'none' || a.kind === 'closest' || (a.kind === 'entry' && parts.length === 1))) return;
    if (seen.has(a.text)) return;
    seen.add(a.text);
    // Sentences a correction or an earlier part already said are not said again.
    const text = sentences(a.text).filter((x) => !said.has(x)).join(' ');
    for (const x of sentences(a.text)) said.add(x);
    if (!text) return;
    // "How many kW?" is no yes/no question: a bank answer's own leading "Yes" does not answer it.
    shown.push({ i, text: a.kind === 'entry' && ASKS_AMOUNT.test(` ${normalizeText(parts[i]?.text ?? '')} `) ? text.replace(LEADING_YES, '') : text });
    sourceIds.push(...a.sourceIds);
  });
  // A yes/no question whose premise states a figure the one answer contradicts ("2 kW pe 78 hazar milega na?"
  // answered ₹60,000) is answered "No" first, and the answer's own "Yes" goes; a plain yes/no question ("... full
  // rate pe milta hai?") is, where it states a rule of the sheet otherwise.
  const claimsPremise = asserts(rest);
  if (claims.length === 0 && !injection && shown.length === 1 && (claimsPremise || asksYesNo(rest))) {
    const only = shown[0]!;
    const kind = answers[only.i]!.kind;
    // A worked-out answer states its result first and the rule's figures in brackets ("₹60,000 (... at most
    // ₹78,000)"): the premise is about the result.
    const stated = kind === 'computed' ? only.text.replace(/\([^()]*\)/g, ' ') : only.text;
    // The asker's own quote or bill is a fact of theirs, not a premise ("the other vendor said 1.75 lakh").
    const own = OWN_SUM.test(rest) && restReading ? restReading.amounts.filter((a) => a.role === 'quote' || a.role === 'bill').map((a) => a.value) : [];
    // A premise said in the negative ("EV charging pe subsidy nahi milti, hai na?") is denied by a bank answer that
    // begins "Yes": the entry answers the question put the positive way.
    const deniedByYes = kind === 'entry' && LEADING_YES.test(only.text) && negates(rest);
    if ((kind === 'entry' || kind === 'computed') && ((claimsPremise && (deniedByYes || contradictedFigure(rest, stated, own)))
      || contradictedRule(rest, only.text) || (kind === 'entry' && contradictedNegation(rest, only.text)))) {
      // An answer that already begins with its own "No" says it once.
      const no = claimsPremise ? PREMISE_NO : ANSWER_NO;
      if (!LEADING_NO.test(only.text)) only.text = `${no[language]} ${only.text.replace(LEADING_YES, '')}`;
    }
  }
  // Parts are numbered only when more than one says something.
  shown.forEach(({ i, text }, n) => blocks.push(shown.length > 1 ? `${heading(parts[i]!, n + 1)}\n${text}` : text));
  const first = answers.find((a) => a.entry)?.entry ?? null;
  const matched = claims.length > 0 || answers.some((a) => a.kind === 'entry' || a.kind === 'computed');
  if (blocks.length === 0) return { matched: false, entry: null, category: null, text: NO_MATCH_REPLY[language], computed: false, sources: [] };
  return {
    matched,
    entry: first,
    category: first?.category ?? null,
    text: presentable(blocks.join('\n\n')),
    computed: answers.some((a) => a.kind === 'computed'),
    sources: sourceTitles([...new Set(sourceIds)]),
  };
}

/**
 * Three follow-up questions in the asker's language: for a matched entry,
 * the bank questions of the same category that come after it in the bank
 * (wrapping round, so each answer offers different ones); without a match, the first
 * long-form suggested questions.
 */
export async function followUpQuestions(entry: BankEntry | null, language: ChatLanguage): Promise<string[]> {
  if (!entry) {
    const long = await listSuggestions(language, 'long');
    return long.slice(0, FOLLOW_UP_COUNT).map((s) => s.q);
  }
  const { entries } = await loadKnowledge();
  const rows = entries.filter((e) => e.language === language && e.category === entry.category);
  const at = rows.findIndex((r) => r.id === entry.id);
  const out: string[] = [];
  for (let i = 1; i <= rows.length && out.length < FOLLOW_UP_COUNT; i++) {
    const r = rows[(Math.max(at, 0) + i) % rows.length];
    if (r.id !== entry.id && !out.includes(r.question)) out.push(r.question);
  }
  return out;
}

/**
 * 1-3 ready reels on the matched entry's related topics, in the asker's
 * language first; [] without a match or a lookup. A failing lookup is not
 * the asker's problem: it gives [].
 */
export async function relatedReels(entry: BankEntry | null, language: ChatLanguage, findReels?: FindReels): Promise<RelatedReel[]> {
  if (!entry || !findReels || entry.related_topics.length === 0) return [];
  try {
    return (await findReels([...entry.related_topics], CONTENT_LANG[language], RELATED_REELS_MAX)).slice(0, RELATED_REELS_MAX);
  } catch (err) {
    logger().warn({ err, topics: entry.related_topics }, 'related reels lookup failed');
    return [];
  }
}

/**
 * Builds the retrieval and typeahead indexes and reads every entry's
 * intents now (about 2 s for the whole bank on a busy machine) instead of
 * on the first question, so the first
 * asker gets the first chunk as fast as the rest. Call after syncKnowledge().
 */
export async function warmAnswers(): Promise<void> {
  await Promise.all([serverRetriever(), searchSuggestions('solar', 1)]);
  // The intents and states of every entry's wordings, for the confidence check.
  const { entries } = await loadKnowledge();
  for (const e of entries) entryReading(e, e.language);
  edgeOf((await serverRetriever()).knowledge);
}
