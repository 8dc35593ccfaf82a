import { inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { DbOrTx } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { toIndianMobileE164 } from '@/lib/phone';
import { normaliseAddress, normaliseConsumerNumber } from './customers';

/**
 * The provider's registered customers from a CSV file
 * (`npm run customers:import -- file.csv`, docs/decisions/010 "Model"):
 * a header row naming `name`, `phone` and optionally `consumer_number` and
 * `address`, in any order (a UTF-8 BOM is tolerated); one customer per
 * phone. Parsing and checking is pure (parseCustomersCsv); importCustomers
 * writes the valid rows.
 */

/** A checked row, ready to store. */
export interface CustomerInput {
  name: string;
  /** E.164. */
  phone: string;
  consumer_number: string | null;
  address: string;
  address_key: string;
}

/** Why a row was not imported. */
export type CustomerIssueCode = 'invalid_phone' | 'invalid_name' | 'invalid_consumer_number' | 'invalid_address' | 'duplicate_phone';

/** A refused row: its line in the file (1 = the header) and its phone masked (maskPhone). */
export interface CustomerIssue {
  line: number;
  code: CustomerIssueCode;
  phone: string;
}

export interface ParsedCustomers {
  rows: CustomerInput[];
  issues: CustomerIssue[];
}

/** The columns of the file; name and phone are required. */
const COLUMNS = ['name', 'phone', 'consumer_number', 'address'] as const;
const REQUIRED = ['name', 'phone'] as const;

/** Thrown when the file as a whole cannot be read (no header with the required columns, malformed CSV). */
export class CustomersFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CustomersFileError';
  }
}

/**
 * A phone as it may be printed: every digit but the last four replaced by
 * `*` ("+91 98123 45678" -> "+** ***** *5678"); other characters kept.
 */
export function maskPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '').length;
  let seen = 0;
  return raw.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '*'));
}

/** A header cell folded to a column name: lower case, spaces and dashes to `_` ("Consumer Number" -> consumer_number). */
const headerKey = (h: string) => h.trim().toLowerCase().replace(/[\s-]+/g, '_');

/**
 * Parses and checks a customers CSV. Each row: name 1..200 characters,
 * phone an Indian mobile (lib/phone.ts), consumer number at most 40
 * characters (folded by normaliseConsumerNumber), address at most 500
 * (its key by normaliseAddress). A phone seen earlier in the file is
 * refused as `duplicate_phone`. Blank lines are skipped.
 * @throws CustomersFileError when the header lacks name or phone, or the CSV is malformed.
 */
export function parseCustomersCsv(text: string): ParsedCustomers {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof records;
  } catch (err) {
    throw new CustomersFileError(`The CSV could not be read: ${(err as Error).message}`);
  }
  if (records.length === 0) throw new CustomersFileError('The file is empty: it needs a header row with name and phone columns.');
  const header = records[0].record.map(headerKey);
  const at: Partial<Record<(typeof COLUMNS)[number], number>> = {};
  for (const c of COLUMNS) {
    const i = header.indexOf(c);
    if (i >= 0) at[c] = i;
  }
  const missing = REQUIRED.filter((c) => at[c] === undefined);
  if (missing.length) throw new CustomersFileError(`The header row lacks the column(s): ${missing.join(', ')}.`);

  const rows: CustomerInput[] = [];
  const issues: CustomerIssue[] = [];
  const seen = new Set<string>();
  for (const { record, info } of records.slice(1)) {
    const cell = (c: (typeof COLUMNS)[number]) => (at[c] === undefined ? '' : (record[at[c]!] ?? '').trim());
    const rawPhone = cell('phone');
    const issue = (code: CustomerIssueCode) => issues.push({ line: info.lines, code, phone: maskPhone(rawPhone) });
    const name = cell('name');
    const phone = toIndianMobileE164(rawPhone);
    const consumer = cell('consumer_number');
    const address = cell('address');
    if (!phone) issue('invalid_phone');
    else if (name.length < 1 || name.length > 200) issue('invalid_name');
    else if (consumer.length > 40) issue('invalid_consumer_number');
    else if (address.length > 500) issue('invalid_address');
    else if (seen.has(phone)) issue('duplicate_phone');
    else {
      seen.add(phone);
      rows.push({
        name, phone, consumer_number: normaliseConsumerNumber(consumer), address, address_key: normaliseAddress(address),
      });
    }
  }
  return { rows, issues };
}

/**
 * Stores `rows` as customers: a new phone is inserted, a known one updated
 * (name, consumer number, address and its key): running an import twice
 * changes nothing the second time.
 * @returns how many rows were inserted and how many updated.
 */
export async function importCustomers(db: DbOrTx, rows: CustomerInput[]): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const known = new Set((await db.select({ phone: customers.phone }).from(customers)
      .where(inArray(customers.phone, chunk.map((r) => r.phone)))).map((r) => r.phone));
    await db.insert(customers).values(chunk).onConflictDoUpdate({
      target: customers.phone,
      set: {
        name: sql`excluded.name`, consumer_number: sql`excluded.consumer_number`, address: sql`excluded.address`,
        address_key: sql`excluded.address_key`, updated_at: sql`now()`,
      },
    });
    for (const r of chunk) {
      if (known.has(r.phone)) updated++;
      else inserted++;
    }
  }
  return { inserted, updated };
}
