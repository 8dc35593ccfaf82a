import 'server-only';
import { parse } from 'csv-parse/sync';
import { ApiError } from '@/lib/http/errors';
import { toIndianMobileE164 } from '@/lib/phone';
import type { ContactEntry } from './contacts';
import { readMultipartFile } from '@/lib/http/body';

/**
 * Contacts from a file (`POST contact/import`, docs/api/referrals.md): a
 * multipart form's `file`, at most 1 MB, either a vCard file (.vcf, vCard
 * 3.0 or 4.0, as phones and Google Contacts export) or a CSV with a header
 * row naming the name and phone columns in any order. The parsers are pure;
 * the entries they give are checked and stored by addContacts.
 */

/** Largest accepted file, bytes (1 MB). */
export const CONTACT_FILE_MAX_BYTES = 1024 * 1024;
/** Most entries one file may give. */
export const CONTACT_FILE_MAX_ENTRIES = 5000;

const fileTooLarge = () => new ApiError(413, 'contacts_file_too_large', 'This file is too large. Please choose one under 1 MB.');
const unsupportedFile = () => new ApiError(415, 'unsupported_contacts_file', 'Please choose a contacts file: a vCard (.vcf) or a CSV with name and phone columns.');

/** Unescapes a vCard text value (`\,` `\;` `\n` `\\`). */
function unescapeVcard(v: string): string {
  return v.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? ' ' : c));
}

/** Splits a structured vCard value on unescaped `;`. */
function splitStructured(v: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < v.length; i++) {
    if (v[i] === '\\' && i + 1 < v.length) {
      cur += v[i] + v[i + 1];
      i++;
    } else if (v[i] === ';') {
      out.push(cur);
      cur = '';
    } else {
      cur += v[i];
    }
  }
  out.push(cur);
  return out.map(unescapeVcard);
}

/**
 * The people of a person record with several phones: one entry per valid
 * Indian mobile (duplicates dropped); when none is valid, one entry with
 * the first phone (or none), so the caller reports it as `invalid_phone`.
 */
export function entriesOfPerson(name: string, phones: string[]): ContactEntry[] {
  const valid = [...new Set(phones.map((t) => toIndianMobileE164(t)).filter((t): t is string => t !== null))];
  if (valid.length === 0) return [{ name, phone: phones[0] ?? '' }];
  return valid.map((phone) => ({ name, phone }));
}

/**
 * The contacts of a vCard file (3.0 or 4.0; 2.1 files read the same for
 * these fields): folded lines are unfolded (a line starting with a space or
 * tab continues the previous one), the name is FN, else N as "given
 * additional family", and every TEL is read (a `tel:` URI too). A card
 * with several phones gives one contact per valid Indian mobile.
 */
export function parseVcards(text: string): ContactEntry[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/\n[ \t]/g, '').split('\n');
  const out: ContactEntry[] = [];
  let card: { fn: string; n: string; tels: string[] } | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    const prop = (head.split(';')[0].split('.').pop() ?? '').trim().toUpperCase();
    if (prop === 'BEGIN' && value.toUpperCase() === 'VCARD') {
      card = { fn: '', n: '', tels: [] };
    } else if (!card) {
      continue;
    } else if (prop === 'END' && value.toUpperCase() === 'VCARD') {
      out.push(...entriesOfPerson(card.fn || card.n, card.tels));
      card = null;
    } else if (prop === 'FN' && !card.fn) {
      card.fn = unescapeVcard(value).trim();
    } else if (prop === 'N' && !card.n) {
      const [family = '', given = '', additional = ''] = splitStructured(value);
      card.n = [given, additional, family].map((s) => s.trim()).filter(Boolean).join(' ');
    } else if (prop === 'TEL' && value) {
      card.tels.push(value.replace(/^tel:/i, '').split(';')[0]);
    }
  }
  return out;
}

