import { describe, expect, it } from 'vitest';
import { builtinDecodeKind, decodeKindOf, decodeValue, valueTypeOf } from '../../src/connectors/postgres/postgres-values.ts';

describe('PostgreSQL values', () => {
  it('maps type names to value types', () => {
    const valueType = (typeName: string, typeType?: string) => valueTypeOf(decodeKindOf(typeName, typeType));
    expect(['int2', 'int4', 'int8'].map((name) => valueType(name))).toEqual(['integer', 'integer', 'integer']);
    expect(['numeric', 'float4', 'float8', 'money'].map((name) => valueType(name))).toEqual(['number', 'number', 'number', 'number']);
    expect(['text', 'varchar', 'bpchar', 'citext', 'uuid'].map((name) => valueType(name))).toEqual(['text', 'text', 'text', 'text', 'text']);
    expect(valueType('mood', 'e')).toBe('text');
    expect([valueType('date'), valueType('timestamp'), valueType('timestamptz'), valueType('bool')]).toEqual(['date', 'timestamp', 'timestamp', 'boolean']);
    expect([valueType('interval'), valueType('_int4'), valueType('jsonb')]).toEqual(['other', 'other', 'other']);
  });

  it('knows built-in OIDs and leaves user types to a look-up', () => {
    expect(builtinDecodeKind(20)).toBe('integer');
    expect(builtinDecodeKind(1700)).toBe('number');
    expect(builtinDecodeKind(1082)).toBe('date');
    expect(builtinDecodeKind(1186)).toBe('raw'); // interval
    expect(builtinDecodeKind(16_400)).toBeUndefined();
  });

  it('decodes numbers exactly as printed, dates as stored and timestamps as ISO 8601', () => {
    expect(decodeValue('integer', '9007199254740991')).toBe(9007199254740991);
    expect(decodeValue('number', '1234.5675')).toBe(1234.5675);
    expect(decodeValue('number', 'NaN')).toBeNull();
    expect(decodeValue('money', '-$1,234.56')).toBe(-1234.56);
    expect(decodeValue('boolean', 't')).toBe(true);
    expect(decodeValue('boolean', 'f')).toBe(false);
    expect(decodeValue('date', '2024-02-29')).toBe('2024-02-29');
    expect(decodeValue('timestamp', '2024-02-29 23:59:58.123456')).toBe('2024-02-29T23:59:58.123456');
    expect(decodeValue('timestamp', '2024-02-29 23:59:58+00')).toBe('2024-02-29T23:59:58Z');
    expect(decodeValue('timestamp', '2024-02-29 23:59:58+05:30')).toBe('2024-02-29T23:59:58+05:30');
    expect(decodeValue('timestamp', '2024-02-29 23:59:58-08')).toBe('2024-02-29T23:59:58-08:00');
    expect(decodeValue('timestamp', 'infinity')).toBe('infinity');
    expect(decodeValue('json', '{"a": [1, 2]}')).toEqual({ a: [1, 2] });
    expect(decodeValue('raw', '1 day 02:00:00')).toBe('1 day 02:00:00');
  });
});
