import type { ContractApp, JsonGet } from './contract';

/**
 * The accounts' user search as other features read it: served by the auth
 * feature's profileRoutes (docs/api/accounts.md), read by the studio's role
 * grants to find whom to grant. Only the fields the reader relies on are
 * promised (the search answers a picture too). Types only (./contract.ts).
 */

/** A user the search found: id (uuid), display name and username (null when none set). */
export interface FoundUser {
  userId: string;
  name: string;
  username: string | null;
}

/** The user search's route: GET /auth/api/v1/users?q= (q 2..60 characters), at most 20 users. */
export type UserSearchRoutes = {
  '/auth/api/v1/users': JsonGet<{ query: { q: string } }, { users: FoundUser[] }>;
};

/** The app type a reader's client is typed by: `apiClient<UserSearchApp>()`. */
export type UserSearchApp = ContractApp<UserSearchRoutes>;
