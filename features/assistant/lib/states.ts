import type { ChatLanguage } from '../schemas';
import { normalizeText } from './normalize';
import { hasDevanagari, transliterateWord } from './transliterate';

/**
 * India's 28 states and 8 union territories as people name them in a chat:
 * full name, common abbreviation, Hindi name (Devanagari), Hinglish
 * spellings, and major cities (every state and UT capital and the largest
 * cities) mapped to their state. The reader works on `normalizeText` output
 * (Devanagari transliterated, so "हिमाचल" and "himachal" meet), folds
 * spelling lightly (`placeFold`), matches whole words only and takes the
 * longest name at each position, so "Himachal Pradesh" is never Andhra
 * Pradesh, "Arunachal" never Andhra, "Uttarakhand" never Uttar Pradesh and
 * "Pradesh" alone is no state. A place it does not know is reported as
 * unknown, never guessed.
 *
 * Decisions (docs/decisions/016-assistant-understanding.md):
 * - "UK" is not read as Uttarakhand: in English it is the United Kingdom,
 *   and the vehicle-plate use is rare in questions; it is a place outside
 *   India, so the answer says which places it knows instead of guessing.
 * - "UP", "AP", "MP", "HP" follow `normalizeText` (capitals are states, "5 HP"
 *   is horsepower, "up to"/"set up" are not Uttar Pradesh), as retrieval does;
 *   lower-case "mp"/"hp" are states only before "me"/"mein"/"में" ("mp me
 *   subsidy"); lower-case "ap" never (in Hinglish it is "aap", you).
 * - Gaya, Mandi, Sagar, Anand, Puri are left out as common words or names.
 * - Gaya (Bihar) is left out: "gaya"/"गया" is the common Hindi verb "went".
 *   Bilaspur is read as Chhattisgarh's (the larger city; Himachal has a town
 *   of that name). Amravati (Maharashtra) and Amaravati (Andhra's capital)
 *   are told apart by their spelling only.
 */

/** Keys of the 36 states and union territories. */
export type StateKey =
  | 'andhra-pradesh' | 'arunachal-pradesh' | 'assam' | 'bihar' | 'chhattisgarh' | 'goa' | 'gujarat' | 'haryana'
  | 'himachal-pradesh' | 'jharkhand' | 'karnataka' | 'kerala' | 'madhya-pradesh' | 'maharashtra' | 'manipur'
  | 'meghalaya' | 'mizoram' | 'nagaland' | 'odisha' | 'punjab' | 'rajasthan' | 'sikkim' | 'tamil-nadu' | 'telangana'
  | 'tripura' | 'uttar-pradesh' | 'uttarakhand' | 'west-bengal'
  | 'andaman-nicobar' | 'chandigarh' | 'dadra-nagar-haveli-daman-diu' | 'delhi' | 'jammu-kashmir' | 'ladakh'
  | 'lakshadweep' | 'puducherry';

/** One state or UT: display names, whether it is a union territory, and the names people write for it. */
export interface StateInfo {
  key: StateKey;
  english: string;
  hindi: string;
  ut: boolean;
  /** Names of the state itself (any script, any spelling people use). */
  names: string[];
  /** Cities in it (any script). */
  cities: string[];
}

const S = (key: StateKey, english: string, hindi: string, names: string[], cities: string[], ut = false): StateInfo =>
  ({ key, english, hindi, ut, names: [english, hindi, ...names], cities });

