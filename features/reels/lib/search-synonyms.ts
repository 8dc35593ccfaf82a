import { searchWords } from './search-key';

/**
 * The search's thesaurus (docs/decisions/031-search.md, "Synonyms"): words
 * people use for the same thing in a rooftop-solar conversation, in English,
 * Hindi (Devanagari) and Hinglish, one group per concept. Spellings of one
 * word need no entry (the keys of ./search-key.ts and trigram similarity meet
 * them); a group joins different words: "price", "कीमत", "kharcha" and
 * "cost". Written from the domain's everyday vocabulary, one word per entry
 * (a phrase is not a synonym here); a query word in a group also looks for
 * the group's other words, weighed below the word itself
 * (features/reels/server/search.ts SYNONYM_CLOSENESS).
 * Keep groups to one meaning: a word that means two things belongs to none.
 * Words whose key is one or two letters ("home", "emi", "rate") are left
 * out when the groups are read: such keys are shared by too many words.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // What it costs.
  ['cost', 'price', 'pricing', 'rate', 'expense', 'expenditure', 'charges', 'lagat', 'laagat', 'kharcha', 'kharch', 'keemat', 'kimat',
    'qeemat', 'daam', 'mulya', 'लागत', 'खर्च', 'खर्चा', 'कीमत', 'दाम', 'मूल्य', 'रेट'],
  // The government's money towards the system.
  ['subsidy', 'grant', 'anudan', 'anudaan', 'सब्सिडी', 'अनुदान'],
  // Electricity.
  ['electricity', 'power', 'current', 'bijli', 'bijlee', 'vidyut', 'बिजली', 'विद्युत', 'करंट'],
  // The roof.
  ['roof', 'rooftop', 'terrace', 'chhat', 'chhath', 'छत', 'टेरेस'],
  // Applying.
  ['apply', 'application', 'register', 'registration', 'enrol', 'avedan', 'aavedan', 'panjikaran', 'आवेदन', 'पंजीकरण', 'रजिस्ट्रेशन',
    'अप्लाई'],
  // Saving money.
  ['save', 'saving', 'bachat', 'bachao', 'बचत', 'बचाएं'],
  // How big a system is.
  ['size', 'capacity', 'kshamta', 'kshamata', 'aakar', 'aakaar', 'साइज़', 'क्षमता', 'आकार'],
  // A government programme.
  ['scheme', 'yojana', 'yojna', 'programme', 'program', 'योजना', 'स्कीम'],
  // The government.
  ['government', 'govt', 'sarkar', 'sarkari', 'central', 'kendra', 'सरकार', 'सरकारी', 'केंद्र'],
  // Free of charge.
  ['free', 'muft', 'mufat', 'nishulk', 'मुफ़्त', 'मुफ्त', 'निःशुल्क', 'फ्री'],
  // Storing electricity.
  ['battery', 'batteries', 'backup', 'storage', 'बैटरी', 'बैकअप'],
  // Solar panels.
  ['panel', 'module', 'plate', 'पैनल', 'मॉड्यूल', 'प्लेट'],
  // Permission from the electricity company.
  ['approval', 'permission', 'sanction', 'sanctioned', 'anumati', 'manzoori', 'manjuri', 'swikriti', 'अनुमति', 'मंज़ूरी', 'स्वीकृति',
    'स्वीकृत'],
  // The electricity company.
  ['discom', 'vibhag', 'डिस्कॉम', 'विभाग'],
  // A house.
  ['house', 'home', 'ghar', 'makaan', 'makan', 'घर', 'मकान'],
  // Borrowing for the system.
  ['loan', 'finance', 'emi', 'karz', 'karza', 'rin', 'लोन', 'कर्ज़', 'ऋण'],
  // How two things differ.
  ['difference', 'compare', 'comparison', 'farak', 'fark', 'antar', 'फ़र्क़', 'फर्क', 'अंतर'],
  // A month.
  ['month', 'monthly', 'mahina', 'mahine', 'maheena', 'masik', 'महीना', 'महीने', 'मासिक'],
  // What one gains.
  ['benefit', 'advantage', 'fayda', 'faida', 'fayde', 'labh', 'laabh', 'फ़ायदा', 'फ़ायदे', 'लाभ'],
  // Who may have it.
  ['eligible', 'eligibility', 'patra', 'patrata', 'yogya', 'पात्र', 'पात्रता', 'योग्य'],
  // Papers to show.
  ['document', 'documents', 'papers', 'kagaz', 'kagzat', 'dastavez', 'दस्तावेज़', 'कागज़', 'कागज़ात'],
  // Solar.
  ['solar', 'saur', 'सौर', 'सोलर'],
  // Energy.
  ['energy', 'urja', 'ऊर्जा'],
  // Costing little.
  ['cheap', 'cheapest', 'affordable', 'sasta', 'saste', 'सस्ता', 'सस्ते'],
  // Sending power to the grid.
  ['export', 'sell', 'bechna', 'bechana', 'बेचना', 'बेचें'],
  // Putting the system up.
  ['install', 'installation', 'fitting', 'lagwana', 'lagana', 'इंस्टॉलेशन', 'लगवाना'],
];

/** Each key of a group's words, mapped to the keys of the group's other words. */
let byKey: Map<string, string[]> | null = null;

function index(): Map<string, string[]> {
  if (byKey) return byKey;
  const m = new Map<string, Set<string>>();
  for (const group of SYNONYM_GROUPS) {
    const keys = new Set(group.flatMap((w) => searchWords(w)).filter((k) => k.length > 2));
    for (const k of keys) {
      const into = m.get(k) ?? new Set<string>();
      for (const other of keys) if (other !== k) into.add(other);
      m.set(k, into);
    }
  }
  byKey = new Map([...m].map(([k, v]) => [k, [...v].sort()]));
  return byKey;
}

/**
 * The keys (./search-key.ts) of the words that mean what the word of key
 * `key` means (SYNONYM_GROUPS), without `key` itself, sorted; [] for a word
 * in no group. A key shared by words of two groups (two words folding to
 * one skeleton) gets both groups' keys.
 */
export function synonymKeys(key: string): string[] {
  return index().get(key) ?? [];
}
