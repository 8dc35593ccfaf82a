import { describe, expect, it } from 'vitest';
import { CustomersFileError, maskPhone, parseCustomersCsv } from './customers-import';

describe('maskPhone', () => {
  it('hides every digit but the last four', () => {
    expect(maskPhone('+91 98123 45678')).toBe('+** ***** *5678');
    expect(maskPhone('9812345678')).toBe('******5678');
    expect(maskPhone('123')).toBe('123');
    expect(maskPhone('')).toBe('');
  });
});

describe('parseCustomersCsv', () => {
  it('reads columns in any order, with a BOM, and folds the consumer number and the address', () => {
    const csv = '\uFEFFAddress,Phone,consumer number,NAME\r\n"H.No. 12, MG Rd, Sec-4, Gurgaon 122001",98123 45678,12-345/67ab,Asha Rao\r\n';
    const { rows, issues } = parseCustomersCsv(csv);
    expect(issues).toEqual([]);
    expect(rows).toEqual([{
      name: 'Asha Rao', phone: '+919812345678', consumer_number: '1234567AB',
      address: 'H.No. 12, MG Rd, Sec-4, Gurgaon 122001', address_key: 'house 12 mg road sector 4 gurgaon 122001',
    }]);
  });

  it('takes name and phone alone; optional columns empty', () => {
    const { rows } = parseCustomersCsv('name,phone\nRavi,+919876543210\n\n');
    expect(rows).toEqual([{ name: 'Ravi', phone: '+919876543210', consumer_number: null, address: '', address_key: '' }]);
  });

  it('reports bad rows by line with the phone masked, and keeps the good ones', () => {
    const csv = [
      'name,phone,consumer_number,address',
      'Good One,9812345678,,',
      'Bad Phone,12345,,',
      ',9812345679,,',
      '"Multi',
      'line",9812345670,,',
      'Dup,98123 45678,,',
      `Long,9812345671,${'9'.repeat(41)},`,
    ].join('\n');
    const { rows, issues } = parseCustomersCsv(csv);
    expect(rows.map((r) => r.name)).toEqual(['Good One', 'Multi\nline']);
    expect(issues).toEqual([
      { line: 3, code: 'invalid_phone', phone: '*2345' },
      { line: 4, code: 'invalid_name', phone: '******5679' },
      { line: 7, code: 'duplicate_phone', phone: '***** *5678' },
      { line: 8, code: 'invalid_consumer_number', phone: '******5671' },
    ]);
    expect(JSON.stringify(issues)).not.toContain('9812345679');
  });

  it('refuses a file without the name or phone column, an empty file and malformed CSV', () => {
    expect(() => parseCustomersCsv('name,mobile\nA,9812345678\n')).toThrow(CustomersFileError);
    expect(() => parseCustomersCsv('')).toThrow(/empty/);
    expect(() => parseCustomersCsv('name,phone\n"unterminated,9812345678\n')).toThrow(CustomersFileError);
  });
});