/** The 36 states and UTs with their names and major cities. */
export const STATES: readonly StateInfo[] = [
  S('andhra-pradesh', 'Andhra Pradesh', 'आंध्र प्रदेश', ['andhra', 'andhrapradesh', 'andra pradesh', 'andra', 'आंध्र', 'आन्ध्र प्रदेश', 'आंध्रप्रदेश'],
    ['Visakhapatnam', 'Vizag', 'Vishakhapatnam', 'विशाखापत्तनम', 'Vijayawada', 'विजयवाड़ा', 'Guntur', 'Nellore', 'Kurnool', 'Tirupati', 'तिरुपति', 'Kakinada', 'Rajahmundry', 'Rajamahendravaram', 'Amaravati', 'अमरावती', 'Anantapur', 'Kadapa', 'Eluru', 'Ongole', 'Chittoor', 'Srikakulam', 'Vizianagaram', 'Nandyal']),
  S('arunachal-pradesh', 'Arunachal Pradesh', 'अरुणाचल प्रदेश', ['arunachal', 'arunachal pardesh', 'अरुणाचल'], ['Itanagar', 'ईटानगर', 'Tawang']),
  S('assam', 'Assam', 'असम', ['asam', 'आसाम'], ['Guwahati', 'Gauhati', 'गुवाहाटी', 'Dispur', 'दिसपुर', 'Silchar', 'Dibrugarh', 'Jorhat', 'Tezpur']),
  S('bihar', 'Bihar', 'बिहार', [], ['Patna', 'पटना', 'Muzaffarpur', 'मुजफ्फरपुर', 'Bhagalpur', 'भागलपुर', 'Darbhanga', 'दरभंगा', 'Purnia', 'Arrah', 'Begusarai', 'Bihar Sharif', 'Chapra', 'Hajipur', 'Sasaram', 'Siwan', 'Motihari', 'Munger', 'Katihar']),
  S('chhattisgarh', 'Chhattisgarh', 'छत्तीसगढ़', ['chattisgarh', 'chhatisgarh', 'chatisgarh', 'cg'], ['Raipur', 'रायपुर', 'Bhilai', 'भिलाई', 'Bilaspur', 'बिलासपुर', 'Durg', 'Korba', 'Nava Raipur', 'Rajnandgaon', 'Jagdalpur']),
  S('goa', 'Goa', 'गोवा', [], ['Panaji', 'Panjim', 'पणजी', 'Margao', 'Vasco da Gama', 'Mapusa']),
  S('gujarat', 'Gujarat', 'गुजरात', ['gujrat', 'gujarath'], ['Ahmedabad', 'Amdavad', 'अहमदाबाद', 'Surat', 'सूरत', 'Vadodara', 'Baroda', 'वडोदरा', 'Rajkot', 'राजकोट', 'Bhavnagar', 'Jamnagar', 'Gandhinagar', 'गांधीनगर', 'Junagadh', 'Nadiad', 'Mehsana', 'Morbi', 'Bharuch', 'Navsari', 'Gandhidham', 'Vapi']),
  S('haryana', 'Haryana', 'हरियाणा', ['hariyana', 'haryana state'], ['Gurugram', 'Gurgaon', 'गुरुग्राम', 'गुड़गांव', 'Faridabad', 'फरीदाबाद', 'Panipat', 'पानीपत', 'Rohtak', 'रोहतक', 'Hisar', 'Hissar', 'हिसार', 'Ambala', 'Karnal', 'करनाल', 'Sonipat', 'Sonepat', 'Yamunanagar', 'Panchkula', 'Bhiwani', 'Sirsa']),
  S('himachal-pradesh', 'Himachal Pradesh', 'हिमाचल प्रदेश', ['himachal', 'himachal pardesh', 'himachalpradesh', 'हिमाचल'], ['Shimla', 'Simla', 'शिमला', 'Dharamshala', 'Dharamsala', 'धर्मशाला', 'Solan', 'सोलन', 'Kullu', 'Manali', 'मनाली', 'Hamirpur']),
  S('jharkhand', 'Jharkhand', 'झारखंड', ['jharkhand', 'jharkhnad', 'झारखण्ड'], ['Ranchi', 'रांची', 'Jamshedpur', 'जमशेदपुर', 'Dhanbad', 'धनबाद', 'Bokaro', 'बोकारो', 'Deoghar', 'Hazaribagh']),
  S('karnataka', 'Karnataka', 'कर्नाटक', ['karnatak'], ['Bengaluru', 'Bangalore', 'बेंगलुरु', 'बैंगलोर', 'बंगलौर', 'Mysuru', 'Mysore', 'मैसूर', 'Hubballi', 'Hubli', 'Dharwad', 'Mangaluru', 'Mangalore', 'मंगलौर', 'Belagavi', 'Belgaum', 'Kalaburagi', 'Gulbarga', 'Davanagere', 'Ballari', 'Bellary', 'Shivamogga', 'Shimoga', 'Tumakuru', 'Tumkur', 'Vijayapura', 'Bijapur', 'Raichur', 'Bidar', 'Hospet']),
  S('kerala', 'Kerala', 'केरल', ['keral', 'kerela', 'केरला'], ['Thiruvananthapuram', 'Trivandrum', 'तिरुवनंतपुरम', 'Kochi', 'Cochin', 'कोच्चि', 'Kozhikode', 'Calicut', 'Thrissur', 'Kollam', 'Kannur', 'Ernakulam', 'Alappuzha', 'Alleppey', 'Kottayam', 'Palakkad']),
  S('madhya-pradesh', 'Madhya Pradesh', 'मध्य प्रदेश', ['madhyapradesh', 'madhya pardesh', 'madhya', 'मध्यप्रदेश'], ['Bhopal', 'भोपाल', 'Indore', 'इंदौर', 'Gwalior', 'ग्वालियर', 'Jabalpur', 'जबलपुर', 'Ujjain', 'उज्जैन', 'Satna', 'Ratlam', 'Rewa', 'Dewas', 'Burhanpur', 'Khandwa', 'Morena', 'Bhind', 'Shivpuri', 'Singrauli', 'Katni']),
  S('maharashtra', 'Maharashtra', 'महाराष्ट्र', ['maharastra', 'maharashtr', 'maharashtra state'], ['Mumbai', 'Bombay', 'मुंबई', 'मुम्बई', 'Navi Mumbai', 'Pune', 'Poona', 'पुणे', 'Nagpur', 'नागपुर', 'Nashik', 'Nasik', 'नासिक', 'Thane', 'ठाणे', 'Aurangabad', 'Chhatrapati Sambhajinagar', 'औरंगाबाद', 'Solapur', 'Kolhapur', 'कोल्हापुर', 'Amravati', 'Vasai', 'Virar', 'Kalyan', 'Dombivli', 'Bhiwandi', 'Sangli', 'Jalgaon', 'Akola', 'Latur', 'Nanded', 'Malegaon', 'Dhule', 'Ahmednagar', 'Pimpri', 'Chinchwad', 'Mira Bhayandar', 'Mira Road', 'Bhayandar', 'Ulhasnagar', 'Satara', 'Chandrapur', 'Parbhani', 'Jalna', 'Ichalkaranji', 'Panvel']),
  S('manipur', 'Manipur', 'मणिपुर', ['manipur state'], ['Imphal', 'इंफाल']),
  S('meghalaya', 'Meghalaya', 'मेघालय', [], ['Shillong', 'शिलांग', 'Tura']),
  S('mizoram', 'Mizoram', 'मिज़ोरम', ['मिजोरम'], ['Aizawl', 'आइजोल']),
  S('nagaland', 'Nagaland', 'नगालैंड', ['नागालैंड'], ['Kohima', 'कोहिमा', 'Dimapur']),
  S('odisha', 'Odisha', 'ओडिशा', ['orissa', 'odissa', 'उड़ीसा', 'ओड़िशा'], ['Bhubaneswar', 'Bhubaneshwar', 'भुवनेश्वर', 'Cuttack', 'कटक', 'Rourkela', 'Berhampur', 'Brahmapur', 'Sambalpur', 'Balasore', 'Baleshwar']),
  S('punjab', 'Punjab', 'पंजाब', ['panjab'], ['Ludhiana', 'लुधियाना', 'Amritsar', 'अमृतसर', 'Jalandhar', 'Jullundur', 'जालंधर', 'Patiala', 'पटियाला', 'Bathinda', 'Bhatinda', 'Mohali', 'मोहाली', 'Pathankot', 'Hoshiarpur']),
  S('rajasthan', 'Rajasthan', 'राजस्थान', ['rajsthan', 'rajastan'], ['Jaipur', 'जयपुर', 'Jodhpur', 'जोधपुर', 'Udaipur', 'उदयपुर', 'Kota', 'कोटा', 'Bikaner', 'बीकानेर', 'Ajmer', 'अजमेर', 'Alwar', 'अलवर', 'Bhilwara', 'Sikar', 'सीकर', 'Bharatpur', 'Sri Ganganagar', 'Barmer', 'Chittorgarh']),
  S('sikkim', 'Sikkim', 'सिक्किम', [], ['Gangtok', 'गंगटोक']),
  S('tamil-nadu', 'Tamil Nadu', 'तमिलनाडु', ['tamilnadu', 'tamil naadu', 'tn', 'तमिल नाडु', 'तमिलनाड'], ['Chennai', 'Madras', 'चेन्नई', 'Coimbatore', 'कोयंबटूर', 'Madurai', 'मदुरै', 'Tiruchirappalli', 'Trichy', 'Salem', 'Tiruppur', 'Erode', 'Vellore', 'Tirunelveli', 'Thoothukudi', 'Tuticorin', 'Hosur', 'Thanjavur', 'Dindigul', 'Nagercoil', 'Kanchipuram', 'Karur']),
  S('telangana', 'Telangana', 'तेलंगाना', ['telengana', 'telangana state'], ['Hyderabad', 'हैदराबाद', 'Secunderabad', 'Warangal', 'वारंगल', 'Karimnagar', 'Nizamabad', 'Khammam', 'Ramagundam', 'Mahbubnagar', 'Nalgonda', 'Adilabad', 'Suryapet']),
  S('tripura', 'Tripura', 'त्रिपुरा', [], ['Agartala', 'अगरतला']),
  S('uttar-pradesh', 'Uttar Pradesh', 'उत्तर प्रदेश', ['uttarpradesh', 'uttar pardesh', 'utter pradesh', 'u.p.', 'यूपी', 'उत्तरप्रदेश'],
    ['Lucknow', 'लखनऊ', 'Kanpur', 'कानपुर', 'Ghaziabad', 'गाज़ियाबाद', 'गाजियाबाद', 'Agra', 'आगरा', 'Varanasi', 'Banaras', 'Benares', 'वाराणसी', 'बनारस', 'Meerut', 'मेरठ', 'Prayagraj', 'Allahabad', 'प्रयागराज', 'इलाहाबाद', 'Noida', 'नोएडा', 'Greater Noida', 'Bareilly', 'बरेली', 'Aligarh', 'अलीगढ़', 'Moradabad', 'मुरादाबाद', 'Gorakhpur', 'गोरखपुर', 'Saharanpur', 'सहारनपुर', 'Jhansi', 'झांसी', 'Firozabad', 'Mathura', 'मथुरा', 'Ayodhya', 'अयोध्या', 'Muzaffarnagar', 'Shahjahanpur', 'Rampur', 'Mirzapur', 'Hapur', 'Etawah', 'Bulandshahr', 'Rae Bareli', 'Raebareli', 'Faizabad', 'Bahraich', 'Unnao', 'Jaunpur', 'Loni']),
  S('uttarakhand', 'Uttarakhand', 'उत्तराखंड', ['uttrakhand', 'utrakhand', 'uttarakhand state', 'uttaranchal', 'उत्तराखण्ड', 'उत्तरांचल'], ['Dehradun', 'देहरादून', 'Haridwar', 'हरिद्वार', 'Rishikesh', 'ऋषिकेश', 'Haldwani', 'हल्द्वानी', 'Roorkee', 'रुड़की', 'Nainital', 'नैनीताल', 'Rudrapur', 'Kashipur']),
  S('west-bengal', 'West Bengal', 'पश्चिम बंगाल', ['bengal', 'westbengal', 'paschim bangal', 'paschim banga', 'wb', 'बंगाल'], ['Kolkata', 'Calcutta', 'कोलकाता', 'कलकत्ता', 'Howrah', 'हावड़ा', 'Durgapur', 'Asansol', 'Siliguri', 'सिलीगुड़ी', 'Bardhaman', 'Kharagpur', 'Malda', 'Haldia', 'Baharampur']),
  S('andaman-nicobar', 'Andaman and Nicobar Islands', 'अंडमान और निकोबार', ['andaman', 'nicobar', 'andaman nicobar', 'andaman and nicobar', 'andaman & nicobar', 'अंडमान', 'निकोबार', 'अंडमान निकोबार', 'अंडमान-निकोबार'], ['Port Blair', 'Sri Vijaya Puram', 'पोर्ट ब्लेयर'], true),
  S('chandigarh', 'Chandigarh', 'चंडीगढ़', [], [], true),
  S('dadra-nagar-haveli-daman-diu', 'Dadra and Nagar Haveli and Daman and Diu', 'दादरा और नगर हवेली और दमन और दीव', ['dadra', 'nagar haveli', 'dadra nagar haveli', 'daman', 'diu', 'daman diu', 'दादरा', 'नगर हवेली', 'दमन', 'दीव'], ['Silvassa', 'सिलवासा'], true),
  S('delhi', 'Delhi', 'दिल्ली', ['dilli', 'delhi ncr', 'new delhi', 'nai dilli', 'ncr delhi', 'नई दिल्ली', 'देहली'], ['Dwarka', 'Rohini', 'Shahdara'], true),
  S('jammu-kashmir', 'Jammu and Kashmir', 'जम्मू-कश्मीर', ['jammu', 'kashmir', 'j&k', 'j & k', 'jammu kashmir', 'jammu & kashmir', 'jammu aur kashmir', 'जम्मू', 'कश्मीर', 'जम्मू कश्मीर', 'जम्मू और कश्मीर'], ['Srinagar', 'श्रीनगर', 'Anantnag', 'अनंतनाग', 'Baramulla', 'Udhampur', 'Kathua'], true),
  S('ladakh', 'Ladakh', 'लद्दाख', ['laddakh', 'ladakh ut'], ['Leh', 'लेह', 'Kargil', 'कारगिल'], true),
  S('lakshadweep', 'Lakshadweep', 'लक्षद्वीप', ['lakshadvip', 'lakshdweep'], ['Kavaratti', 'कवरत्ती'], true),
  S('puducherry', 'Puducherry', 'पुडुचेरी', ['pondicherry', 'pondy', 'puduchery', 'पांडिचेरी'], ['Karaikal', 'Yanam'], true),
];

