import { describe, expect, it } from 'vitest';
import { carryConversation, carryToLaterParts, conversationAfter, splitCompound, type Conversation } from './compound';
import type { ChatLanguage } from '../schemas';
import { understand } from './understand';

/** The new message's first question with the chat's context carried in. */
function carried(history: string[], message: string, language: ChatLanguage) {
  const part = splitCompound(message, language)[0]!;
  return carryConversation(part, conversationAfter(history, language), language);
}

describe('a chat\'s context (conversationAfter)', () => {
  it.each<[ChatLanguage, string]>([
    ['english', 'How much subsidy for a 3 kW system in Delhi?'],
    ['hindi', 'दिल्ली में 3 किलोवाट पर कितनी सब्सिडी मिलेगी?'],
    ['hinglish', 'delhi me 3kw pe subsidy kitni milegi?'],
  ])('keeps the subject, the size and the place of the last question (%s)', (language, q) => {
    const c = conversationAfter([q], language)!;
    expect(c.kw).toBe(3);
    expect(c.state).toBe('Delhi');
    expect(c.subject).not.toBe('');
  });

  it.each<[ChatLanguage, string[], Partial<Conversation>]>([
    ['english', ['How much subsidy for 3 kW?', 'and for 5 kW?'], { kw: 5 }],
    ['hindi', ['3 किलोवाट पर कितनी सब्सिडी मिलेगी?', 'और 5 किलोवाट पर?'], { kw: 5 }],
    ['hinglish', ['3kw pe subsidy kitni milegi?', 'aur 5 kw pe?'], { kw: 5 }],
    ['english', ['How much subsidy for 3 kW in Delhi?', 'what if we lived in Tripura?'], { kw: 3, state: 'Tripura' }],
    ['hinglish', ['3kw pe subsidy kitni milegi Delhi me?', 'aur agar hum Jaipur me hote to?'], { kw: 3, state: 'Rajasthan' }],
  ])('a follow-up replaces the value it gives and keeps the rest (%s: %j)', (language, history, want) => {
    const c = conversationAfter(history, language)!;
    expect(c).toMatchObject(want);
    // The subject is still the first question's.
    expect(c.subject).toBe(conversationAfter([history[0]!], language)!.subject);
  });

  it.each<[ChatLanguage, string[]]>([
    ['english', ['How much subsidy for 3 kW in Delhi?', 'What documents do I need to apply?']],
    ['hindi', ['दिल्ली में 3 किलोवाट पर कितनी सब्सिडी मिलेगी?', 'आवेदन के लिए कौन से दस्तावेज़ चाहिए?']],
    ['hinglish', ['delhi me 3kw pe subsidy kitni milegi?', 'apply karne ke liye kaunse documents chahiye?']],
  ])('a question on another subject that uses none of it starts afresh: no stale figures (%s)', (language, history) => {
    const c = conversationAfter(history, language);
    expect(c?.kw).toBeUndefined();
    expect(c?.state).toBeUndefined();
  });

  it('is empty in a new chat (a reset starts one)', () => {
    expect(conversationAfter([], 'english')).toBeNull();
    expect(carried([], 'and for 5 kW?', 'english').used).toBe(false);
  });

  it('an off-topic question leaves no subject to carry', () => {
    expect(conversationAfter(['who will win the cricket match today?'], 'english')).toBeNull();
  });
});

