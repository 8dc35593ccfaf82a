import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getDb } from '@/lib/db/client';
import { logger } from '@/lib/logger';
import { listLeadsCsv } from '@/features/leads/server/leads';

/**
 * `npm run leads:export [-- --out leads.csv]`: every callback and subsidy
 * lead as CSV (header row, RFC 4180 quoting, times ISO 8601 UTC, phones
 * E.164), to stdout or to `--out`. Reads the database of DATABASE_URL or
 * DATA_DIR like the server (issue 3 "Handoff").
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } }, allowPositionals: false });
  try {
    const csv = await listLeadsCsv();
    if (values.out) {
      const file = path.resolve(values.out);
      await fs.writeFile(file, csv, 'utf8');
      const rows = Math.max(0, csv.split('\n').filter(Boolean).length - 1);
      process.stderr.write(`${rows} leads written to ${file}\n`);
    } else {
      process.stdout.write(csv);
    }
  } finally {
    await (await getDb()).close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    logger().fatal({ err }, 'leads:export failed');
    process.exit(1);
  },
);
