import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { isVisibleReel, visibleReel, visibleReelAs } from './visible-reel';

const dialect = new PgDialect();

describe('a reel a visitor may see', () => {
  it('is a ready reel that passed review, and nothing else', () => {
    expect(isVisibleReel({ status: 'ready', review_status: 'Approved' })).toBe(true);
    expect(isVisibleReel({ status: 'processing', review_status: 'Approved' })).toBe(false);
    expect(isVisibleReel({ status: 'failed', review_status: 'Approved' })).toBe(false);
    expect(isVisibleReel({ status: 'ready', review_status: 'Pending' })).toBe(false);
    expect(isVisibleReel({ status: 'ready', review_status: 'Rejected' })).toBe(false);
  });

  it('reads the same two columns in SQL, unaliased and aliased', () => {
    const q = dialect.sqlToQuery(visibleReel);
    expect(q.sql).toBe('("content_items"."status" = $1 and "content_items"."review_status" = $2)');
    expect(q.params).toEqual(['ready', 'Approved']);
    expect(dialect.sqlToQuery(visibleReelAs('ci')).sql).toBe("ci.status = 'ready' and ci.review_status = 'Approved'");
  });

  it('refuses an alias that is not a plain identifier', () => {
    expect(() => visibleReelAs('ci; drop table users')).toThrow();
  });
});