describe('a follow-up (carryConversation)', () => {
  it.each<[ChatLanguage, string[], string, RegExp]>([
    ['english', ['How much subsidy for a 3 kW system?'], 'And for 5 kW?', /5 kW.*subsid/i],
    ['hindi', ['3 किलोवाट पर कितनी सब्सिडी मिलेगी?'], 'और 5 किलोवाट पर?', /सब्सिडी/],
    ['hinglish', ['3kw pe subsidy kitni milegi?'], 'aur agar hum Jaipur me hote to?', /3 kW.*subsidy/i],
  ])('that only gives a new value asks about the chat\'s subject (%s)', (language, history, q, ask) => {
    const r = carried(history, q, language);
    expect(r.used).toBe(true);
    expect(r.part.ask).toMatch(ask);
    expect(r.part.text).toBe(splitCompound(q, language)[0]!.text);
  });

  it.each<[ChatLanguage, string[], string]>([
    ['english', ['What subsidy for 3 kW in Delhi?'], 'How much roof will that need?'],
    ['hindi', ['3 किलोवाट पर कितनी सब्सिडी मिलेगी?'], 'उसके लिए कितनी छत चाहिए?'],
    ['hinglish', ['3kw pe subsidy kitni milegi?'], 'kitni bijli banegi?'],
  ])('that asks a related quantity gets the chat\'s size (%s)', (language, history, q) => {
    const r = carried(history, q, language);
    expect(r.used).toBe(true);
    expect(r.part.carried).toContain('3 kW');
  });

  it('gives its own size and keeps it: the chat\'s is not added', () => {
    const r = carried(['How much subsidy for 3 kW?'], 'How much roof does a 5 kW system need?', 'english');
    expect(r.part.ask).not.toContain('3 kW');
  });

  it('a question that needs nothing of the chat is left as it is', () => {
    const r = carried(['How much subsidy for 3 kW?'], 'What is net metering?', 'english');
    expect(r.used).toBe(false);
  });

  it.each<[ChatLanguage, string[], string]>([
    ['english', ['My vendor quoted Rs 2.4 lakh for 3 kW. How much will I pay after subsidy?'], 'what if we lived in Delhi?'],
    ['hinglish', ['3kw ka quotation 2 lakh hai, subsidy ke baad kitna dena padega?'], 'aur agar UP me ho to?'],
    ['hindi', ['3 किलोवाट का कोटेशन 2 लाख है, सब्सिडी के बाद कितना देना होगा?'], 'अगर हम दिल्ली में हों तो?'],
  ])('keeps the quote while the size stays, for a new place (%s)', (language, history, q) => {
    const r = carried(history, q, language);
    expect(r.part.carried).toMatch(/quote Rs \d+/);
    expect(r.part.carried).toContain('3 kW');
  });

  it('drops the quote with a new size: it was the earlier size\'s price', () => {
    const r = carried(['My vendor quoted Rs 2.4 lakh for 3 kW. How much will I pay after subsidy?'], 'and for 5 kW?', 'english');
    expect(r.part.carried).not.toMatch(/Rs|2\.4|240000/);
  });

  it.each<[ChatLanguage, string[], string, RegExp]>([
    ['english', ['A 5 kW system costs Rs 4 lakh here. How much can SBI lend me?'], 'and if the quotation were 3 lakh?', /5 kW/],
    ['hindi', ['हमारी सोसाइटी में 40 घर हैं, कितनी सब्सिडी मिलेगी?'], 'और 90 घर हों तो?', /सब्सिडी/],
    ['hinglish', ['mera bill 2000 aata hai, 2kw ka quote 1.2 lakh hai, subsidy ke baad kitna?'], 'aur quote 1.5 lakh ho to?', /2 kW/],
  ])('a new quote or number of houses alone asks the chat\'s question again (%s)', (language, history, q, want) => {
    const r = carried(history, q, language);
    expect(r.used).toBe(true);
    expect(r.part.ask).toMatch(want);
  });

  it.each<[ChatLanguage, string, Partial<Conversation>]>([
    ['english', 'I got a quote of Rs 3 lakh for 4 kW in Jaipur. How much subsidy? And what will the SBI loan be?', { kw: 4, quote: 300000, state: 'Rajasthan' }],
    ['hindi', '4 किलोवाट का कोटेशन 3 लाख है। सब्सिडी कितनी है और लोन कितना मिलेगा?', { kw: 4, quote: 300000 }],
  ])('keeps the figures an earlier part of the message gave, with the last part\'s subject (%s)', (language, q, want) => {
    expect(conversationAfter([q], language)).toMatchObject(want);
  });

  it.each<[ChatLanguage, string, string, string]>([
    ['english', 'How many units a day will a 4 kW system in Kanpur make?', 'and a 6 kW one?', 'daily_units'],
    ['hindi', '२ किलोवाट सिस्टम महीने में कितनी बिजली बनाएगा?', 'और 4 किलोवाट वाला?', 'monthly_units'],
    ['hinglish', '4kw ke liye chhat kitni chahiye?', 'aur 7 kw ke liye?', 'area_for_kw'],
  ])('asks the chat\'s question again, without its old figures and place, of a new size (%s)', (language, first, q, intent) => {
    const r = carried([first], q, language);
    expect(r.part.ask).not.toMatch(/Kanpur|\b4 ?kW|२ किलोवाट|4kw/i);
    expect(understand(r.part.ask, language).intents).toContain(intent);
  });

  it.each<[ChatLanguage, string, string, string]>([
    ['english', 'How many units a month will a 3 kW system make?', 'and in a year?', 'yearly_units'],
    ['hinglish', '2kw se mahine me kitni unit banegi?', 'aur saal me?', 'yearly_units'],
  ])('reads a fragment of a few words as the chat\'s question (%s)', (language, first, q, intent) => {
    const r = carried([first], q, language);
    expect(r.used).toBe(true);
    expect(understand(r.part.ask, language).intents).toContain(intent);
  });

  it('asks a question of the quote\'s money of the chat\'s quote and size', () => {
    const r = carried(['6 kW ka quotation 4 lakh aaya hai, SBI loan kitna dega?'], 'to apni jeb se kitna lagega?', 'hinglish');
    expect(r.part.ask).toMatch(/6 kW/);
    expect(r.part.ask).toMatch(/400000/);
  });

  it('sizes a society anew from its houses, not from the chat\'s home size', () => {
    const r = carried(['What is the subsidy for 2 kW in Agartala?'], 'and for a housing society there with 40 homes?', 'english');
    expect(r.part.carried).not.toMatch(/2 kW/);
  });

  it('asks the chat\'s question again in the unit asked ("वर्ग फुट में बताओ")', () => {
    const r = carried(['5 किलोवाट के लिए कितनी छत चाहिए?'], 'वर्ग फुट में बताओ', 'hindi');
    expect(understand(r.part.ask, 'hindi').intents).toContain('area_for_kw');
    expect(r.part.ask).toMatch(/5 kW/);
  });

  it('asks the chat\'s last figure question again when a new size and place follow a question with no figure', () => {
    const r = carried(['How much subsidy for 3 kW in Kanpur?', 'What documents are needed?'], 'and for 2 kW in Surat?', 'english');
    expect(understand(r.part.ask, 'english').intents).toContain('subsidy');
    expect(r.part.ask).not.toMatch(/Kanpur|3 kW/);
  });

  it('reads "so how much in total?" and "oh wait, make it 2 kW" as the chat\'s question', () => {
    const r = carried(['4 kW in Agartala, subsidy?', 'oh wait, make it 2 kW'], 'so how much in total?', 'english');
    expect(r.part.ask).toMatch(/2 kW/);
    expect(r.part.ask).toMatch(/Tripura/);
  });

  it('asks a size question of the chat\'s society, and not a question about one\'s own home', () => {
    const society = carried(['hamari society me 40 ghar hai, subsidy kitni?'], 'to kitne kw ka plant lagega?', 'hinglish');
    expect(society.part.ask).toMatch(/40 houses/);
    const home = carried(['hamari society me 40 ghar hai, subsidy kitni?'], 'mere apne ghar pe 2 kW, uspe kitna milega?', 'hinglish');
    expect(home.part.ask).not.toMatch(/40 houses|society/);
  });

  it('keeps the figures of statements that name no subject ("Thinking of a 3 kW system", "We\'re in Port Blair")', () => {
    const c = conversationAfter(['Thinking of a 4 kW system', 'We live in Kohima', 'What would the subsidy be?'], 'english')!;
    expect(c).toMatchObject({ kw: 4, state: 'Nagaland' });
  });

  it('adds houses joined to the chat\'s society, and takes a total as given', () => {
    const added = carried(['hamari society me 60 ghar hai, subsidy kitni?'], 'agar 20 ghar aur jud jaye to?', 'hinglish');
    expect(understand(added.part.ask, 'hinglish').households).toBe(80);
    const total = carried(['Our society has 40 flats, how much subsidy?'], 'What if we count the new block, that makes 70 flats', 'english');
    expect(understand(total.part.ask, 'english').households).toBe(70);
  });

  it('reads a bare sum as the new quote in a chat about a quote', () => {
    const r = carried(['SBI loan for 2 kW quoted at Rs 1.3 lakh?'], 'and for 4 kW at 2.4 lakh?', 'english');
    expect(understand(r.part.ask, 'english').intents).toContain('loan_split');
  });

  it('keeps the chat\'s place for a new size alone, and takes none for a question with its own place', () => {
    const size = carried(['Delhi me 2 kw pe kitni subsidy?'], '5 kw lagwaun to kitna milega?', 'hinglish');
    expect(size.part.ask).toMatch(/Delhi/);
    const own = carried(['Delhi me 2 kw pe kitni subsidy?', 'net metering kya hai?'], 'mere mama Kota me 3kw lagwa rahe, unko kitni milegi?', 'hinglish');
    expect(own.part.ask).not.toMatch(/Delhi|net metering/);
  });

  it('asks a size question of the chat\'s monthly units', () => {
    const r = carried(['हमारी खपत हर महीने ५४० यूनिट है'], 'तो कितने किलोवाट लगवाएँ?', 'hindi');
    expect(r.part.ask).toMatch(/540 units a month/);
  });

  it('adds houses written in Devanagari digits', () => {
    const r = carried(['हमारी सोसाइटी में ४० फ्लैट हैं, कितनी सब्सिडी मिलेगी?'], 'अगर १२ फ्लैट और जुड़ जाएँ तो?', 'hindi');
    expect(understand(r.part.ask, 'hindi').households).toBe(52);
  });

  it('keeps the size through a question of the same money, and a statement through its figures', () => {
    const c = conversationAfter(['३ किलोवाट पर सब्सिडी कितनी है?', 'हम असम के तेज़पुर में रहते हैं', 'असम सरकार भी अलग से कुछ देती है क्या?'], 'hindi')!;
    expect(c).toMatchObject({ kw: 3, state: 'Assam' });
    const s = conversationAfter(['hamari society me 60 ghar hai, subsidy kitni?', 'sorry 60 nahi, 90 ghar hai', 'aur EV charging bhi lagana hai'], 'hinglish')!;
    expect(s.households).toBe(90);
  });

  it('carries the chat\'s size into a Hindi question of a loan or a net cost', () => {
    const r = carried(['इंदौर में हर महीने ६०० यूनिट खर्च होती है, कितने kW चाहिए?'], 'उसके लिए कोटेशन 3 लाख का है, SBI से कितना लोन मिलेगा?', 'hindi');
    expect(r.part.ask).toMatch(/5 kW/);
  });
});


