import path from 'node:path';
import { parseArgs } from 'node:util';
import { OperatorRefusedError, runOperatorCommand } from '@/lib/db/operator-db';
import { logger } from '@/lib/logger';
import { writePrivateFile } from '@/lib/private-file';
import { operatorOperations } from '@/server/operator-operations';

/**
 * `npm run leads:export [-- --out leads.csv]`: every callback and subsidy
 * lead as CSV (header row, RFC 4180 quoting, times ISO 8601 UTC, phones
 * E.164), to stdout or to `--out`. Reads DATABASE_URL's database, or
 * DATA_DIR's through the running server (docs/decisions/030), so a lead
 * made a moment ago is in it.
 *
 * The file holds personal data (names, phones, emails), so it is created
 * with mode 0600 (owner read/write only) from its first byte, never widened
 * and narrowed afterwards. An existing file is replaced, not written into:
 * the CSV goes to a new 0600 file beside it which is then renamed over it,
 * so the result is 0600 whatever the old file's mode was, and a failed
 * export leaves the old file as it was (lib/private-file.ts).
 */

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } }, allowPositionals: false });
  const { result: { csv } } = await runOperatorCommand('leads-export', {}, operatorOperations['leads-export']);
  if (values.out) {
    const file = path.resolve(values.out);
    await writePrivateFile(file, csv);
    const rows = Math.max(0, csv.split('\n').filter(Boolean).length - 1);
    process.stderr.write(`${rows} leads written to ${file} (mode 0600)\n`);
  } else {
    process.stdout.write(csv);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    if (err instanceof OperatorRefusedError) process.stderr.write(`leads:export: ${err.message}\n`);
    else logger().fatal({ err }, 'leads:export failed');
    process.exit(1);
  },
);
