import 'server-only';
import MiniSearch from 'minisearch';
import type { ChatLanguage } from '../schemas';
import { consonantKey, isCoreSolarToken, isDomainToken, isOtherDomainToken, tokenize } from '../lib/normalize';
import { quantityRanges, rangeFit, type QuantityRange } from '../lib/quantities';
import { loadKnowledge, type Knowledge, type KnowledgeEntry } from './knowledge';

/**
 * Retrieval over the question bank,
 * built on MiniSearch: the questions, alternates and the start of the answer
 * of all three languages are indexed through the same normalisation
 * (lib/normalize.ts), so a question in Devanagari, Hinglish or English meets
 * the entry whatever its wording's script. Fuzzy and prefix matching absorb
 * typos and inflections. A best match below the confidence threshold gives
 * no match (the caller says so and offers a callback) rather than the
 * nearest unrelated answer.
 */

export interface RetrieveMatch {
  /** The entry in the asker's language (English, then any, if that language lacks it). */
  entry: KnowledgeEntry;
  /** MiniSearch score of the best document of this entry. */
  score: number;
  /** 0-1: idf-weighted share of the question's words the entry matched. */
  confidence: number;
  /**
   * How far the entry's reranked score leads the runner-up's (0 when they
   * tie, the whole score when it has none): a small margin says the bank
   * holds two near answers, and the intent check (lib/confidence.ts) decides.
   */
  margin: number;
}

export interface RetrieveResult {
  match: RetrieveMatch | null;
  /** Up to 3 entry ids, best first (also when match is null). */
  candidates: string[];
  /**
   * The entries of the candidates after the first, in the asker's language,
   * when there is a match: where the best entry answers a different question,
   * the intent check (lib/confidence.ts) may find the one that answers it here.
   */
  runnersUp?: KnowledgeEntry[];
}

/**
 * Confidence below which there is no match, tuned on the tuning parts of
 * data/eval (npm run eval:assistant). Off-topic questions are mostly caught
 * by the solar-word rule (W.offDomainConfidence, W.genericDomainConfidence),
 * so this floor is low.
 */
export const MIN_CONFIDENCE = 0.1;

/** Retrieval weights, tuned on the tuning parts of data/eval (npm run eval:assistant). */
const W = {
  /** Field boosts: the question says what the entry is about; the answer (its first sentence) only a little. */
  boost: { question: 3, alternates: 3, category: 0.6, answer: 0.4 },
  /** Weight of consonant-key matches against the spelling itself. */
  keyWeight: 0.6,
  /** Weight, in the confidence, of a word no entry uses at all ("exactly", "everyone"): no evidence for or against. */
  unknownWeight: 0.5,
  /** Confidence credit of a word matched only by prefix or fuzzily, and only by its consonant key. */
  partialHit: 0.5,
  keyHit: 0.6,
  /** Numbers are the question's quantities (the calculator reads them), weak evidence of its topic. */
  numberWeight: 0.3,
  unitWeight: 0.5,
  /** MiniSearch BM25+ parameters. */
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  fuzzy: 0.2,
  fuzzyWeight: 0.5,
  prefixWeight: 0.6,
  /** The top candidates are reranked by the best idf-weighted overlap with one of the entry's own wordings. */
  rerankTop: 10,
  /** Confidence that lets a question without a solar word (lib/normalize.ts isDomainToken) through all the same. */
  offDomainConfidence: 0.6,
  /** Confidence needed when the best entry meets the question on no solar word other than "solar"/"system". */
  genericDomainConfidence: 0.2,
  /** Weight of a range read from an entry's answer against one from its question or alternates (lib/quantities.ts). */
  answerRangeWeight: 0.5,
  /** Rerank weight of the share of the question's intent words (INTENTS) that the entry's wordings also use. */
  intentWeight: 0.3,
} as const;

interface Doc {
  key: string;
  id: string;
  language: ChatLanguage;
  question: string;
  alternates: string;
  category: string;
  answer: string;
}

const CATEGORY_WORDS: Record<string, string> = {
  'Benefits': 'benefits fayde लाभ फायदे',
  'Buying Solar': 'buying kharidna खरीदना',
  'Electric Connection': 'connection meter कनेक्शन मीटर',
  'Solar Inverter': 'inverter इन्वर्टर',
  'Solar Panel': 'panel पैनल',
  'Subsidy': 'subsidy सब्सिडी',
  'System Cost': 'cost kharcha कीमत खर्च',
  'System Size': 'size kitne kw साइज',
  'Things to know': '',
};

/**
 * What a question asks, as concept tokens (lib/normalize.ts): the cost, when,
 * why, how long, the process, without what, again. ("How" and "how much"
 * are left out: nearly every question has them.) Two entries on one subject (the net meter's fees, the
 * net meter's process) are told apart by these; their idf is low because
 * every topic has such questions, so the rerank weighs them on their own.
 */
