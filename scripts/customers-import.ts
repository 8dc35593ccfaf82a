import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runOperatorCommand } from '@/lib/db/operator-db';
import { CustomersFileError, parseCustomersCsv } from '@/features/referrals/server/customers-import';
import { operatorOperations } from '@/server/operator-operations';

/**
 * `npm run customers:import -- file.csv`: the provider's registered
 * customers (who may refer with customers-only deals, and whose households
 * the fairness rules compare; docs/decisions/010) from a CSV with a header
 * row naming name, phone, and optionally consumer_number and address, in
 * any order. A customer is one phone: a known phone is updated, so the
 * import can be run again with a newer file. Rows that cannot be imported
 * are listed by line with the phone masked (all but its last four digits);
 * the valid rows are imported anyway and the exit code is then 1. Writes
 * DATABASE_URL's database, or DATA_DIR's through the running server
 * (docs/decisions/030), so the customers count at once.
 */
async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) {
    process.stderr.write('Usage: npm run customers:import -- customers.csv\n');
    return 2;
  }
  const file = path.resolve(positionals[0]);
  let parsed;
  try {
    parsed = parseCustomersCsv(await fs.readFile(file, 'utf8'));
  } catch (err) {
    if (err instanceof CustomersFileError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
      process.stderr.write(`${(err as Error).message}\n`);
      return 2;
    }
    throw err;
  }
  const { rows, issues } = parsed;
  for (const i of issues) process.stderr.write(`line ${i.line}: ${i.code} (phone ${i.phone || 'empty'})\n`);
  const { result: { inserted, updated } } = await runOperatorCommand('customers-import', { rows }, operatorOperations['customers-import']);
  process.stdout.write(`${inserted} inserted, ${updated} updated, ${issues.length} invalid\n`);
  return issues.length > 0 ? 1 : 0;
}

main().then((code) => {
  process.exitCode = code;
}, (err: unknown) => {
  process.stderr.write(`customers:import failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