/**
 * Special-category states and UTs for central assistance (fact sheet,
 * Subsidy [5]): the North-East (Arunachal, Assam, Manipur, Meghalaya,
 * Mizoram, Nagaland, Sikkim, Tripura), J&K, Ladakh, Himachal Pradesh,
 * Uttarakhand, and the islands (Andaman and Nicobar, Lakshadweep).
 */
export const SPECIAL_CATEGORY_STATES: ReadonlySet<StateKey> = new Set<StateKey>([
  'arunachal-pradesh', 'assam', 'manipur', 'meghalaya', 'mizoram', 'nagaland', 'sikkim', 'tripura',
  'jammu-kashmir', 'ladakh', 'himachal-pradesh', 'uttarakhand', 'andaman-nicobar', 'lakshadweep',
]);

/** Places outside India people may name ("UK" included: see the module note); reported as unknown, never as a state. */
const FOREIGN_PLACES = ['uk', 'u.k.', 'united kingdom', 'england', 'london', 'u.s.a.', 'america', 'united states', 'canada', 'australia', 'dubai', 'uae', 'nepal', 'bangladesh', 'pakistan', 'sri lanka', 'srilanka', 'bhutan', 'singapore', 'germany', 'अमेरिका', 'नेपाल', 'दुबई', 'लंदन', 'इंग्लैंड', 'बांग्लादेश', 'पाकिस्तान', 'कनाडा'];

