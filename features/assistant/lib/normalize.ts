import { remembered } from './memo';
import { hasDevanagari, transliterateWord } from './transliterate';

/**
 * Language normalisation for the assistant's retrieval: people write the same question in English, Hindi
 * (Devanagari) or Hinglish (Hindi in Latin letters, spelt freely). Everything
 * is brought to one folded Latin form so that "सब्सिडी", "sabsidi" and
 * "subsidy" meet, "तीन किलोवाट" and "3kw" meet, and "kitna/kitni/kitne" meet.
 *
 * Pipeline: NFC + lowercase -> digits and number separators -> units and
 * currency -> punctuation -> Devanagari to Latin -> number words before a
 * unit -> spelling fold (generic rules + a variant table) -> stopwords.
 * Pure functions, no I/O. Devanagari to Latin: lib/transliterate.ts.
 */

// ---------------------------------------------------------------------------
// Numbers, units, currency

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** Number words of the three languages (Devanagari words are matched before transliteration). */
const NUMBER_WORDS: Record<string, number> = {
  // English
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100,
  // Hindi
  'एक': 1, 'दो': 2, 'तीन': 3, 'चार': 4, 'पांच': 5, 'पाँच': 5, 'छह': 6, 'छः': 6, 'छे': 6, 'सात': 7, 'आठ': 8, 'नौ': 9, 'दस': 10,
  'बारह': 12, 'पंद्रह': 15, 'बीस': 20, 'पच्चीस': 25, 'तीस': 30, 'पचास': 50, 'सौ': 100,
  // Hinglish
  ek: 1, do: 2, teen: 3, tin: 3, char: 4, chaar: 4, panch: 5, paanch: 5, paach: 5, chhe: 6, chhah: 6, che: 6, saat: 7, sat: 7,
  aath: 8, aat: 8, nau: 9, nao: 9, das: 10, barah: 12, pandrah: 15, bees: 20, bis: 20, pachis: 25, pachees: 25, tees: 30, pachas: 50, pachaas: 50, sau: 100,
};
/**
 * Words after which a number word is read as a number. "do" is also "give"
 * in Hinglish and a verb in English, so number words convert only before a
 * unit, never on their own.
 */
const UNIT_AFTER = new Set([
  'kw', 'unit', 'rs', 'lakh', 'hazar', 'thousand', 'hundred', 'sau', 'crore',
  'saal', 'sal', 'year', 'years', 'varsh', 'month', 'months', 'mahina', 'mahine', 'mahino',
  'panel', 'panels', 'ghante', 'ghanta', 'hour', 'hours', 'din', 'days', 'day', 'baje', 'percent', 'kilo', 'sqft', 'sqm', 'm2',
  'साल', 'वर्ष', 'महीने', 'महीना', 'पैनल', 'घंटे', 'घंटा', 'दिन', 'बजे', 'प्रतिशत', 'हजार', 'हज़ार', 'लाख', 'सौ',
]);

const UNIT_RULES: Array<[RegExp, string]> = [
  // Currency first: "₹78,000", "rs. 500", "500 रुपये"
  [/₹/g, ' rs '],
  [/(^|[^a-z])(?:rs\.?|inr|rupees?|rupaye|rupaiye|rupaye|rupay|rupiya|rupiye|rupya)(?![a-z])/g, '$1 rs '],
  [/(?:रुपये|रुपए|रूपये|रूपए|रुपया|रुपयों|रु\.)/g, ' rs '],
  // kW: "3kw", "3 kilo watt", "3 किलोवाट", "3 kWp"
  [/(?:kilo[\s-]?watts?|kilowatts?|kilo[\s-]?vat+s?|kwp|kw|k\.w\.?)(?![a-z])/g, ' kw '],
  [/(?:किलो\s*वॉट|किलोवॉट|किलो\s*वाट|किलोवाट|केडब्ल्यू|के\.\s*डब्ल्यू\.?)/g, ' kw '],
  // units of electricity
  [/(?:^|(?<=[^a-z]))(?:units?|yunit|yuneet)(?![a-z])/g, ' unit '],
  [/(?:यूनिट्स|यूनिटों|यूनिट|युनिट)/g, ' unit '],
  [/(?:^|(?<=[^a-z]))(?:kwh)(?![a-z])/g, ' unit '],
  // multipliers
  [/(?:^|(?<=[^a-z]))(?:lakhs?|lacs?|lac)(?![a-z])/g, ' lakh '],
  [/लाख/g, ' lakh '],
  [/(?:^|(?<=[^a-z]))(?:hazaar|hazar|hajar|hajaar|thousand)(?![a-z])/g, ' hazar '],
  [/(?:हज़ार|हजार)/g, ' hazar '],
  // area: "sq ft", "sq. ft.", "square feet", "वर्ग फुट" -> sqft; "m2" (split to "m 2" above), "m²", "sq m", "square metres", "वर्ग मीटर" -> sqm
  [/(?:^|(?<=[^a-z]))(?:sq\.?\s*(?:ft|feet|foot)\.?|sqft|square\s*(?:feet|foot|ft))(?![a-z])/g, ' sqft '],
  [/(?:वर्ग\s*(?:फुट|फ़ुट|फीट|फ़ीट))/g, ' sqft '],
  [/(?:^|(?<=[^a-z]))(?:m\s?2|m²|sq\.?\s*m(?:etres?|eters?)?|square\s*met(?:re|er)s?)(?![a-z0-9])/g, ' sqm '],
  [/(?:वर्ग\s*मीटर)/g, ' sqm '],
];

