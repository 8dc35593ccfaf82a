import 'server-only';
import { getDb } from '@/lib/db/client';
import { dumpEmbeddedDb } from '@/lib/db/backup';
import { operatorGrant, type OperatorGrantResult } from '@/features/studio/server/roles';
import { listLeadsCsv } from '@/features/leads/server/leads';
import { importCustomers, type CustomerInput } from '@/features/referrals/server/customers-import';

/**
 * The operator commands' operations (docs/decisions/030), one function each
 * with a JSON input and output: a command runs it itself (DATABASE_URL, or
 * no server on the embedded database) or has the running server run it
 * through its operator socket (server/operator-socket.ts), so both run the
 * same code on the same database. An operation that returns a Blob is
 * answered with its bytes (application/octet-stream), not JSON.
 */

/** `npm run user:grant`: phone (10-digit or +91), role name, topic id or slug or null (everywhere), revoke. */
export interface UserGrantInput {
  phone: string;
  role: string;
  topic: string | null;
  revoke: boolean;
}

export const operatorOperations = {
  /** A studio role granted or revoked (features/studio/server/roles.ts operatorGrant). @throws Error for an unknown user, topic or role. */
  'user-grant': (i: UserGrantInput): Promise<OperatorGrantResult> => operatorGrant(i.phone, i.role, i.topic, i.revoke),
  /** Every lead as CSV (features/leads/server/leads.ts listLeadsCsv). */
  'leads-export': async (): Promise<{ csv: string }> => ({ csv: await listLeadsCsv() }),
  /** Checked customer rows stored (features/referrals/server/customers-import.ts importCustomers). */
  'customers-import': async (i: { rows: CustomerInput[] }): Promise<{ inserted: number; updated: number }> =>
    importCustomers((await getDb()).db, i.rows),
  /**
   * `npm run db:backup`: a consistent copy of the embedded database as a gzip tarball (lib/db/backup.ts
   * dumpEmbeddedDb: under PGlite's transaction mutex, after a CHECKPOINT). Input ignored.
   * @throws Error on PostgreSQL.
   */
  'db-dump': async (): Promise<Blob> => dumpEmbeddedDb(await getDb()),
};

export type OperatorOperationName = keyof typeof operatorOperations;
