import { describe, expect, it } from 'vitest';
import { CAMPAIGN_CODES, EVENT_TYPES, partnerIdSchema, UTM_KEYS } from '../events/contract';
import { CLIENT_CAMPAIGN_CODES, CLIENT_EVENT_TYPES, CLIENT_UTM_KEYS, PARTNER_ID_RE } from './event-types';

describe('the browser\'s copy of the event contract', () => {
  it('lists the same event types, campaign codes and UTM keys as the server', () => {
    expect([...CLIENT_EVENT_TYPES].sort()).toEqual([...EVENT_TYPES].sort());
    expect([...CLIENT_CAMPAIGN_CODES]).toEqual([...CAMPAIGN_CODES]);
    expect([...CLIENT_UTM_KEYS]).toEqual([...UTM_KEYS]);
  });

  it.each(['ab', 'surya-solar', 'a'.repeat(40), 'a', '-ab', 'Ab', 'a'.repeat(41), 'a_b'])('partner id %s: same verdict', (id) => {
    expect(PARTNER_ID_RE.test(id)).toBe(partnerIdSchema.safeParse(id).success);
  });
});