/**
 * Lowercases, applies Unicode NFC, turns Devanagari digits into ASCII,
 * drops thousands separators ("1,08,000" -> "108000"), splits digits from
 * letters ("3kw" -> "3 kw") and writes units and currency one way
 * ("3 kilowatt", "3 किलोवाट" -> "3 kw"; "यूनिट", "units" -> "unit";
 * "₹", "rupaye", "रुपये" -> "rs"). Keeps the script otherwise.
 */
export function normalizeUnits(text: string): string {
  let s = text.normalize('NFC').toLowerCase();
  s = s.replace(/[०-९]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d)));
  s = s.replace(/(\d),(?=\d)/g, '$1');
  s = s.replace(/(\d)(?=[a-z\u0900-\u097F₹])/g, '$1 ').replace(/([a-z\u0900-\u097F₹])(?=\d)/g, '$1 ');
  for (const [re, to] of UNIT_RULES) s = s.replace(re, to);
  return s.replace(/\s+/g, ' ').trim();
}

/** Splits into raw word tokens: letters (Latin or Devanagari with marks) and numbers (with one decimal point). */
function rawTokens(s: string): string[] {
  return s.match(/\d+(?:\.\d+)?|[a-z\u0900-\u0963\u0971-\u097F\u200c\u200d]+/g) ?? [];
}

const OR_WORDS = new Set(['or', 'ya', 'या', 'versus', 'vs']);

/** Converts number words directly before a unit word to digits ("तीन kw", "teen kw", "three kw" -> "3 kw"). */
function numberWords(tokens: string[]): string[] {
  return tokens.map((t, i) => {
    const n = NUMBER_WORDS[t];
    const next = tokens[i + 1];
    if (n !== undefined && next !== undefined && UNIT_AFTER.has(next)) return String(n);
    // "2 kW ya teen", "दो किलोवाट ... या तीन": a number word after "or" that follows a quantity with its unit.
    if (n !== undefined && OR_WORDS.has(tokens[i - 1] ?? '') && tokens.slice(0, i - 1).some((x) => UNIT_AFTER.has(x))) return String(n);
    return t;
  });
}

/**
 * Normalised text: units and numbers unified, punctuation stripped,
 * Devanagari transliterated, number words before a unit turned to digits.
 * Spelling is not yet folded (see `tokenize`). Used by the calculator to read
 * quantities and by retrieval.
 */
export function normalizeText(text: string): string {
  return NORMALIZED(text);
}

/** Texts already normalised: the pipeline reads one message (and its parts) many times over (guard, reader, retrieval). */
const NORMALIZED = remembered(5_000, (text) => normalizeOnce(text));