/** Header names taken as the name and the phone column (lower case, spaces folded). */
const NAME_HEADERS = new Set(['name', 'full name', 'display name', 'contact name']);
const PHONE_HEADERS = new Set(['phone', 'mobile', 'phone number', 'mobile number', 'phone 1 - value', 'mobile phone']);

/**
 * The contacts of a CSV file: a header row with a name column and a phone
 * column in any order (case-insensitive; `name`, `full name`, `display
 * name`; `phone`, `mobile`, `phone number`, `mobile number`); a UTF-8 BOM
 * is tolerated and blank lines skipped. A phone cell with several numbers
 * (":::" or "," or ";" separated, as Google's export writes them) gives one
 * contact per valid Indian mobile.
 * @throws ApiError 422 `csv_columns_missing` (no such header); 422 `invalid_file` (malformed CSV).
 */
export function parseContactsCsv(text: string): ContactEntry[] {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch {
    throw new ApiError(422, 'invalid_file', 'This CSV file could not be read.');
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, ' '));
  const nameAt = header.findIndex((h) => NAME_HEADERS.has(h));
  const phoneAt = header.findIndex((h) => PHONE_HEADERS.has(h));
  if (nameAt < 0 || phoneAt < 0) {
    throw new ApiError(422, 'csv_columns_missing', 'The CSV file needs a header row with name and phone columns.');
  }
  return rows.slice(1).flatMap((r) => {
    const phones = (r[phoneAt] ?? '').split(/\s*(?::::|[,;])\s*/).map((s) => s.trim()).filter(Boolean);
    return entriesOfPerson((r[nameAt] ?? '').trim(), phones);
  });
}

/** The kind of an uploaded contacts file, by its content first, then its name and type. */
export function contactFileKind(text: string, fileName: string, type: string): 'vcard' | 'csv' | null {
  if (/^\uFEFF?\s*BEGIN:VCARD/i.test(text)) return 'vcard';
  const lower = fileName.toLowerCase();
  const t = type.toLowerCase();
  if (lower.endsWith('.vcf') || lower.endsWith('.vcard') || t === 'text/vcard' || t === 'text/x-vcard') return null;
  if (lower.endsWith('.csv') || t === 'text/csv' || t === 'application/vnd.ms-excel') return 'csv';
  return null;
}

/**
 * The contacts of an uploaded file: a multipart form's `file` (at most
 * 1 MB), a vCard file or a CSV (parseVcards, parseContactsCsv).
 * @returns the entries and the source they are stored with (`vcard` or `csv`).
 * @throws ApiError 415 `unsupported_media_type` (not multipart/form-data);
 * 413 `contacts_file_too_large`; 422 `validation_failed` (no file, or an empty one);
 * 415 `unsupported_contacts_file` (neither a vCard nor a CSV, or not UTF-8
 * text); 422 `csv_columns_missing`, `invalid_file`, `too_many_contacts`;
 * 400 (an unreadable body or form).
 */
export async function readContactUpload(req: Request): Promise<{ source: 'vcard' | 'csv'; entries: ContactEntry[] }> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'multipart/form-data') {
    throw new ApiError(415, 'unsupported_media_type', 'Send the contacts file as multipart/form-data (field "file").');
  }
  const file = await readMultipartFile(req, CONTACT_FILE_MAX_BYTES, fileTooLarge, 'Choose a contacts file to upload.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw unsupportedFile();
  }
  const kind = contactFileKind(text, file.name, file.type);
  if (!kind) throw unsupportedFile();
  const entries = kind === 'vcard' ? parseVcards(text) : parseContactsCsv(text);
  if (entries.length === 0) throw new ApiError(422, 'validation_failed', 'file: This file has no contacts.');
  if (entries.length > CONTACT_FILE_MAX_ENTRIES) {
    throw new ApiError(422, 'too_many_contacts', `This file has more than ${CONTACT_FILE_MAX_ENTRIES} contacts. Please split it.`);
  }
  return { source: kind, entries };
}
