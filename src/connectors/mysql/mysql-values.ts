/**
 * Turning what `mysql2` hands back into the values a ResultTable holds, identical to what the
 * PostgreSQL connector returns for the same data. The client asks `mysql2` for dates as strings
 * (`dateStrings`) and for DECIMAL and BIGINT as strings (no float rounding on the way); this
 * module decides each column's type from the result's field metadata and decodes its values.
 */
import type { ValueType } from '../catalog.ts';

/** Field metadata of one result column, as `mysql2` reports it. */
export interface MysqlField {
  readonly name: string;
  /** Protocol type code (`mysql2`'s `Types`). */
  readonly columnType: number;
  /** Display length; 1 for TINYINT(1), MySQL's BOOLEAN. */
  readonly columnLength: number;
  /** Digits after the point, for DECIMAL. */
  readonly decimals: number;
  /** Collation number; 63 is `binary`. */
  readonly characterSet: number;
}

export type DecodeKind = 'integer' | 'number' | 'text' | 'date' | 'datetime' | 'timestamp' | 'boolean' | 'binary' | 'raw';

/** Protocol type codes (MySQL source, `include/field_types.h`). */
const TYPES = {
  DECIMAL: 0, TINY: 1, SHORT: 2, LONG: 3, FLOAT: 4, DOUBLE: 5, NULL: 6, TIMESTAMP: 7, LONGLONG: 8, INT24: 9,
  DATE: 10, TIME: 11, DATETIME: 12, YEAR: 13, NEWDATE: 14, VARCHAR: 15, BIT: 16, JSON: 245, NEWDECIMAL: 246,
  ENUM: 247, SET: 248, TINY_BLOB: 249, MEDIUM_BLOB: 250, LONG_BLOB: 251, BLOB: 252, VAR_STRING: 253, STRING: 254,
} as const;

const BINARY_CHARSET = 63;

const KIND_TO_VALUE_TYPE: Readonly<Record<DecodeKind, ValueType>> = {
  integer: 'integer',
  number: 'number',
  text: 'text',
  date: 'date',
  datetime: 'timestamp',
  timestamp: 'timestamp',
  boolean: 'boolean',
  binary: 'other',
  raw: 'other',
};

/**
 * The kind of a result column. TINYINT(1) and BIT(1) are booleans (MySQL's BOOLEAN is TINYINT(1)).
 * A DECIMAL without decimals is an integer: that is what SUM and the like of integer columns give
 * (PostgreSQL gives bigint there).
 */
export function decodeKindOfField(field: MysqlField): DecodeKind {
  switch (field.columnType) {
    case TYPES.TINY:
      return field.columnLength === 1 ? 'boolean' : 'integer';
    case TYPES.BIT:
      return field.columnLength === 1 ? 'boolean' : 'binary';
    case TYPES.SHORT:
    case TYPES.LONG:
    case TYPES.LONGLONG:
    case TYPES.INT24:
    case TYPES.YEAR:
      return 'integer';
    case TYPES.DECIMAL:
    case TYPES.NEWDECIMAL:
      return field.decimals === 0 ? 'integer' : 'number';
    case TYPES.FLOAT:
    case TYPES.DOUBLE:
      return 'number';
    case TYPES.DATE:
    case TYPES.NEWDATE:
      return 'date';
    case TYPES.DATETIME:
      return 'datetime';
    case TYPES.TIMESTAMP:
      return 'timestamp';
    case TYPES.VARCHAR:
    case TYPES.VAR_STRING:
    case TYPES.STRING:
    case TYPES.ENUM:
    case TYPES.SET:
    case TYPES.TINY_BLOB:
    case TYPES.MEDIUM_BLOB:
    case TYPES.LONG_BLOB:
    case TYPES.BLOB:
      return field.characterSet === BINARY_CHARSET ? 'binary' : 'text';
    default:
      return 'raw';
  }
}

export function valueTypeOf(kind: DecodeKind): ValueType {
  return KIND_TO_VALUE_TYPE[kind];
}

/**
 * Decodes one non-null value:
 * - integers and decimals become JS numbers (beyond 2^53 they lose precision, as in the
 *   PostgreSQL connector);
 * - dates stay `YYYY-MM-DD` strings exactly as stored;
 * - DATETIME becomes `YYYY-MM-DDThh:mm:ss[.ffffff]` (no zone, like PostgreSQL's timestamp);
 *   TIMESTAMP the same with `Z`, the session time zone being UTC (like timestamptz);
 *   zero dates (`0000-00-00`) keep the server's text;
 * - binary strings become `\x…` hex, as PostgreSQL prints bytea; anything else keeps its form.
 */
export function decodeValue(kind: DecodeKind, value: unknown): unknown {
  switch (kind) {
    case 'integer':
    case 'number': {
      const number = Number(value);
      return Number.isFinite(number) ? number : null;
    }
    case 'boolean':
      return Buffer.isBuffer(value) ? value.some((byte) => byte !== 0) : Number(value) !== 0;
    case 'datetime':
    case 'timestamp': {
      const text = String(value);
      if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text) || text.startsWith('0000-')) return text;
      return `${text.replace(' ', 'T')}${kind === 'timestamp' ? 'Z' : ''}`;
    }
    case 'binary':
      return Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value;
    case 'text':
      return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
    case 'date':
      return String(value);
    case 'raw':
      return Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value;
  }
}

/** Decodes whole rows, given each column's kind. */
export function decodeRows(kinds: readonly DecodeKind[], rows: readonly (readonly unknown[])[]): unknown[][] {
  return rows.map((row) => row.map((value, index) => (value === null ? null : decodeValue(kinds[index] ?? 'raw', value))));
}
