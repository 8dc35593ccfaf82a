import { describe, expect, it } from 'vitest';
import { serverIngestId } from '@/lib/events/server-events';
import { campaignOf } from './ingest';
import { clientLineLevel } from './client-log';

describe('campaignOf (SPEC.md section 9: only awa, con, dec count)', () => {
  it.each([
    [{ metadata: { campaign_key: 'awa' } }, 'awa', null],
    [{ metadata: { campaign_key: 'AWA' } }, null, 'AWA'],
    [{ metadata: { campaign_key: 'summer' }, utm_data: { utm_campaign: 'con' } }, 'con', 'summer'],
    [{ utm_data: { utm_campaign: 'dec' } }, 'dec', null],
    [{ utm_data: { utm_campaign: 'diwali' } }, null, null],
    [{ metadata: { campaign_key: null } }, null, null],
    [{ metadata: { campaign_key: '' } }, null, null],
    [{}, null, null],
  ])('%j -> %s (dropped %s)', (payload, campaign, dropped) => {
    expect(campaignOf(payload)).toEqual({ campaign, dropped });
  });
});

describe('serverIngestId', () => {
  it('is a version 5 UUID, the same for the same event of the same entity and different otherwise', () => {
    const a = serverIngestId('LEAD_CREATED', 'lead-1');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(serverIngestId('LEAD_CREATED', 'lead-1')).toBe(a);
    expect(serverIngestId('LEAD_CREATED', 'lead-2')).not.toBe(a);
    expect(serverIngestId('DEAL_DONE', 'lead-1')).not.toBe(a);
  });
});

describe('clientLineLevel (a browser line never writes error or fatal)', () => {
  it.each([
    ['error', undefined, 'warn'],
    ['error', 'fatal', 'warn'],
    ['log', 'fatal', 'warn'],
    ['log', 'error', 'warn'],
    ['log', undefined, 'info'],
    ['log', 'debug', 'debug'],
    ['event_error', undefined, 'warn'],
    ['log', 'warn', 'warn'],
  ] as const)('%s asking %s -> %s', (kind, asked, level) => {
    expect(clientLineLevel(kind, asked)).toBe(level);
  });
});
