import { describe, expect, it } from 'vitest';
import { checkMatch, SURE, TOPIC_SURE, type MatchCheckInput } from './confidence';

const base: MatchCheckInput = {
  questionIntents: [], entryIntents: new Set(), questionStates: [], entryStates: [], confidence: 0.5, margin: 0.2,
};

describe('checkMatch', () => {
  it('rejects an entry whose wordings ask another thing (surplus at year end vs generation)', () => {
    expect(checkMatch({ ...base, questionIntents: ['surplus_settlement'], entryIntents: new Set(['monthly_units']) }))
      .toEqual({ ok: false, reason: 'intent' });
  });

  it('accepts an entry that shares an intent with the question', () => {
    expect(checkMatch({ ...base, questionIntents: ['subsidy', 'state_subsidy'], entryIntents: new Set(['subsidy']) }).ok).toBe(true);
  });

  it('says nothing about intent when either side has none', () => {
    expect(checkMatch({ ...base, questionIntents: ['subsidy'] }).ok).toBe(true);
    expect(checkMatch({ ...base, entryIntents: new Set(['cost']) }).ok).toBe(true);
  });

  it('lets a clear retrieval lead outweigh an intent mismatch', () => {
    const input = { ...base, questionIntents: ['cost'], entryIntents: new Set(['payback']) };
    expect(checkMatch({ ...input, confidence: SURE.confidence, margin: SURE.margin }).ok).toBe(true);
    expect(checkMatch({ ...input, confidence: SURE.confidence, margin: SURE.margin / 2 }).ok).toBe(false);
  });

  it('rejects an entry that has none of the question\'s subject words, unless retrieval is sure', () => {
    const input = { ...base, questionTopics: ['@subsidy'], entryWords: new Set(['panel', 'warranty']) };
    expect(checkMatch(input)).toEqual({ ok: false, reason: 'topic' });
    expect(checkMatch({ ...input, confidence: TOPIC_SURE.confidence, margin: TOPIC_SURE.margin }).ok).toBe(true);
    expect(checkMatch({ ...input, entryWords: new Set(['@subsidy']) }).ok).toBe(true);
  });

  it('rejects an entry about another state, however sure retrieval is', () => {
    expect(checkMatch({ ...base, questionStates: ['himachal-pradesh'], entryStates: ['andhra-pradesh'], confidence: 1, margin: 2 }))
      .toEqual({ ok: false, reason: 'state' });
    expect(checkMatch({ ...base, questionStates: ['delhi'], entryStates: ['delhi'] }).ok).toBe(true);
    expect(checkMatch({ ...base, questionStates: ['kerala'], entryStates: [] }).ok).toBe(true);
  });
});