/** A state found in a text. */
export interface StateMatch {
  key: StateKey;
  /** Display name in English and Hindi. */
  english: string;
  hindi: string;
  /** The words of the text that named it, as normalised. */
  matched: string;
  /** The city named, when the state was reached through one (its Latin name as listed, whichever script the text used). */
  city?: string;
  specialCategory: boolean;
  ut: boolean;
}

/**
 * A light spelling fold for place names: long vowels and doubled letters
 * single (Devanagari "दिल्ली" -> "dillii" and "dilli" both -> "dili"),
 * w -> v, ph -> f, z -> j, aspirated "chh" -> "ch", and a final "a" dropped
 * from words of 5+ letters ("karnataka"/"कर्नाटक" -> "karnatak"). Lighter
 * than retrieval's fold, so place names do not meet common words ("dil").
 */
export function placeFold(word: string): string {
  if (/^\d/.test(word)) return word;
  let w = word.replace(/ph/g, 'f').replace(/w/g, 'v').replace(/z/g, 'j').replace(/chh/g, 'ch').replace(/ee/g, 'i').replace(/oo/g, 'u');
  w = w.replace(/(.)\1+/g, '$1');
  if (w.length >= 5) w = w.replace(/a$/, '');
  return w;
}

/** Words of a text as the place reader compares them: `normalizeText`, then `placeFold`. */
export function placeTokens(text: string): string[] {
  return normalizeText(text).split(' ').filter(Boolean).map(placeFold);
}

