import { describe, expect, it } from 'vitest';
import { onShutdown, runShutdownHooks } from './shutdown';

describe('runShutdownHooks', () => {
  it('runs every hook once, latest first, past one that fails or hangs', async () => {
    const ran: string[] = [];
    onShutdown('first', () => { ran.push('first'); });
    onShutdown('fails', () => { throw new Error('boom'); });
    onShutdown('hangs', () => new Promise(() => undefined));
    onShutdown('last', async () => { ran.push('last'); });
    await runShutdownHooks(50);
    expect(ran).toEqual(['last', 'first']);
    await runShutdownHooks(50);
    expect(ran).toEqual(['last', 'first']);
  });
});