const INTENT_WORDS = ['cost', 'kab', 'kyon', 'time', 'process', 'without', 'again', 'wait', 'increase'];
const INTENTS = new Set(INTENT_WORDS.flatMap((w) => tokenize(w)));

/** Domain words every entry shares: meeting the question on these alone says nothing. */
const GENERIC_DOMAIN_WORDS = ['solar', 'system'];
const GENERIC_DOMAIN = new Set(GENERIC_DOMAIN_WORDS.flatMap((w) => tokenize(w)));

/** The word lists of this file, for the lexicon audit (lib/lexicon.test.ts). */
export const RETRIEVAL_LEXICON = {
  categoryWords: Object.values(CATEGORY_WORDS).flatMap((s) => s.split(' ').filter(Boolean)),
  intents: INTENT_WORDS,
  genericDomain: GENERIC_DOMAIN_WORDS,
};

const isNumber = (t: string) => /^\d/.test(t);
/** Unit tokens as lib/normalize.ts writes them, folded ("kw" folds to "kv"). */
const UNIT_TOKENS = new Set(['kv', 'unit', 'rs', 'lakh', 'hajar']);

/** Terms as indexed and searched: the folded spelling plus its consonant key. */
function processTerm(term: string): string | string[] {
  if (term.startsWith('@')) return term;
  const key = consonantKey(term);
  return key && key !== term ? [term, `#${key}`] : term;
}

/** First sentence of an answer, so a question worded like the answer's opening still meets it. */
function answerHead(answer: string): string {
  const m = /^(.{20,160}?[.!?।])(\s|$)/.exec(answer);
  return m ? m[1]! : answer.slice(0, 160);
}

/** A retriever over one knowledge index (synchronous once built). */
export interface Retriever {
  retrieve(message: string, language: ChatLanguage): RetrieveResult;
  /** The knowledge it searches (the bank's entries, by id and language). */
  readonly knowledge: Pick<Knowledge, 'entries' | 'byId'>;
}

/**
 * Builds the MiniSearch index of a knowledge index. Cost: tens of ms for
 * ~400 entries; `retrieve()` caches it per knowledge object.
 */