describe('the later parts of a follow-up (carryToLaterParts)', () => {
  it('gives each later part the chat\'s size, and its place where money is asked, in the three languages', () => {
    const cases: Array<[ChatLanguage, string[], string, string]> = [
      ['hindi', ['3 किलोवाट के लिए कितनी छत चाहिए?', 'नहीं, 6 किलोवाट लगाना है', 'घर रीवा, मध्य प्रदेश में है'], 'तो सब्सिडी कितनी और रोज़ कितनी बिजली बनेगी?', '6 kW'],
      ['english', ['Planning 4 kW in Almora, Uttarakhand'], 'How much subsidy and how many units a day?', '4 kW'],
      ['hinglish', ['Hisar me 3kw lagwana hai'], 'subsidy kitni aur roz kitni bijli banegi?', '3 kW'],
    ];
    for (const [language, history, q, size] of cases) {
      const conv = conversationAfter(history, language)!;
      const parts = splitCompound(q, language);
      parts[0] = carryConversation(parts[0]!, conv, language).part;
      const later = carryToLaterParts(parts, conv, language);
      expect(later.length).toBeGreaterThan(1);
      expect(later[1]!.carried).toContain(size);
    }
  });

  it('leaves later parts alone in a new chat and when the message names its own size', () => {
    const parts = splitCompound('subsidy kitni aur roz kitni bijli banegi?', 'hinglish');
    expect(carryToLaterParts(parts, null, 'hinglish')).toEqual(parts);
    const conv = conversationAfter(['Hisar me 3kw lagwana hai'], 'hinglish')!;
    const own = splitCompound('5kw pe subsidy kitni aur roz kitni bijli banegi?', 'hinglish');
    expect(carryToLaterParts(own, conv, 'hinglish')[1]!.carried).not.toContain('3 kW');
  });
});

