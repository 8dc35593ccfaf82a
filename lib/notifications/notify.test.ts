import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../constants';
import { NOTIFICATION_KEYS, userRoom } from './notify';

/** Every kind of notification can be read in every language. */
describe('NOTIFICATION_KEYS', () => {
  it('names a message notifications.<key> in en, hi and he', () => {
    for (const locale of LOCALES) {
      const messages = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../messages', `${locale}.json`), 'utf8'));
      for (const key of NOTIFICATION_KEYS) expect(typeof messages.notifications[key], `${locale} notifications.${key}`).toBe('string');
    }
  });

  it('never collides with the list and bell strings', () => {
    for (const key of NOTIFICATION_KEYS) expect(['list', 'bell']).not.toContain(key);
  });

  it('sends to one room per user', () => {
    expect(userRoom('0b7e5f0c-1f1e-4c4e-9a55-3f7c3c1d2e10')).toBe('user:0b7e5f0c-1f1e-4c4e-9a55-3f7c3c1d2e10');
  });
});
