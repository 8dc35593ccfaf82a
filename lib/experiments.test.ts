import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { analyticsConfigFromEnv, analyticsConfigJson, topNExperimentOf } from './experiments';

describe('experiment settings', () => {
  it('are off by default with an even A/B split', () => {
    expect(analyticsConfigFromEnv(parseEnv({}))).toEqual({
      abViewAProbability: 0.5, experiments: { topNVideos: null, chatbot: null, chatbotFeed: null },
    });
  });

  it('take the three ids and the probability from env; refuse malformed values', () => {
    const e = parseEnv({ AB_VIEW_A_PROBABILITY: '0.3', EXPERIMENT_TOP_N_VIDEOS_ID: 'top-1', EXPERIMENT_CHATBOT_ID: 'chat_1', EXPERIMENT_CHATBOT_FEED_ID: 'feed1' });
    expect(analyticsConfigFromEnv(e)).toEqual({ abViewAProbability: 0.3, experiments: { topNVideos: 'top-1', chatbot: 'chat_1', chatbotFeed: 'feed1' } });
    expect(() => parseEnv({ AB_VIEW_A_PROBABILITY: '1.5' })).toThrow(/AB_VIEW_A_PROBABILITY/);
    expect(() => parseEnv({ EXPERIMENT_CHATBOT_ID: 'has space' })).toThrow(/EXPERIMENT_CHATBOT_ID/);
    expect(() => parseEnv({ EXPERIMENT_TOP_N: '0' })).toThrow(/EXPERIMENT_TOP_N/);
  });

  it('render as JSON that cannot close its script tag', () => {
    const json = analyticsConfigJson({ abViewAProbability: 0.5, experiments: { topNVideos: '</script><b>', chatbot: null, chatbotFeed: null } });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).experiments.topNVideos).toBe('</script><b>');
  });

  it('the sr_exp cookie names the top-N experiment only when it holds the configured id', () => {
    const e = { EXPERIMENT_TOP_N_VIDEOS_ID: 'top-1' };
    expect(topNExperimentOf('chat_1,top-1', e)).toBe('top-1');
    expect(topNExperimentOf('chat_1', e)).toBeNull();
    expect(topNExperimentOf(undefined, e)).toBeNull();
    expect(topNExperimentOf('top-1', { EXPERIMENT_TOP_N_VIDEOS_ID: undefined })).toBeNull();
  });
});
