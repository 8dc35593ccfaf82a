import type { Hono } from 'hono';
import type { ExtractSchema } from 'hono/types';

/**
 * Read contracts between features. A feature never imports another feature
 * (CONVENTIONS.md "Layout"), so a client that reads another feature's
 * endpoint cannot take its types from that feature's router. Instead the two
 * agree on a contract here, in lib/: the routes (path, input, JSON answer)
 * and the fields the reader relies on. The reader's client is typed by the
 * contract (`apiClient<ContractApp<Routes>>()`, Hono `hc`), and the serving
 * router is checked against it at compile time (`KeepsContract`), so
 * neither side casts and a drift fails `tsc` on the server's side
 * (docs/decisions/027-cross-feature-read-contracts.md). Types only: nothing
 * of this reaches a bundle.
 */

/** A GET route of a contract: what the reader sends (`param`, `query`) and the JSON it reads back (200). */
export type JsonGet<Input, Output> = {
  $get: { input: Input; output: Output; outputFormat: 'json'; status: 200 };
};

/** A route without query parameters of the reader's (the server may accept some it does not send). */
export type NoQuery = Record<string, never>;

/** An app type made of contract routes, for the reader's `apiClient<ContractApp<Routes>>()`. */
export type ContractApp<Routes extends Record<string, JsonGet<unknown, unknown>>> = Hono<object, Routes, '/'>;

/** Why a route of a contract is not kept, or `true` when it is. */
type Verdict<Served, Promised> =
  Served extends { input: infer SI; output: infer SO }
    ? Promised extends { input: infer PI; output: infer PO }
      ? [SO] extends [PO]
        ? [PI] extends [SI] ? true : 'the router does not accept the input the contract sends'
        : 'the router answers a shape the contract does not promise'
      : never
    : 'the router has no such route';

/**
 * For each route of contract `Routes`, whether router `Router` serves it:
 * the same path and method, accepting the contract's input, answering JSON
 * that has every field the contract promises (more fields are fine).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's env, schema and base path
export type Verdicts<Router extends Hono<any, any, any>, Routes extends Record<string, JsonGet<unknown, unknown>>> = {
  [P in keyof Routes]: {
    [M in keyof Routes[P]]: P extends keyof ExtractSchema<Router>
      ? M extends keyof ExtractSchema<Router>[P] ? Verdict<ExtractSchema<Router>[P][M], Routes[P][M]> : 'the router has no such method'
      : 'the router has no such route';
  };
};

/**
 * Compiles only when every verdict is `true`: the serving router writes
 * `export type KeepsX = KeepsContract<Verdicts<typeof router, XRoutes>>`,
 * and a broken promise is a type error there naming the route and why.
 */
export type KeepsContract<V extends { [P in keyof V]: { [M in keyof V[P]]: true } }> = V;
