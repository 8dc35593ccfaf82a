import { parseArgs } from 'node:util';
import { runOperatorCommand } from '@/lib/db/operator-db';
import { operatorOperations } from '@/server/operator-operations';

/**
 * `npm run user:grant -- <phone> <role> [topic id or slug] [--revoke]`:
 * grants (or with `--revoke` takes back) a studio role of the user with
 * that mobile number (10-digit or +91), in one topic or, without a topic,
 * everywhere (ADMIN always so). The operators' way to make an ADMIN
 * (docs/decisions/008). Prints what it did; exits 1 with the reason for an
 * unknown user, topic or role, or when the embedded database is held by a
 * server that does not answer. On DATABASE_URL's database, or through the
 * running server on DATA_DIR's (docs/decisions/030): the role holds at once.
 */

const USAGE = 'usage: npm run user:grant -- <phone> <ADMIN|STAFF|CURATOR|CO-CURATOR|CREATOR> [topic id or slug] [--revoke]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { revoke: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length < 2 || positionals.length > 3) {
    console.error(USAGE);
    return 1;
  }
  const [phone, role, topic] = positionals;
  try {
    const input = { phone, role: role.toUpperCase(), topic: topic ?? null, revoke: values.revoke ?? false };
    const { result: r } = await runOperatorCommand('user-grant', input, operatorOperations['user-grant']);
    const where = r.topicId === null ? 'every topic' : `topic "${r.topicName}" (${r.topicId})`;
    const who = `user ${r.userId}${r.userName ? ` (${r.userName})` : ''}`;
    if (values.revoke) console.log(r.changed ? `revoked ${r.role} in ${where} from ${who}` : `${who} did not hold ${r.role} in ${where}: nothing to revoke`);
    else console.log(r.changed ? `granted ${r.role} in ${where} to ${who}` : `${who} already holds ${r.role} in ${where}: nothing changed`);
    return 0;
  } catch (err) {
    console.error(`user:grant: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

main().then((code) => process.exit(code), (err) => {
  console.error('user:grant failed:', err);
  process.exit(1);
});