export function buildRetriever(knowledge: Pick<Knowledge, 'entries' | 'byId'>): Retriever {
  // One document per entry and language, all searched whatever the asker's
  // language (a Hindi question may share its words with the Hinglish wording,
  // an English loanword with the English one); an entry's documents' scores
  // are summed.
  const docs: Doc[] = [];
  for (const [id, slot] of knowledge.byId) {
    const langs = Object.values(slot);
    const first = langs[0];
    if (!first) continue;
    for (const e of langs) {
      docs.push({
        key: `${id}:${e.language}`,
        id,
        language: e.language,
        question: e.question,
        alternates: e.alternates.join(' . '),
        category: CATEGORY_WORDS[first.category] ?? '',
        answer: answerHead(e.answer),
      });
    }
  }
  const index = new MiniSearch<Doc>({
    idField: 'key',
    fields: ['question', 'alternates', 'category', 'answer'],
    storeFields: ['id', 'language'],
    tokenize: (text) => tokenize(text),
    processTerm,
  });
  index.addAll(docs);

  // Document frequency of each term over question + alternates, for the
  // idf-weighted confidence: a question matched only on "solar" is not a match.
  const df = new Map<string, number>();
  for (const d of docs) {
    for (const t of new Set(tokenize(`${d.question} ${d.alternates}`).flatMap((x) => [x].concat(processTerm(x))))) {
      df.set(t, (df.get(t) ?? 0) + 1);
    }
  }
  const n = Math.max(docs.length, 1);
  const idf = (t: string) => Math.log(1 + n / ((df.get(t) ?? 0) + 0.5));
  /** True when some entry's wording uses the term or a word of its consonant key. */
  const known = (t: string) => df.has(t) || df.has(`#${consonantKey(t)}`);

  // Each entry's own wordings (question and alternates of every language) as token sets, for the rerank.
  const wordings = new Map<string, Array<Set<string>>>();
  for (const [id, slot] of knowledge.byId) {
    const sets: Array<Set<string>> = [];
    for (const e of Object.values(slot)) {
      for (const w of [e.question, ...e.alternates]) {
        const toks = new Set(tokenize(w));
        if (toks.size > 0) sets.push(toks);
      }
    }
    wordings.set(id, sets);
  }
  // The quantity ranges each entry covers, from its wordings (weight 1) and its answers (answerRangeWeight).
  const entryRanges = new Map<string, Array<{ r: QuantityRange; w: number }>>();
  for (const [id, slot] of knowledge.byId) {
    const list: Array<{ r: QuantityRange; w: number }> = [];
    for (const e of Object.values(slot)) {
      for (const w of [e.question, ...e.alternates]) for (const r of quantityRanges(w)) list.push({ r, w: 1 });
      for (const r of quantityRanges(e.answer)) list.push({ r, w: W.answerRangeWeight });
    }
    if (list.length > 0) entryRanges.set(id, list);
  }
  /**
   * Per entry, how well its ranges hold the question's quantities (0-1), each quantity weighted by its rarity
   * among entries: "12 kW" held by two entries says much, "3 kW" held by thirty little.
   */
  const quantityFit = (message: string): Map<string, number> => {
    const fits = new Map<string, number>();
    const qs = quantityRanges(message);
    if (qs.length === 0) return fits;
    const total = Math.max(knowledge.byId.size, 2);
    for (const q of qs) {
      const per = new Map<string, number>();
      for (const [id, list] of entryRanges) {
        let best = 0;
        for (const { r, w } of list) best = Math.max(best, rangeFit(q, r) * w);
        if (best > 0) per.set(id, best);
      }
      // Rarity over the summed fits: many loose fits ("3 kW and above") count less than one close one.
      const mass = [...per.values()].reduce((a, b) => a + b, 0);
      const rarity = mass === 0 ? 0 : Math.max(0, Math.log(total / Math.max(mass, 1)) / Math.log(total));
      for (const [id, f] of per) fits.set(id, (fits.get(id) ?? 0) + (f * rarity) / qs.length);
    }
    return fits;
  };

  // The intent words each entry's wordings use (question and alternates, all languages).
  const entryIntents = new Map<string, Set<string>>();
  for (const [id, sets] of wordings) entryIntents.set(id, new Set(sets.flatMap((w) => [...w].filter((x) => INTENTS.has(x)))));
  /** Share of the question's intent words the entry's wordings use; 0 when the question has none. */
  const intentFit = (terms: string[], id: string): number => {
    const asked = terms.filter((x) => INTENTS.has(x));
    if (asked.length === 0) return 0;
    const has = entryIntents.get(id);
    return asked.filter((x) => has?.has(x)).length / asked.length;
  };

  /** Best idf-weighted Jaccard (exact or consonant-key token match) between the question and one wording of the entry. */
  const overlap = (terms: string[], id: string): number => {
    let best = 0;
    const qKeys = terms.map((x) => consonantKey(x));
    for (const w of wordings.get(id) ?? []) {
      const wKeys = new Set([...w].map((x) => consonantKey(x)).filter(Boolean));
      let inter = 0;
      let union = 0;
      const seen = new Set<string>();
      terms.forEach((q, i) => {
        const wt = isNumber(q) ? 0.3 : idf(q);
        const k = qKeys[i];
        if (w.has(q)) { inter += wt; seen.add(q); } else if (k && wKeys.has(k)) inter += wt * W.keyHit;
        union += wt;
      });
      for (const x of w) if (!seen.has(x) && !terms.includes(x)) union += isNumber(x) ? 0.3 : idf(x);
      const j = union > 0 ? inter / union : 0;
      if (j > best) best = j;
    }
    return best;
  };

  return {
    knowledge,
    retrieve(message, language) {
      const terms = [...new Set(tokenize(message))];
      if (terms.length === 0 || docs.length === 0) return { match: null, candidates: [] };
      const results = index.search(message, {
        boost: W.boost,
        bm25: W.bm25,
        combineWith: 'OR',
        fuzzy: (term) => (/^[#@]/.test(term) || term.length < 5 || isNumber(term) ? false : W.fuzzy),
        prefix: (term) => !/^[#@]/.test(term) && term.length >= 4 && !isNumber(term),
        weights: { fuzzy: W.fuzzyWeight, prefix: W.prefixWeight },
        boostTerm: (term) => (term.startsWith('#') ? W.keyWeight : isNumber(term) ? W.numberWeight : UNIT_TOKENS.has(term) ? W.unitWeight : 1),
      });
      // Per entry: the scores of its documents summed, their matched words united.
      const byEntry = new Map<string, { score: number; queryTerms: Set<string>; exact: Set<string> }>();
      for (const r of results) {
        const id = String(r.id).split(':')[0]!;
        const agg = byEntry.get(id) ?? { score: 0, queryTerms: new Set<string>(), exact: new Set<string>() };
        agg.score += r.score;
        for (const q of r.queryTerms) agg.queryTerms.add(q);
        // r.match is keyed by the document's terms: a query term among them matched exactly, not by prefix or fuzzily.
        for (const d of Object.keys(r.match)) agg.exact.add(d);
        byEntry.set(id, agg);
      }
      const ranked = [...byEntry.entries()]
        .map(([id, r]) => {
          const cov = coverage(terms, r.queryTerms, r.exact, idf, known);
          return { id, score: r.score, rank: r.score, confidence: cov, queryTerms: r.queryTerms };
        })
        .sort((a, b) => b.rank - a.rank);
      // Rerank of the top candidates: the search score (scaled to the best), the best overlap with one of the entry's
      // own wordings, the fit of the question's quantities to the entry's ranges, and the agreement of intent words.
      if (ranked.length > 1) {
        const head = ranked.slice(0, W.rerankTop);
        const maxRank = head[0]!.rank || 1;
        const fits = quantityFit(message);
        for (const r of head) r.rank = r.rank / maxRank + overlap(terms, r.id) + (fits.get(r.id) ?? 0) + W.intentWeight * intentFit(terms, r.id);
        head.sort((a, b) => b.rank - a.rank);
        ranked.splice(0, head.length, ...head);
      }
      const candidates = ranked.slice(0, 3).map((r) => r.id);
      const top = ranked[0];
      if (!top) return { match: null, candidates };
      const confidence = top.confidence;
      // No-match rule: a question without any solar word, or with a word of another field the entry does not use,
      // needs a high confidence; one whose best entry meets it on no solar word but "solar"/"system" (every entry is
      // about solar) needs a moderate one; otherwise MIN_CONFIDENCE.
      const met = terms.filter((x) => isDomainToken(x) && top.queryTerms.has(x));
      // A word of another field ("phone", "FD", "heater") that the entry's wordings lack: without an unmistakably
      // solar word ("my phone's battery backup") the question is about that field; with one, it asks as much as a
      // question without a solar word.
      const foreign = terms.some((x) => isOtherDomainToken(x) && !(wordings.get(top.id) ?? []).some((w) => w.has(x)));
      if (foreign && !terms.some(isCoreSolarToken)) return { match: null, candidates };
      const need = foreign || !terms.some(isDomainToken) ? W.offDomainConfidence : met.every((x) => GENERIC_DOMAIN.has(x)) ? W.genericDomainConfidence : 0;
      if (confidence < need) return { match: null, candidates };
      if (confidence < MIN_CONFIDENCE) return { match: null, candidates };
      const slot = knowledge.byId.get(top.id) ?? {};
      const entry = slot[language] ?? slot.english ?? Object.values(slot)[0];
      if (!entry) return { match: null, candidates };
      const margin = top.rank - (ranked[1]?.rank ?? 0);
      const inLanguage = (id: string) => { const sl = knowledge.byId.get(id) ?? {}; return sl[language] ?? sl.english ?? Object.values(sl)[0]; };
      const runnersUp = candidates.slice(1).map(inLanguage).filter((e): e is KnowledgeEntry => e !== undefined);
      return { match: { entry, score: top.score, confidence, margin }, candidates, runnersUp };
    },
  };
}

/**
 * Idf-weighted share of the question's terms that the document matched
 * (exactly, by prefix or fuzzily, or by consonant key at a discount).
 * Numbers are quantities, not topic words: they count only when matched.
 */
function coverage(
  terms: string[], matchedQuery: Set<string>, exact: Set<string>, idf: (t: string) => number, known: (t: string) => boolean,
): number {
  let total = 0;
  let got = 0;
  for (const term of terms) {
    const key = consonantKey(term);
    const w = idf(term);
    const hit = exact.has(term) ? 1
      : matchedQuery.has(term) ? W.partialHit
        : key && matchedQuery.has(`#${key}`) ? W.keyHit : 0;
    if (isNumber(term) && hit === 0) continue;
    total += hit > 0 || known(term) ? w : w * W.unknownWeight;
    got += w * hit;
  }
  return total === 0 ? 0 : got / total;
}

const RETRIEVERS = new WeakMap<object, Retriever>();

/**
 * Finds the bank entry that answers a message, in the asker's language.
 * Reads the knowledge through `loadKnowledge()` (database rows, cached) and
 * builds the index once per knowledge snapshot.
 * @returns match (null when nothing matches well enough) and the top-3 candidate ids.
 */
export async function retrieve(message: string, language: ChatLanguage): Promise<RetrieveResult> {
  return (await serverRetriever()).retrieve(message, language);
}

/** The retriever over the server's knowledge (`loadKnowledge()`), built once per knowledge snapshot. */
export async function serverRetriever(): Promise<Retriever> {
  const knowledge = await loadKnowledge();
  let r = RETRIEVERS.get(knowledge);
  if (!r) {
    r = buildRetriever(knowledge);
    RETRIEVERS.set(knowledge, r);
  }
  return r;
}
