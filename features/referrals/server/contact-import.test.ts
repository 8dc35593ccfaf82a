import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/errors';
import { contactFileKind, entriesOfPerson, parseContactsCsv, parseVcards } from './contact-import';

describe('parseVcards', () => {
  it('reads vCard 3.0 with folded lines, FN, and one contact per valid Indian mobile', () => {
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Rao;Asha;;;',
      'FN:Asha',
      '  Rao',
      'TEL;TYPE=CELL:+91 98123 45678',
      'item1.TEL;TYPE=HOME:011 2345 6789',
      'TEL;TYPE=WORK:09876543210',
      'TEL:98123-45678',
      'END:VCARD',
      '',
    ].join('\r\n');
    expect(parseVcards(vcf)).toEqual([
      { name: 'Asha Rao', phone: '+919812345678' },
      { name: 'Asha Rao', phone: '+919876543210' },
    ]);
  });

  it('reads vCard 4.0 with N when there is no FN, tel: URIs, escapes, and several cards', () => {
    const vcf = [
      'BEGIN:VCARD', 'VERSION:4.0', 'N:Sharma;Ravi;Kumar;Dr.;', 'TEL;VALUE=uri;TYPE="cell,voice":tel:+91-98765-43210', 'END:VCARD',
      'BEGIN:VCARD', 'VERSION:4.0', 'FN:Mehta\\, Priya', 'TEL:9812300000', 'END:VCARD',
    ].join('\n');
    expect(parseVcards(vcf)).toEqual([
      { name: 'Ravi Kumar Sharma', phone: '+919876543210' },
      { name: 'Mehta, Priya', phone: '+919812300000' },
    ]);
  });

  it('gives a card without a valid mobile as one entry to be reported, and ignores text outside cards', () => {
    const vcf = 'garbage line\nBEGIN:VCARD\nFN:Office\nTEL:011 2345 6789\nEND:VCARD\nBEGIN:VCARD\nFN:No Phone\nEND:VCARD\n';
    expect(parseVcards(vcf)).toEqual([{ name: 'Office', phone: '011 2345 6789' }, { name: 'No Phone', phone: '' }]);
  });
});

describe('only the name and the number of a contact are kept', () => {
  it('a vCard\'s e-mail, address, birthday, note, photo and organisation are dropped', () => {
    const vcf = [
      'BEGIN:VCARD', 'VERSION:3.0', 'FN:Asha Rao', 'TEL:+91 98123 45678', 'EMAIL:asha@example.in', 'ADR:;;12 MG Rd;Pune;;411001;India',
      'BDAY:1990-01-01', 'NOTE:owes me money', 'ORG:Acme', 'PHOTO;ENCODING=b;TYPE=JPEG:AAAA', 'END:VCARD',
    ].join('\r\n');
    const entries = parseVcards(vcf);
    expect(entries).toEqual([{ name: 'Asha Rao', phone: '+919812345678' }]);
    expect(entries.every((e) => Object.keys(e).sort().join() === 'name,phone')).toBe(true);
  });

  it('a CSV\'s other columns are dropped', () => {
    const entries = parseContactsCsv('Name,E-mail 1 - Value,Phone 1 - Value,Notes,Address\nAsha,asha@example.in,98123 45678,private,12 MG Rd\n');
    expect(entries).toEqual([{ name: 'Asha', phone: '+919812345678' }]);
    expect(JSON.stringify(entries)).not.toMatch(/example|private|MG Rd/);
  });
});

describe('parseContactsCsv', () => {
  it('takes name and phone columns in any order, with a BOM and other columns', () => {
    const csv = '\uFEFFEmail,Mobile Number,Full Name\r\na@example.com,98123 45678,Asha Rao\r\n\r\n,+919876543210,Ravi\r\n';
    expect(parseContactsCsv(csv)).toEqual([
      { name: 'Asha Rao', phone: '+919812345678' },
      { name: 'Ravi', phone: '+919876543210' },
    ]);
  });

  it('splits a cell of several phones (Google export) into one contact per mobile', () => {
    expect(parseContactsCsv('Name,Phone 1 - Value\nAsha,+91 98123 45678 ::: 98765 43210\n')).toEqual([
      { name: 'Asha', phone: '+919812345678' },
      { name: 'Asha', phone: '+919876543210' },
    ]);
  });

  it('needs the header: 422 csv_columns_missing; malformed CSV: 422 invalid_file', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof ApiError ? `${e.status} ${e.code}` : 'other';
      }
      return 'none';
    };
    expect(code(() => parseContactsCsv('Asha,9812345678\n'))).toBe('422 csv_columns_missing');
    expect(code(() => parseContactsCsv('name,phone\n"Asha,9812345678\n'))).toBe('422 invalid_file');
  });
});

describe('entriesOfPerson and contactFileKind', () => {
  it('drops repeated phones of one person', () => {
    expect(entriesOfPerson('A', ['9812345678', '+919812345678'])).toEqual([{ name: 'A', phone: '+919812345678' }]);
  });

  it('tells a vCard by its content, a CSV by name or type, and refuses the rest', () => {
    expect(contactFileKind('BEGIN:VCARD\n', 'x.txt', 'text/plain')).toBe('vcard');
    expect(contactFileKind('name,phone\n', 'contacts.csv', '')).toBe('csv');
    expect(contactFileKind('name,phone\n', 'blob', 'text/csv')).toBe('csv');
    expect(contactFileKind('hello', 'notes.txt', 'text/plain')).toBeNull();
    expect(contactFileKind('not a card', 'x.vcf', 'text/vcard')).toBeNull();
  });
});
