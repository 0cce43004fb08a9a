import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { buildCsvAnswer, tableToCsv } from '../../src/render/csv-answer.ts';
import { cellValue } from '../../src/render/xlsx-answer.ts';
import { acceptedFileFormat } from '../../src/http/response-format.ts';
import { pieBreakdown, timeSeries, empty } from './fixtures.ts';

describe('csv answer', () => {
  it('writes a header row of labels and CRLF-ended records', () => {
    expect(buildCsvAnswer(pieBreakdown)).toBe('Status,Orders\r\ndelivered,812\r\nshipped,120\r\ncancelled,31\r\npending,57\r\n');
    expect(parse(buildCsvAnswer(timeSeries))[1]).toEqual(['2024-01-01', '1000']);
    expect(buildCsvAnswer(empty).split('\r\n')).toHaveLength(2);
  });

  it('quotes only fields with a comma, a quote or a line break, doubling quotes', () => {
    const csv = tableToCsv({
      columns: [{ name: 'a', label: 'A, "the" first', type: 'text' }],
      rows: [['plain'], ['a,b'], ['say "hi"'], ['one\ntwo'], [null], [' padded ']],
      rowCount: 6, truncated: false,
    });
    expect(csv).toBe('"A, ""the"" first"\r\nplain\r\n"a,b"\r\n"say ""hi"""\r\n"one\ntwo"\r\n\r\n padded \r\n');
  });
});

describe('xlsx cells', () => {
  const column = (type: 'integer' | 'number' | 'date' | 'timestamp' | 'text') => ({ name: 'c', label: 'C', type });
  it('turns exact numbers and ISO dates into typed cells, and leaves the rest as text', () => {
    expect(cellValue(12.5, column('number'))).toBe(12.5);
    expect(cellValue('12.50', column('number'))).toBe(12.5);
    expect(cellValue('123456789012345678901', column('integer'))).toBe('123456789012345678901');
    expect(cellValue('2024-03-01', column('date'))).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(cellValue('2024-03-01 10:00:00', column('timestamp'))).toEqual(new Date('2024-03-01T10:00:00Z'));
    expect(cellValue('2024-03-01T10:00:00+02:00', column('timestamp'))).toEqual(new Date('2024-03-01T08:00:00Z'));
    expect(cellValue('2024-03', column('date'))).toBe('2024-03');
    expect(cellValue('=1+1', column('text'))).toBe('=1+1');
    expect(cellValue(null, column('text'))).toBeNull();
  });
});

describe('Accept header', () => {
  it('picks a file format only when it ranks first', () => {
    expect(acceptedFileFormat('text/csv')).toBe('csv');
    expect(acceptedFileFormat('application/json, text/csv')).toBeUndefined();
    expect(acceptedFileFormat('application/json;q=0.4, text/csv;q=0.9')).toBe('csv');
    expect(acceptedFileFormat('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('xlsx');
    expect(acceptedFileFormat('text/csv;q=0, */*')).toBeUndefined();
    expect(acceptedFileFormat(undefined)).toBeUndefined();
  });
});