describe('what a follow-up replaces', () => {
  it('reads the place a home is in, not the one denied before it ("Rishikesh nahi Hisar me")', () => {
    expect(understand('ek min, ghar Rishikesh nahi Hisar me hai', 'hinglish').state?.key).toBe('haryana');
  });

  it('reads one\'s own home as a home, not one\'s own share ("mera khud ka ghar")', () => {
    expect(understand('mera khud ka ghar Bathinda me hai 4kw, kitna milega', 'hinglish').intents).not.toContain('loan_split');
    expect(understand('3 lakh ka quote hai, khud ka kitna lagega?', 'hinglish').intents).toContain('loan_split');
  });

  it('reads a society\'s new count said after the word ("flats 160 ho gaye")', () => {
    const c = conversationAfter(['Pimpri me hamari society 120 flats ki hai, subsidy kitni?', 'naye wing ke baad flats 160 ho gaye'], 'hinglish')!;
    expect(c.households).toBe(160);
  });
});

describe('a follow-up with a new sum or a question asked "too"', () => {
  it('reads a bare sum for other panels in a quote chat as a new quote for the chat\'s question', () => {
    const conv = conversationAfter(['whats SBI\'s rate for a 5 kW rooftop loan?', 'quote is 3 lakh. how much loan and how much do I pay myself?'], 'english')!;
    const part = carryConversation(splitCompound('and if i go with the 3.5 lakh premium panels?', 'english')[0]!, conv, 'english').part;
    expect(part.carried).toContain('quote Rs 350000');
    expect(understand(part.ask, 'english').intents).toContain('loan_split');
  });

  it('keeps a society\'s houses and place through a question asked "too"', () => {
    const conv = conversationAfter(['Our housing society in Nanded has 60 flats. How much subsidy for a common-area solar plant?', 'is EV charging in the parking covered too?'], 'english')!;
    expect(conv.households).toBe(60);
    expect(conv.state).toBe('Maharashtra');
  });
});