function normalizeOnce(text: string): string {
  const pre = normalizeUnits(
    text
      // "UP" in capitals is Uttar Pradesh (a lower-case "up" is read in joinCompounds); "AP", "MP", "HP" in capitals
      // are states too, unless after a number ("5 HP pump" is horsepower).
      .replace(/(?<![A-Za-z])U\.?P(?![A-Za-z])\.?/g, ' uttarpradesh ')
      .replace(/(?<!\d\s?)\b(AP|MP|HP)\b/g, (m) => ({ AP: ' andhra pradesh ', MP: ' madhya pradesh ', HP: ' himachal pradesh ' })[m] ?? m)
      .toLowerCase()
      // "CO2" is carbon, not "co" + "2" (a "2" that would read as 2 kW); "don't" is "do not", not "don" + "t".
      .replace(/\bco\s?2\b|\bco₂/g, ' carbon ')
      .replace(/n['’]t\b/g, ' not'),
  ).replace(/\bhow (much|many)\b/g, 'how$1');
  const tokens = numberWords(rawTokens(pre));
  return joinCompounds(tokens.map((t) => (hasDevanagari(t) ? transliterateWord(t) : t))).join(' ');
}

/** Latin and transliterated (ऑन -> "ona", ऑफ -> "opha") first halves of on-grid/off-grid. */
const GRID_SIDE: Record<string, string> = { on: 'on', ona: 'on', off: 'off', of: 'off', opha: 'off', oph: 'off', ofa: 'off' };

/**
 * Phrases that mean one thing together, written as people type them (any
 * script; Devanagari is transliterated and every word folded at load), to
 * the one word they become. Longest first wins. "up" alone is Uttar Pradesh
 * ("UP mein subsidy"), so "up to" is joined first.
 */
const PHRASES_RAW: Array<[string, string]> = [
  ['up to', 'upto'], ['up till', 'upto'],
  ['uttar pradesh', 'uttarpradesh'], ['up', 'uttarpradesh'], ['u p', 'uttarpradesh'], ['यूपी', 'uttarpradesh'], ['उत्तर प्रदेश', 'uttarpradesh'],
  ['north east', 'northeast'], ['north eastern', 'northeast'], ['पूर्वोत्तर', 'northeast'], ['purvottar', 'northeast'],
  ['zero cost', 'free'], ['free of cost', 'free'], ['without paying', 'free'], ['bina paise', 'free'], ['बिना पैसे', 'free'],
  ['phir se', 'again'], ['fir se', 'again'], ['फिर से', 'again'], ['second time', 'again'], ['dusri bar', 'again'], ['दूसरी बार', 'again'],
  ['pehle se', 'already'], ['पहले से', 'already'],
  ['not responding', 'unresponsive'], ['phone nahi utha', 'unresponsive'], ['phone nahi uthata', 'unresponsive'],
  ['फ़ोन नहीं उठा', 'unresponsive'], ['फोन नहीं उठा', 'unresponsive'],
  ['made in india', 'domestic'], ['indian made', 'domestic'], ['in charge', 'manage'],
  ['kitne ka padega', 'howmuch cost'], ['kitne ka padta', 'howmuch cost'], ['कितने का पड़ेगा', 'howmuch cost'], ['कितने का पड़ता', 'howmuch cost'],
];
/** English verbs whose "up" is a particle ("set up", "sign up", "back up"), not the state. */
const PHRASAL_UP = new Set([
  'set', 'sets', 'setting', 'sign', 'signed', 'pick', 'back', 'backed', 'power', 'powered', 'come', 'comes', 'came', 'go', 'goes', 'went',
  'put', 'fill', 'fills', 'look', 'looks', 'show', 'shows', 'shoot', 'shot', 'pop', 'end', 'ends', 'ended', 'speed', 'top', 'topped', 'scale',
  'build', 'builds', 'open', 'turn', 'turns', 'light', 'lit', 'heat', 'heats', 'warm', 'add', 'adds', 'dry', 'clean', 'catch', 'keep', 'pile',
  'pay', 'make', 'made', 'tie', 'start', 'hook', 'hooked', 'wake', 'give', 'gave', 'step', 'stand', 'use', 'used', 'fire', 'follow', 'sum',
  'break', 'clear', 'line', 'mix', 'mess', 'shut', 'speak', 'split', 'stay', 'stock', 'take', 'taken', 'took', 'wrap', 'blow', 'bring', 'brought',
  's', 'whats', 'call', 'check', 'fix', 'free', 'hold', 'jump', 'move', 'pull', 'push', 'rack', 'run', 'ramp', 'shoot', 'slow', 'stack', 'store',
]);
let phrases: Map<string, Array<{ words: string[]; to: string }>> | undefined;
function phraseTable(): Map<string, Array<{ words: string[]; to: string }>> {
  if (phrases) return phrases;
  phrases = new Map();
  for (const [raw, to] of PHRASES_RAW) {
    const words = rawTokens(normalizeUnits(raw)).map((w) => genericFold(hasDevanagari(w) ? transliterateWord(w) : w));
    const list = phrases.get(words[0]!) ?? [];
    list.push({ words, to });
    list.sort((a, b) => b.words.length - a.words.length);
    phrases.set(words[0]!, list);
  }
  return phrases;
}

/**
 * Joins words that mean one thing together: "on-grid", "on grid",
 * "ऑन-ग्रिड" -> "ongrid" (and off-grid), "on" alone being a stopword; then
 * the phrases of PHRASES_RAW ("up to" -> "upto", "UP"/"यूपी" ->
 * "uttarpradesh", "फिर से" -> "again", "zero cost" -> "free").
 */
function joinCompounds(tokens: string[]): string[] {
  const out: string[] = [];
  const folded = tokens.map((t) => genericFold(t));
  const table = phraseTable();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const side = GRID_SIDE[t];
    if (side && tokens[i + 1] === 'grid') {
      out.push(`${side}grid`);
      i++;
      continue;
    }
    const hit = table.get(folded[i]!)?.find((p) => p.words.every((w, j) => folded[i + j] === w)
      && !(p.to === 'uttarpradesh' && p.words.length === 1 && PHRASAL_UP.has(tokens[i - 1] ?? '')));
    if (hit) {
      out.push(hit.to);
      i += hit.words.length - 1;
    } else out.push(t);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Spelling fold

/**
 * Folds one Latin word to a spelling key, so that the free spellings of
 * Hinglish and the transliteration of Devanagari meet: ph->f, w->v, z->j,
 * q->k, c->k (but ch), aspirates dropped (kh->k, chh->ch, th->t, ...), ee->i,
 * oo->u, ai->e, au->o, doubled letters single, final y->i, and the final
 * inflection vowel (-a/-e/-i) dropped from words of 4+ letters
 * (kitna/kitni/kitne -> kitn, bijli/bijlee -> bijl).
 */
export function foldWord(word: string): string {
  const g = genericFold(word);
  return VARIANTS[g] ?? g;
}

/** Folded words kept for reuse: folding is pure and the same few thousand words recur in every question. */
const FOLDED = remembered(50_000, (word) => foldSpelling(word));

/** The generic spelling rules of `foldWord`, without the variant table. */
export function genericFold(word: string): string {
  return FOLDED(word);
}

function foldSpelling(word: string): string {
  if (/^\d/.test(word)) return word;
  let w = word;
  w = w.replace(/ph/g, 'f').replace(/w/g, 'v').replace(/z/g, 'j').replace(/q/g, 'k').replace(/x/g, 'ks');
  w = w.replace(/ck/g, 'k').replace(/chh/g, 'ch').replace(/c(?!h)/g, 'k');
  w = w.replace(/([kgtdbjsr])h/g, '$1').replace(/sh/g, 's');
  w = w.replace(/y$/, 'i').replace(/ey$/, 'e');
  w = w.replace(/ee/g, 'i').replace(/ii/g, 'i').replace(/oo/g, 'u').replace(/uu/g, 'u');
  w = w.replace(/ai/g, 'e').replace(/ei/g, 'e').replace(/au/g, 'o');
  w = w.replace(/(.)\1+/g, '$1');
  if (w.length >= 4) w = w.replace(/[aei]$/, '');
  return w;
}

/**
 * Spelling variants the generic rules do not join, keyed by their folded
 * form (left) to a canonical folded form (right). Written as raw words and
 * folded at load, so the table reads as people type.
 */
const VARIANT_WORDS: Array<[string[], string]> = [
  [['sabsidi', 'sabsidy', 'subsidi', 'sabsidee', 'sbsidi', 'subsady', 'subcidy', 'subsidies'], 'subsidy'],
  [['chat', 'chath', 'chhath', 'chhat', 'chhatt', 'chatt', 'chhaat'], 'chhat'],
  [['gher', 'ghar', 'ghr', 'gharon'], 'ghar'],
  [['bijlee', 'bijali', 'bijlii', 'bizli', 'bijly'], 'bijli'],
  [['solar', 'sollar', 'soler', 'solaar', 'solr'], 'solar'],
  [['panel', 'panal', 'painal', 'penal', 'paenal', 'panels', 'pannel', 'pennal'], 'panel'],
  [['inverter', 'invertor', 'invarter', 'inwerter'], 'inverter'],
  [['battery', 'betri', 'batri', 'bettery', 'baitri', 'batteries'], 'battery'],
  [['meter', 'mitar', 'meater', 'miter', 'metar', 'meters'], 'meter'],
  [['kharcha', 'kharch', 'kharche', 'kharcho', 'kharchaa', 'karcha'], 'kharcha'],
  [['paisa', 'paise', 'pesa', 'pese', 'paison'], 'paisa'],
  [['milega', 'milegi', 'milenge', 'milta', 'milti', 'milte', 'mil'], 'milna'],
  [['lagega', 'lagegi', 'lagenge', 'lagta', 'lagti', 'lagte', 'lagana', 'lagane', 'lagvana', 'lagwana', 'lagvane', 'lagwane', 'lagaye', 'lagayen', 'lagaun', 'lagau', 'lagvaye', 'lagwaye', 'lagvaun'], 'lag'],
  [['chahiye', 'chaiye', 'chahie', 'chahiya', 'chahiyein'], 'chahiye'],
  [['kaise', 'kese', 'kaisay', 'kaisey'], 'kaise'],
  [['kyon', 'kyun', 'kyu', 'kyo'], 'kyon'],
  [['garanti', 'guarantee', 'gaurantee', 'guaranty', 'garantee', 'warranty', 'varanti', 'warantee', 'waranty'], 'warranty'],
  [['sarkar', 'sarkari', 'sarkaar', 'goverment', 'government', 'govt'], 'sarkar'],
  [['mahina', 'mahine', 'mahino', 'mahinon', 'mahena'], 'mahina'],
  [['saal', 'sal', 'saalon', 'salon'], 'saal'],
  [['loan', 'lon', 'lone', 'karj', 'karz', 'karza'], 'loan'],
  [['net', 'nett'], 'net'],
  [['grid', 'gread', 'greed'], 'grid'],
  [['free', 'fri', 'mufat', 'muft', 'mupht', 'muphat'], 'free'],
  [['kimat', 'keemat', 'qeemat', 'kimmat', 'daam', 'dam'], 'kimat'],
  [['lagat', 'laagat'], 'lagat'],
  [['aavedan', 'avedan', 'apply', 'aplai', 'aplay'], 'apply'],
  [['bachat', 'bachaat', 'bacht', 'bachega', 'bachegi', 'bachenge', 'bachta', 'bachti', 'bachat'], 'bachat'],
  [['barish', 'baarish', 'baris', 'barsaat', 'barsat', 'monsoon', 'mansoon', 'monsun'], 'barish'],
  [['safai', 'saaf', 'saf', 'safaai'], 'safai'],
  [['katne', 'katna', 'kat', 'kategi', 'katti', 'katoti', 'kataut'], 'katna'],
  [['badal', 'baadal', 'badli', 'cloudy'], 'badal'],
  // "Chalega" (will it last / work) in its inflections; "chalata" (runs, manages) is another word.
  [['chalega', 'chalegi', 'chalenge', 'chalta', 'chalti', 'chalte', 'chalna', 'chalne', 'chale'], 'chal'],
];
const VARIANTS: Record<string, string> = {};
for (const [words, canonical] of VARIANT_WORDS) {
  const target = genericFold(canonical);
  for (const w of [...words, canonical]) {
    const k = genericFold(w);
    if (k !== target) VARIANTS[k] = target;
  }
}

// ---------------------------------------------------------------------------
// Concepts: words of the three languages that mean the same thing in this
// domain (a person asks about "papers", "kagjat" or "दस्तावेज़"; the bank says
// "documents"). Each word is replaced by one concept token. Words of any
// script, folded at load like the text.

const CONCEPT_WORDS: Array<[string, string[]]> = [
  ['document', ['document', 'documents', 'docs', 'papers', 'kagaj', 'kagaz', 'kagjat', 'kagzat', 'kagazat', 'dastavej', 'dastavez', 'दस्तावेज़', 'दस्तावेज', 'कागज', 'कागज़', 'कागजात', 'कागज़ात', 'proof', 'proofs', 'praman', 'प्रमाण']],
  ['eligible', ['eligible', 'eligibility', 'qualify', 'qualifies', 'qualified', 'patr', 'patra', 'patrata', 'पात्र', 'पात्रता',
    'condition', 'conditions', 'criteria', 'shart', 'sharte', 'sharten', 'shartein', 'शर्त', 'शर्तें', 'शर्ते']],
  ['income', ['income', 'salary', 'earning', 'earnings', 'aay', 'आय', 'सैलरी']],
  ['environment', ['environment', 'environmental', 'co2', 'carbon', 'pollution', 'paryavaran', 'pradushan', 'पर्यावरण', 'प्रदूषण', 'कार्बन']],
  ['night', ['night', 'dark', 'raat', 'rat', 'andhera', 'रात', 'अंधेरा', 'अँधेरा']],
  ['rain', ['rain', 'rainy', 'rains', 'monsoon', 'barish', 'baarish', 'barsat', 'barsaat', 'बारिश', 'बरसात', 'मानसून']],
  ['cloud', ['cloud', 'clouds', 'cloudy', 'overcast', 'badal', 'baadal', 'बादल']],
  ['shade', ['shade', 'shadow', 'shadows', 'shaded', 'chhaya', 'chaya', 'chhaon', 'chhanv', 'छाया', 'छांव', 'छाँव', 'परछाई']],
  ['vendor', ['vendor', 'vendors', 'installer', 'installers', 'dealer', 'dealers', 'company', 'companies', 'kampani', 'kampni', 'कंपनी', 'कम्पनी', 'वेंडर', 'इंस्टॉलर', 'डीलर']],
  ['apartment', ['apartment', 'apartments', 'flat', 'flats', 'फ्लैट', 'अपार्टमेंट']],
  ['life', ['life', 'lifespan', 'umar', 'umra', 'उम्र', 'लाइफ']],
  ['clean', ['clean', 'cleaning', 'wash', 'washing', 'dust', 'dusty', 'saaf', 'safai', 'dhool', 'dhul', 'dhona', 'साफ', 'साफ़', 'सफाई', 'सफ़ाई', 'धूल', 'धोना']],
  ['warranty', ['warranty', 'guarantee', 'guaranty', 'varanti', 'garanti', 'वारंटी', 'गारंटी']],
  ['loan', ['loan', 'loans', 'finance', 'emi', 'karj', 'karz', 'karza', 'लोन', 'कर्ज', 'क़र्ज़', 'कर्ज़']],
  ['interest', ['interest', 'byaj', 'byaaj', 'ब्याज']],
  ['roof', ['roof', 'rooftop', 'terrace', 'chhat', 'chat', 'chhath', 'chhaat', 'छत', 'छतों', 'रूफटॉप']],
  ['house', ['house', 'home', 'homes', 'ghar', 'gher', 'makan', 'मकान', 'घर', 'घरों']],
  ['cost', ['cost', 'costs', 'price', 'prices', 'pricing', 'rate', 'rates', 'charge', 'charges', 'fee', 'fees', 'चार्ज', 'kimat', 'keemat', 'daam', 'kharcha', 'kharch', 'lagat', 'कीमत', 'क़ीमत', 'दाम', 'खर्च', 'खर्चा', 'लागत']],
  ['save', ['save', 'saving', 'savings', 'saved', 'bachat', 'bachega', 'bachegi', 'bachenge', 'bachta', 'बचत', 'बचेगा', 'बचेगी', 'बचेंगे']],
  ['free', ['free', 'muft', 'mufat', 'मुफ्त', 'मुफ़्त', 'फ्री']],
  ['electricity', ['electricity', 'power', 'bijli', 'bijlee', 'बिजली']],
  ['outage', ['powercut', 'shedding', 'gul', 'kategi', 'katne', 'katna', 'कटने', 'कटेगी', 'कटौती', 'गुल']],
  ['battery', ['battery', 'batteries', 'betri', 'batri', 'बैटरी']],
  ['subsidy', ['subsidy', 'subsidies', 'sabsidi', 'anudan', 'सब्सिडी', 'अनुदान']],
  ['government', ['government', 'govt', 'sarkar', 'sarkari', 'सरकार', 'सरकारी']],
  ['job', ['employee', 'employees', 'naukri', 'karmchari', 'कर्मचारी', 'नौकरी']],
  ['apply', ['apply', 'application', 'applying', 'register', 'registration', 'aavedan', 'avedan', 'आवेदन', 'रजिस्ट्रेशन']],
  ['time', ['time', 'long', 'days', 'samay', 'समय']],
  ['mono', ['mono', 'monocrystalline', 'monoperc', 'मोनो']],
  ['poly', ['poly', 'polycrystalline', 'पॉली']],
  ['area', ['area', 'space', 'sqft', 'sqm', 'jagah', 'jagha', 'जगह']],
  ['size', ['size', 'capacity', 'kshamata', 'क्षमता', 'साइज']],
  ['account', ['account', 'khata', 'khaata', 'खाता', 'खाते']],
  ['meter', ['meter', 'metre', 'meters', 'mitar', 'मीटर']],
  ['tenant', ['tenant', 'tenants', 'rent', 'rented', 'renting', 'kiraya', 'kirayedar', 'kiraye', 'किराया', 'किरायेदार', 'किराएदार', 'किराए']],
  ['owner', ['owner', 'landlord', 'malik', 'maalik', 'मालिक', 'मकान-मालिक']],
  ['extra', ['extra', 'excess', 'surplus', 'leftover', 'atirikt', 'बची', 'अतिरिक्त', 'ज्यादा', 'ज़्यादा']],
  ['daily', ['daily', 'day', 'roz', 'roj', 'din', 'prati', 'रोज', 'रोज़', 'दिन']],
  ['worth', ['worth', 'faydemand', 'fayda', 'labh', 'sauda', 'फायदा', 'फ़ायदा', 'लाभ', 'फायदेमंद', 'सौदा']],
  ['cheap', ['cheap', 'cheaper', 'cheapest', 'sasta', 'sasti', 'saste', 'सस्ता', 'सस्ती', 'सस्ते']],
  ['expensive', ['expensive', 'costly', 'costlier', 'pricey', 'mehenga', 'mehengi', 'mehenge', 'mahanga', 'mahange', 'महँगा', 'महंगा', 'महँगे', 'महंगे', 'महँगी', 'महंगी']],
  ['last', ['last', 'final', 'deadline', 'antim', 'aakhiri', 'akhri', 'अंतिम', 'आखिरी', 'आख़िरी']],
  ['date', ['date', 'dates', 'tarikh', 'tareekh', 'तारीख', 'तारीख़']],
  ['differ', ['different', 'difference', 'differ', 'differs', 'vary', 'varies', 'alag', 'farak', 'fark', 'antar', 'अलग', 'फ़र्क़', 'फर्क', 'फ़र्क', 'अंतर']],
  ['usage', ['usage', 'consumption', 'consume', 'khapat', 'kharpat', 'खपत']],
  ['big', ['big', 'bigger', 'large', 'larger', 'oversize', 'oversized', 'bada', 'badi', 'bade', 'बड़ा', 'बड़ी', 'बड़े', 'बडा', 'बडे']],
  // Question words: "how much" and "why" ask different things about the same topic.
  ['howmuch', ['kitna', 'kitni', 'kitne', 'kitnaa', 'कितना', 'कितनी', 'कितने', 'howmuch', 'howmany']],
  ['when', ['when', 'kab', 'कब', 'kabtak']],
  ['why', ['why', 'kyon', 'kyun', 'kyu', 'kyo', 'क्यों', 'क्यूं', 'क्यूँ']],
  ['how', ['how', 'kaise', 'kese', 'kaisay', 'कैसे', 'kis tarah']],
  ['myth', ['myth', 'myths', 'misconception', 'misconceptions', 'rumour', 'rumours', 'rumor', 'rumors', 'galat', 'galatfahmi', 'galatfehmi', 'galatfahmiyan', 'galatfehmiyan', 'bhram', 'afvah', 'afwah', 'afwahein', 'गलत', 'ग़लत', 'गलतफहमी', 'गलतफ़हमी', 'गलतफ़हमियाँ', 'गलतफहमियां', 'भ्रम', 'अफवाह', 'अफ़वाह', 'अफ़वाहें', 'अफवाहें']],
  ['again', ['again', 'dobara', 'dubara', 'doobara', 'दोबारा', 'दुबारा']],
  ['already', ['already', 'existing', 'mojuda', 'maujuda', 'मौजूदा']],
  ['wait', ['wait', 'waiting', 'delay', 'later', 'intezar', 'intezaar', 'intjar', 'ruk', 'ruku', 'rukun', 'rukna', 'इंतज़ार', 'इंतजार', 'रुक', 'रुकूँ', 'रुकूं', 'रुकना']],
  ['increase', ['increase', 'increases', 'increased', 'rise', 'rises', 'badhega', 'badhegi', 'badhenge', 'badh', 'barhega', 'barhegi', 'बढ़ेगा', 'बढ़ेगी', 'बढ़ेंगे', 'बढ़', 'बढ़ता', 'बढ़ती']],
  ['pocket', ['pocket', 'jeb', 'जेब']],
  ['without', ['without', 'bina', 'bin', 'बिना', 'बगैर', 'bagair']],
  ['process', ['process', 'procedure', 'steps', 'prakriya', 'prakriyaa', 'प्रक्रिया', 'tarika', 'tareeka', 'तरीका', 'तरीक़ा']],
  ['homeinverter', ['ups', 'luminous', 'microtek', 'लुमिनस', 'माइक्रोटेक']],
  ['village', ['village', 'villages', 'rural', 'gaon', 'gav', 'gaanv', 'gaaon', 'gramin', 'grameen', 'dehat', 'kasba', 'गाँव', 'गांव', 'ग्रामीण', 'देहात', 'कस्बा', 'कस्बे']],
  ['complaint', ['complaint', 'complaints', 'complain', 'escalate', 'shikayat', 'shikaayat', 'शिकायत']],
  ['unresponsive', ['unresponsive']],
  ['fraud', ['fraud', 'frauds', 'scam', 'scams', 'fake', 'dhokha', 'dhoka', 'dhokhadhadi', 'thagi', 'farzi', 'nakli', 'ghotala', 'jhansa', 'धोखा', 'धोखाधड़ी', 'ठगी', 'फ़र्ज़ी', 'फर्जी', 'नक़ली', 'नकली', 'घोटाला', 'झाँसा', 'झांसा']],
  ['manage', ['manage', 'handle', 'handles', 'runs', 'responsible', 'chalata', 'chalati', 'jimmedar', 'zimmedar', 'चलाता', 'चलाती', 'ज़िम्मेदार', 'जिम्मेदार']],
  ['centre', ['centre', 'center', 'central', 'kendra', 'kendriya', 'केंद्र', 'केन्द्र', 'केंद्रीय']],
  ['state', ['state', 'states', 'rajya', 'राज्य', 'राज्यों']],
  ['foreign', ['foreign', 'imported', 'import', 'chinese', 'china', 'videshi', 'विदेशी', 'इम्पोर्टेड', 'इंपोर्टेड', 'चाइनीज़', 'चाइनीज']],
  ['domestic', ['domestic', 'desi', 'देसी', 'देशी']],
  ['ground', ['ground', 'land', 'plot', 'courtyard', 'backyard', 'yard', 'garden', 'zameen', 'jameen', 'jamin', 'aangan', 'angan', 'ज़मीन', 'जमीन', 'आँगन', 'आंगन', 'प्लॉट', 'बगीचा', 'बगीचे']],
  ['appliance', ['appliance', 'appliances', 'ac', 'acs', 'fridge', 'cooler', 'geyser', 'एसी', 'फ्रिज', 'फ़्रिज', 'कूलर', 'गीज़र']],
  ['new', ['new', 'naya', 'naye', 'nayi', 'नया', 'नए', 'नये', 'नई']],
  ['waste', ['waste', 'wasted', 'bekar', 'बेकार']],
  ['repair', ['repair', 'repairs', 'maintenance', 'servicing', 'service', 'marammat', 'mentenance', 'मरम्मत', 'सर्विस', 'मेंटेनेंस']],
];
const CONCEPTS: Record<string, string> = {};
for (const [concept, words] of CONCEPT_WORDS) {
  for (const w of words) {
    // Numbers are never concepts ("co2" splits into "co" and "2": the "2" of "2 kW" is no environment word).
    for (const t of normalizeText(w).split(' ')) if (t && !/^\d/.test(t)) CONCEPTS[foldWord(t)] = `@${concept}`;
  }
}

// ---------------------------------------------------------------------------
// Domain words: the solar vocabulary. A question that has none of these (or
// their concept tokens) is not about rooftop solar ("best phone under 10000",
// "biryani recipe") and gets no match, however its other words score.

const DOMAIN_WORDS_RAW = [
  'solar', 'सोलर', 'सौर', 'saur', 'surya', 'सूर्य', 'suryaghar', 'sunshine', 'dhoop', 'dhup', 'धूप',
  'panel', 'पैनल', 'cells', 'module', 'modules', 'mono', 'monocrystalline', 'poly', 'polycrystalline', 'bifacial', 'topcon', 'perc', 'dcr', 'alm',
  'inverter', 'इन्वर्टर', 'इनवर्टर', 'ongrid', 'offgrid', 'hybrid', 'हाइब्रिड', 'grid', 'ग्रिड', 'net', 'नेट', 'netmetering', 'bidirectional',
  'kw', 'kilowatt', 'kwp', 'watt', 'वाट', 'unit', 'यूनिट', 'kwh', 'load', 'लोड', 'sanctioned', 'सैंक्शन', 'connection', 'कनेक्शन',
  'discom', 'डिस्कॉम', 'bill', 'बिल', 'electric', 'electrical', 'energy', 'ऊर्जा', 'urja', 'backup', 'बैकअप', 'generation', 'plant', 'system', 'सिस्टम',
  'install', 'installation', 'installed', 'इंस्टॉलेशन', 'scheme', 'yojana', 'योजना', 'muft', 'pm', 'sbi', 'एसबीआई', 'emi', 'quotation', 'quote', 'कोटेशन',
  'consumer', 'portal', 'पोर्टल', 'jansamarth', 'mnre', 'almm', 'ev', 'charging', 'khapat', 'खपत', 'consumption', 'payback',
];
const DOMAIN_CONCEPTS = [
  'subsidy', 'electricity', 'roof', 'battery', 'meter', 'loan', 'save', 'cost', 'outage', 'warranty', 'vendor', 'apply', 'eligible',
  'document', 'shade', 'clean', 'environment', 'repair', 'size', 'free', 'tenant', 'apartment', 'extra', 'worth', 'government', 'mono', 'poly',
];
let domainTokens: Set<string> | undefined;
/** True when a `tokenize` token is solar vocabulary (DOMAIN_WORDS_RAW, folded, or a domain concept). */
export function isDomainToken(token: string): boolean {
  if (!domainTokens) {
    domainTokens = new Set(DOMAIN_CONCEPTS.map((c) => `@${c}`));
    for (const w of DOMAIN_WORDS_RAW) for (const t of tokenize(w)) domainTokens.add(t);
  }
  return domainTokens.has(token);
}

// ---------------------------------------------------------------------------
// Other domains: words that place a question in another field even when it
// shares a solar word ("my phone's battery backup"); retrieval asks more of a
// match when the question has one that the matched entry's wordings do not.
// Like every list here, it holds only words the bank itself writes
// (lib/lexicon.test.ts), so it is short. ("Light" stays out: "light chali
// gayi" is a power cut.)

const OTHER_DOMAIN_RAW = ['phone', 'mobile', 'फोन', 'फ़ोन', 'मोबाइल', 'fixed', 'shares', 'match', 'pump', 'पंप'];
/** Words that are solar whatever else a question says ("battery", "backup", "loan", "bill" are not: phones and banks have them). */
const CORE_SOLAR_RAW = [
  'solar', 'सोलर', 'सौर', 'saur', 'suryaghar', 'surya', 'सूर्य', 'panel', 'पैनल', 'inverter', 'इन्वर्टर', 'rooftop', 'रूफटॉप', 'subsidy',
  'सब्सिडी', 'net meter', 'netmetering', 'discom', 'डिस्कॉम', 'kw', 'kilowatt', 'ongrid', 'offgrid', 'hybrid', 'dcr', 'mnre',
];
let coreSolarTokens: Set<string> | undefined;
/** True when a `tokenize` token is unmistakably solar (CORE_SOLAR_RAW, folded), whatever field the rest of the question is in. */
export function isCoreSolarToken(token: string): boolean {
  if (!coreSolarTokens) {
    coreSolarTokens = new Set();
    for (const w of CORE_SOLAR_RAW) for (const t of tokenize(w)) if (t !== '@meter') coreSolarTokens.add(t);
  }
  return coreSolarTokens.has(token);
}

let otherDomainTokens: Set<string> | undefined;
/** True when a `tokenize` token places a question in another field (OTHER_DOMAIN_RAW, folded). */
export function isOtherDomainToken(token: string): boolean {
  if (!otherDomainTokens) {
    otherDomainTokens = new Set();
    for (const w of OTHER_DOMAIN_RAW) for (const t of tokenize(w)) if (!t.startsWith('@')) otherDomainTokens.add(t);
  }
  return otherDomainTokens.has(token);
}

// ---------------------------------------------------------------------------
// Stopwords (function words only: question words such as "kitna", "kab",
// "how much" carry meaning in this domain and are kept).

const STOPWORDS_RAW = [
  // English
  'a', 'an', 'the', 'is', 'are', 'am', 'was', 'were', 'be', 'been', 'being', 'i', 'me', 'my', 'mine', 'we', 'our', 'us', 'you', 'your',
  'it', 'its', 'this', 'that', 'these', 'those', 'of', 'to', 'in', 'on', 'at', 'for', 'from', 'by', 'with', 'and', 'or', 'as', 'so',
  'do', 'does', 'did', 'can', 'could', 'will', 'would', 'should', 'shall', 'may', 'might', 'there', 'here', 'what', 'which', 'who',
  'please', 'tell', 'about', 'any', 'some', 'get', 'got', 'have', 'has', 'had', 'if', 'then', 'than', 'into', 'also', 'just', 'really',
  'much', 'many', 'very', 'know', 'want', 'hi', 'hello', 'sir', 'madam', 'ji', 'not', 'upto',
  // Hindi (Devanagari)
  'का', 'की', 'के', 'को', 'में', 'मे', 'से', 'पर', 'है', 'हैं', 'हूँ', 'हूं', 'हो', 'था', 'थी', 'थे', 'और', 'या', 'भी', 'तो', 'ही',
  'यह', 'ये', 'वह', 'वो', 'इस', 'उस', 'इसका', 'इसकी', 'इसके', 'मैं', 'मेरा', 'मेरी', 'मेरे', 'हम', 'हमारा', 'हमारी', 'हमारे', 'आप', 'आपका',
  'आपकी', 'आपके', 'एक', 'क्या', 'कृपया', 'बताइए', 'बताओ', 'बताएं', 'बताएँ', 'बताये', 'जी', 'ने', 'कोई', 'कुछ', 'अपने', 'अपना', 'अपनी',
  'होता', 'होती', 'होते', 'रहा', 'रही', 'रहे', 'जाता', 'जाती', 'जाते', 'करना', 'करें', 'करे', 'कर', 'सकता', 'सकती', 'सकते',
  // Hinglish
  'ka', 'ki', 'ke', 'ko', 'me', 'mein', 'main', 'se', 'par', 'pe', 'hai', 'hain', 'he', 'hoon', 'hu', 'ho', 'tha', 'thi', 'the', 'aur', 'ya',
  'bhi', 'to', 'toh', 'hi', 'yeh', 'ye', 'vo', 'woh', 'wo', 'is', 'us', 'iska', 'iski', 'iske', 'mera', 'meri', 'mere', 'hum', 'hamara',
  'hamari', 'hamare', 'humara', 'humari', 'humare', 'aap', 'aapka', 'aapki', 'aapke', 'apka', 'apki', 'apke', 'kya', 'kripya', 'batao',
  'bataiye', 'bataye', 'batayein', 'batana', 'ji', 'ne', 'koi', 'kuch', 'kuchh', 'apne', 'apna', 'apni', 'hota', 'hoti', 'hote',
  'raha', 'rahi', 'rahe', 'jata', 'jati', 'jate', 'karna', 'karen', 'kare', 'kar', 'sakta', 'sakti', 'sakte', 'plz', 'pls', 'bhai',
];

const STOPWORDS = new Set(STOPWORDS_RAW.map((w) => foldWord(hasDevanagari(w) ? transliterateWord(w) : w)));
const WRITTEN_STOPWORDS = new Set(STOPWORDS_RAW);
/** True when a word as written (lower case) is one of the function words: "car" is not, though it folds to "kar". */
export function isWrittenStopword(word: string): boolean {
  return WRITTEN_STOPWORDS.has(word.toLowerCase());
}

/**
 * The retrieval tokens of a text: `normalizeText`, then each word folded
 * (`foldWord`), stopwords removed, and (unless `concepts: false`, e.g. for
 * prefix typeahead) words of one meaning written as their concept token
 * ("papers", "कागजात" -> "@document"). Numbers stay as digits, units as
 * "kv" (kw folded), "unit", "rs". Same output for the same question in
 * Devanagari, Hinglish spellings or (for shared words) English.
 */
export function tokenize(text: string, opts: { concepts?: boolean } = {}): string[] {
  const folded = normalizeText(text).split(' ').filter(Boolean).map(foldWord)
    .filter((t) => t.length > 0 && !STOPWORDS.has(t));
  return opts.concepts === false ? folded : folded.map((t) => CONCEPTS[t] ?? t);
}

/**
 * A coarser phonetic key of a folded token: its first letter and its
 * consonants (vowels dropped), so "subsid"/"sabsid" -> "sbsd" and
 * "kitn" -> "ktn". Empty for numbers and very short tokens.
 */
export function consonantKey(folded: string): string {
  if (folded.length < 4 || /^\d/.test(folded)) return '';
  return folded[0] + folded.slice(1).replace(/[aeiouy]/g, '');
}

/**
 * The word lists of this file, raw as written, for the lexicon audit
 * (lexicon.test.ts): each word must occur in the question bank, in some form,
 * or have a stated reason there. (The unit spellings of UNIT_RULES are
 * spellings of the units the bank writes: Rs, kW, units, lakh, sq ft, m2.)
 */
export const LEXICON = {
  numberWords: Object.keys(NUMBER_WORDS),
  unitAfter: [...UNIT_AFTER],
  orWords: [...OR_WORDS],
  gridSide: Object.keys(GRID_SIDE),
  phrases: PHRASES_RAW.map(([from]) => from),
  phrasalUp: [...PHRASAL_UP],
  variants: VARIANT_WORDS.flatMap(([words]) => words),
  concepts: CONCEPT_WORDS.flatMap(([, words]) => words),
  domain: DOMAIN_WORDS_RAW,
  coreSolar: CORE_SOLAR_RAW,
  otherDomain: OTHER_DOMAIN_RAW,
  stopwords: STOPWORDS_RAW,
};
