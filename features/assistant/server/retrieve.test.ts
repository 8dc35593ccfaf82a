import { describe, expect, it } from 'vitest';
import type { BankEntry, ChatLanguage } from '../schemas';
import { indexKnowledge, type KnowledgeEntry } from './knowledge';
import { buildRetriever } from './retrieve';

/** A small trilingual bank of our own (the real bank is measured by npm run eval:assistant). */
function e(language: ChatLanguage, id: string, category: BankEntry['category'], question: string, alternates: string[], answer: string): KnowledgeEntry {
  return { id, language, category, question, alternates, answer, related_topics: ['subsidy-and-money'], sources: [1] };
}
const entries: KnowledgeEntry[] = [
  e('english', 'subsidy-amount', 'Subsidy', 'How much subsidy do I get for rooftop solar?', ['subsidy for 3 kW'], 'As of 2026 the central subsidy is Rs 30,000 per kW for the first 2 kW.'),
  e('hindi', 'subsidy-amount', 'Subsidy', 'रूफटॉप सोलर पर कितनी सब्सिडी मिलती है?', ['3 किलोवाट पर सब्सिडी'], '2026 के अनुसार पहले 2 kW पर Rs 30,000 प्रति kW सब्सिडी मिलती है।'),
  e('hinglish', 'subsidy-amount', 'Subsidy', 'Rooftop solar par kitni subsidy milti hai?', ['3 kW par subsidy'], '2026 ke hisaab se pehle 2 kW par Rs 30,000 per kW subsidy milti hai.'),
  e('english', 'power-cut', 'Solar Inverter', 'Does solar work during a power cut?', ['solar during load shedding'], 'An on-grid system switches off in a power cut to protect line workers.'),
  e('hindi', 'power-cut', 'Solar Inverter', 'क्या बिजली कटने पर सोलर चलता है?', ['लोड शेडिंग में सोलर'], 'ऑन-ग्रिड सिस्टम बिजली कटने पर बंद हो जाता है।'),
  e('hinglish', 'power-cut', 'Solar Inverter', 'Kya bijli katne par solar chalta hai?', ['light jaane par solar'], 'On-grid system bijli katne par band ho jata hai.'),
  e('english', 'panel-cleaning', 'Solar Panel', 'How should I clean my solar panels?', ['panel cleaning'], 'Clean every 1-3 months with water and a soft cloth.'),
  e('hindi', 'panel-cleaning', 'Solar Panel', 'सोलर पैनल की सफाई कैसे करें?', ['पैनल साफ करना'], 'हर 1-3 महीने में पानी और मुलायम कपड़े से साफ करें।'),
  e('hinglish', 'panel-cleaning', 'Solar Panel', 'Solar panel ki safai kaise karein?', ['panel saaf karna'], 'Har 1-3 mahine mein paani aur naram kapde se saaf karein.'),
  e('english', 'net-metering', 'Things to know', 'What is net metering?', ['how does a net meter work'], 'Net metering subtracts exported units from imported units.'),
  e('english', 'battery-need', 'Solar Inverter', 'Do I need a battery with rooftop solar?', ['battery backup for solar'], 'An on-grid system works without a battery.'),
  e('english', 'roof-area', 'System Size', 'How much roof area does solar need?', ['space on terrace for panels'], '1 kW needs about 10-12 m2 of shadow-free roof.'),
];
const retriever = buildRetriever(indexKnowledge({ entries, suggestions: { english: { long: [], short: [] }, hindi: { long: [], short: [] }, hinglish: { long: [], short: [] } } }));

describe('buildRetriever().retrieve', () => {
  it('matches Hinglish spellings, Devanagari and English to the same entry', () => {
    for (const [q, lang] of [
      ['3kW pe kitni sabsidi milegi?', 'hinglish'],
      ['तीन किलोवाट पर कितनी सब्सिडी मिलेगी', 'hindi'],
      ['subsidy amount for three kilowatt', 'english'],
    ] as const) {
      expect(retriever.retrieve(q, lang).match?.entry.id, q).toBe('subsidy-amount');
    }
  });

  it('answers in the asker\'s language, falling back to English', () => {
    expect(retriever.retrieve('बिजली कटने पर सोलर चलेगा?', 'hindi').match?.entry.language).toBe('hindi');
    expect(retriever.retrieve('bijli katne pe solar chalega?', 'hinglish').match?.entry.question).toBe('Kya bijli katne par solar chalta hai?');
    const fallback = retriever.retrieve('net metering kya hai', 'hinglish').match;
    expect(fallback?.entry.id).toBe('net-metering');
    expect(fallback?.entry.language).toBe('english');
  });

  it('copes with typos', () => {
    expect(retriever.retrieve('how to claen solar panells', 'english').match?.entry.id).toBe('panel-cleaning');
  });

  it('returns no match for off-topic questions, but still candidates', () => {
    for (const q of ['What is the weather in Mumbai tomorrow?', 'best biryani recipe', 'आज क्रिकेट मैच कौन जीता?', 'solar eclipse kab hai']) {
      expect(retriever.retrieve(q, 'english').match, q).toBeNull();
    }
    for (const q of ['best phone under 10000', '10000 के अंदर सबसे अच्छा फोन', 'paneer butter masala kaise banaye']) {
      expect(retriever.retrieve(q, 'english').match, q).toBeNull();
    }
    expect(retriever.retrieve('?!', 'english')).toMatchObject({ match: null, candidates: [] });
  });

  it('returns no match when a word of another field places a question elsewhere, even with a solar word', () => {
    expect(retriever.retrieve('battery backup for my solar', 'english').match?.entry.id).toBe('battery-need');
    for (const q of ['battery backup for my phone', 'मेरे फोन की battery backup जल्दी खत्म होती है', 'mobile battery backup kam hai']) {
      expect(retriever.retrieve(q, 'english').match, q).toBeNull();
    }
    // "light" is electricity in India ("light chali gayi"), not another field.
    expect(retriever.retrieve('light jaane par solar chalega?', 'hinglish').match?.entry.id).toBe('power-cut');
  });

  it('lists up to 3 distinct candidate ids, best first', () => {
    const r = retriever.retrieve('solar panel subsidy', 'english');
    expect(r.candidates.length).toBeLessThanOrEqual(3);
    expect(new Set(r.candidates).size).toBe(r.candidates.length);
  });

  it('gives a confidence between 0 and 1', () => {
    const r = retriever.retrieve('net metering', 'english');
    expect(r.match?.confidence).toBeGreaterThan(0.5);
    expect(r.match?.confidence).toBeLessThanOrEqual(1);
  });
});
