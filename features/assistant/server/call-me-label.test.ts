import { beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { CLOSEST_REPLY, composeAnswer, NO_MATCH_REPLY } from './answer';
import { indexKnowledge, readKnowledgeFiles } from './knowledge';
import { buildRetriever, type Retriever } from './retrieve';

/**
 * The no-match and closest-question replies tell the person to tap the
 * chat's "Call me" button: they must quote the label that button shows in
 * the chat's language (messages "assistant.callMe"), which differs in Hindi
 * and Hinglish from the English words.
 */
const BUTTON = { english: en.assistant.callMe, hindi: hi.assistant.callMe, hinglish: he.assistant.callMe } as const;
const LANGUAGES = ['english', 'hindi', 'hinglish'] as const;

let retriever: Retriever;
beforeAll(() => {
  retriever = buildRetriever(indexKnowledge(readKnowledgeFiles()));
});

describe('the callback offer names the button as the person sees it', () => {
  it.each(LANGUAGES)('quotes the %s "Call me" label in the no-match and closest-question replies', (language) => {
    expect(NO_MATCH_REPLY[language]).toContain(`"${BUTTON[language]}"`);
    expect(CLOSEST_REPLY[language]).toContain(`"${BUTTON[language]}"`);
    expect(NO_MATCH_REPLY[language]).not.toContain('{callMe}');
    expect(CLOSEST_REPLY[language]).not.toContain('{callMe}');
    expect(CLOSEST_REPLY[language]).toContain('{question}');
  });

  it('says "मुझे कॉल करें" in Hindi and "Mujhe call karein" in Hinglish, never the English "Call me"', () => {
    expect(NO_MATCH_REPLY.hindi).toContain('"मुझे कॉल करें"');
    expect(NO_MATCH_REPLY.hinglish).toContain('"Mujhe call karein"');
    expect(NO_MATCH_REPLY.hinglish).not.toContain('"Call me"');
  });

  it('gives an off-topic question in Hinglish the reply with the Hinglish label', async () => {
    const r = await composeAnswer('Cricket world cup kaun jeetega is saal?', 'hinglish', { retriever });
    expect(r.matched).toBe(false);
    expect(r.text).toContain(`"${BUTTON.hinglish}"`);
  });
});