interface Entry { words: string[]; key: StateKey | null; city?: string; foreign?: string }
let table: Map<string, Entry[]> | undefined;

function aliasWords(name: string): string[] {
  // Names are short; transliterate Devanagari word by word exactly as normalizeText does for a question.
  const t = placeTokens(name);
  return t.length ? t : placeTokens(name.split(' ').map((w) => (hasDevanagari(w) ? transliterateWord(w) : w)).join(' '));
}

function placeTable(): Map<string, Entry[]> {
  if (table) return table;
  const m = new Map<string, Entry[]>();
  const add = (name: string, e: Omit<Entry, 'words'>) => {
    const words = aliasWords(name);
    if (!words.length) return;
    const list = m.get(words[0]!) ?? [];
    if (!list.some((x) => x.words.join(' ') === words.join(' '))) list.push({ words, ...e });
    list.sort((a, b) => b.words.length - a.words.length);
    m.set(words[0]!, list);
  };
  for (const s of STATES) {
    for (const n of s.names) add(n, { key: s.key });
    // A Devanagari city name follows its Latin one in the list: the match reports the Latin (display) form.
    let latin = '';
    for (const c of s.cities) {
      if (!hasDevanagari(c)) latin = c;
      add(c, { key: s.key, city: latin || c });
    }
  }
  for (const f of FOREIGN_PLACES) add(f, { key: null, foreign: f });
  table = m;
  return m;
}

