import { Hono } from 'hono';
import { describe, expectTypeOf, it } from 'vitest';
import type { JsonGet, KeepsContract, NoQuery, Verdicts } from './contract';

/*
 * The contract check is a type: these cases compile only while it tells a
 * kept contract from a broken one (`tsc --noEmit` checks this file).
 */

type Routes = {
  '/things/:id': JsonGet<{ param: { id: string }; query: NoQuery }, { thing: { id: string; name: string } }>;
};

const _serving = new Hono().get('/things/:id', (c) => c.json({ thing: { id: c.req.param('id'), name: 'x', extra: 1 } }));
const _renamed = new Hono().get('/things/:id', (c) => c.json({ thing: { id: c.req.param('id'), title: 'x' } }));
const _moved = new Hono().get('/stuff/:id', (c) => c.json({ thing: { id: c.req.param('id'), name: 'x' } }));

describe('read contracts (lib/contracts/contract.ts)', () => {
  it('keeps a router answering every promised field, more fields allowed', () => {
    expectTypeOf<Verdicts<typeof _serving, Routes>>().toEqualTypeOf<{ '/things/:id': { $get: true } }>();
    expectTypeOf<KeepsContract<Verdicts<typeof _serving, Routes>>>().not.toBeNever();
  });

  it('names the route whose answer lost a promised field', () => {
    expectTypeOf<Verdicts<typeof _renamed, Routes>['/things/:id']['$get']>()
      .toEqualTypeOf<'the router answers a shape the contract does not promise'>();
    // @ts-expect-error a broken contract does not compile
    expectTypeOf<KeepsContract<Verdicts<typeof _renamed, Routes>>>().not.toBeNever();
  });

  it('names a route the router does not serve', () => {
    expectTypeOf<Verdicts<typeof _moved, Routes>['/things/:id']['$get']>().toEqualTypeOf<'the router has no such route'>();
  });
});