/** Every name the reader knows for a state (names and cities, as written in STATES). */
export function stateNamesOf(key: StateKey): string[] {
  const s = STATES.find((x) => x.key === key)!;
  return [...s.names, ...s.cities];
}

/** The StateInfo of a key. */
export function stateInfo(key: StateKey): StateInfo {
  return STATES.find((x) => x.key === key)!;
}

/** Result of reading places: states found in order (no repeats), and places that are not Indian states. */
export interface PlaceReading {
  states: StateMatch[];
  /** Places named that are not states or UTs of India (e.g. "UK", "Dubai"), as written in the list. */
  foreign: string[];
}

/**
 * Reads the places a text names, in order: states and UTs (by name, abbreviation,
 * Hindi name, Hinglish spelling or city) and places outside India.
 * Whole words only, longest name first at each position.
 * @example readPlaces('Himachal Pradesh mein subsidy').states[0].key // 'himachal-pradesh'
 * @example readPlaces('लखनऊ में 3 kW').states[0].city // 'Lucknow'
 */
export function readPlaces(text: string): PlaceReading {
  // Lower-case "mp"/"hp" are states only before a Hindi postposition ("mp me subsidy"); "ap" is "aap" (you) in Hinglish.
  const spelled = text.replace(/(?<![A-Za-z\d]\s?)\b(mp|hp)\s+(?=(?:me|mein|main|mai|में)\b|में)/gi,
    (m, abbr: string) => (abbr.toLowerCase() === 'mp' ? 'madhya pradesh ' : 'himachal pradesh '));
  const tokens = placeTokens(spelled);
  const t = placeTable();
  const states: StateMatch[] = [];
  const foreign: string[] = [];
  /** Where the last city's state was read, and where its words end: a state named right after it places the city. */
  let lastCity: { at: number; end: number } | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const hit = t.get(tokens[i]!)?.find((e) => e.words.every((w, j) => tokens[i + j] === w));
    if (!hit) continue;
    const start = i;
    i += hit.words.length - 1;
    if (hit.key === null) {
      if (!foreign.includes(hit.foreign!)) foreign.push(hit.foreign!);
      continue;
    }
    // "Hamirpur UP", "Bilaspur Chhattisgarh": a city of two states is the one of the state named right after it.
    if (!hit.city && lastCity && lastCity.end === start - 1 && states[lastCity.at]?.key !== hit.key) states.splice(lastCity.at, 1);
    lastCity = null;
    if (states.some((s) => s.key === hit.key)) continue;
    if (hit.city) lastCity = { at: states.length, end: i };
    const info = stateInfo(hit.key);
    states.push({
      key: hit.key, english: info.english, hindi: info.hindi, matched: hit.words.join(' '),
      ...(hit.city ? { city: hit.city } : {}), specialCategory: SPECIAL_CATEGORY_STATES.has(hit.key), ut: info.ut,
    });
  }
  return { states, foreign };
}

/** The first state or UT a text names, or null. */
export function findState(text: string): StateMatch | null {
  return readPlaces(text).states[0] ?? null;
}

/** A state's name in the asker's language (Hindi answers use the Devanagari name). */
export function stateName(key: StateKey, language: ChatLanguage): string {
  const s = stateInfo(key);
  return language === 'hindi' ? s.hindi : s.english;
}
