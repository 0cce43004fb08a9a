/**
 * Turning PostgreSQL's text output into the values a ResultTable holds. Both clients hand back the
 * server's text form untouched and this one module decodes it, so `pg` and PGlite return identical
 * values for the same data.
 */
import type { ValueType } from '../catalog.ts';

/** How a value of a base type is decoded. */
export type DecodeKind = 'integer' | 'number' | 'money' | 'text' | 'date' | 'timestamp' | 'boolean' | 'json' | 'raw';

/** Base type names (`pg_type.typname`) we decode; any other type keeps its text form. */
const TYPE_NAME_TO_KIND: Readonly<Record<string, DecodeKind>> = {
  int2: 'integer',
  int4: 'integer',
  int8: 'integer',
  oid: 'integer',
  numeric: 'number',
  float4: 'number',
  float8: 'number',
  money: 'money',
  text: 'text',
  varchar: 'text',
  bpchar: 'text',
  char: 'text',
  name: 'text',
  citext: 'text',
  uuid: 'text',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamp',
  bool: 'boolean',
  json: 'json',
  jsonb: 'json',
};

const KIND_TO_VALUE_TYPE: Readonly<Record<DecodeKind, ValueType>> = {
  integer: 'integer',
  number: 'number',
  money: 'number',
  text: 'text',
  date: 'date',
  timestamp: 'timestamp',
  boolean: 'boolean',
  json: 'other',
  raw: 'other',
};

/** Fixed OIDs of the built-in types above (`pg_type.oid`, stable across versions). */
const BUILTIN_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [16, 'bool'], [18, 'char'], [19, 'name'], [20, 'int8'], [21, 'int2'], [23, 'int4'], [25, 'text'],
  [26, 'oid'], [114, 'json'], [700, 'float4'], [701, 'float8'], [790, 'money'], [1042, 'bpchar'],
  [1043, 'varchar'], [1082, 'date'], [1114, 'timestamp'], [1184, 'timestamptz'], [1700, 'numeric'],
  [2950, 'uuid'], [3802, 'jsonb'],
]);

/**
 * OIDs below this are built into the server (FirstNormalObjectId); only types created later
 * (enums, domains, extension types such as citext) need a catalog look-up.
 */
export const FIRST_USER_TYPE_OID = 16384;

/**
 * The kind for a type, by its base type name and `pg_type.typtype`. Enums are text; domains must
 * be resolved to their base type by the caller.
 */
export function decodeKindOf(typeName: string, typeType = 'b'): DecodeKind {
  if (typeType === 'e') return 'text';
  return TYPE_NAME_TO_KIND[typeName] ?? 'raw';
}

export function valueTypeOf(kind: DecodeKind): ValueType {
  return KIND_TO_VALUE_TYPE[kind];
}

/** The kind of a built-in type OID, or undefined when the OID is a user type to look up. */
export function builtinDecodeKind(typeId: number): DecodeKind | undefined {
  if (typeId >= FIRST_USER_TYPE_OID) return undefined;
  const typeName = BUILTIN_TYPE_NAMES.get(typeId);
  return typeName === undefined ? 'raw' : decodeKindOf(typeName);
}

/** `2024-01-02 03:04:05.123456+02` (DateStyle ISO) → its parts. */
const TIMESTAMP_TEXT = /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:([+-])(\d{2})(?::(\d{2}))?)?$/;

/**
 * Decodes one non-null value from PostgreSQL's text output (DateStyle ISO, which the clients pin).
 * - integers and numerics become JS numbers; int8 and numeric beyond 2^53 lose precision, and
 *   `NaN`/`Infinity` (JSON has no such numbers) become null;
 * - dates stay `YYYY-MM-DD` strings exactly as stored (never JS Dates shifted by a time zone);
 * - timestamps become ISO 8601 strings, `Z` or `±hh:mm` for timestamptz, none without a zone;
 *   values ISO 8601 cannot express (BC, infinity) keep the server's text;
 * - json/jsonb are parsed; any other type keeps the server's text.
 */
export function decodeValue(kind: DecodeKind, text: string): unknown {
  switch (kind) {
    case 'integer':
    case 'number':
      return finiteOrNull(Number(text));
    case 'money':
      // The text depends on lc_monetary (`$1,234.56`, `-$1.00`); keep digits, sign and point.
      return finiteOrNull(Number(text.replace(/[^0-9.-]/g, '')));
    case 'boolean':
      return text === 't';
    case 'timestamp':
      return isoTimestamp(text);
    case 'json':
      return JSON.parse(text);
    case 'text':
    case 'date':
    case 'raw':
      return text;
  }
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function isoTimestamp(text: string): string {
  const match = TIMESTAMP_TEXT.exec(text);
  if (match === null) return text;
  const [, date, time, sign, hours, minutes] = match;
  if (sign === undefined) return `${date}T${time}`;
  if (hours === '00' && (minutes === undefined || minutes === '00')) return `${date}T${time}Z`;
  return `${date}T${time}${sign}${hours}:${minutes ?? '00'}`;
}

/** Decodes whole rows, given each column's kind. */
export function decodeRows(
  kinds: readonly DecodeKind[],
  rows: readonly (readonly (string | null)[])[],
): unknown[][] {
  return rows.map((row) => row.map((text, index) => (text === null ? null : decodeValue(kinds[index] ?? 'raw', text))));
}

/**
 * Finds the decode kind of user-defined types (enums, domains, extension types) in pg_type,
 * following domains to their base type, and remembers them for the life of the connection.
 */
const USER_TYPES_SQL = `
WITH RECURSIVE chain AS (
  SELECT t.oid AS type_id, t.typname, t.typtype, t.typbasetype, 0 AS depth
  FROM pg_type AS t WHERE t.oid = ANY ($1::oid[])
  UNION ALL
  SELECT chain.type_id, base.typname, base.typtype, base.typbasetype, chain.depth + 1
  FROM chain JOIN pg_type AS base ON base.oid = chain.typbasetype
  WHERE chain.typtype = 'd' AND chain.depth < 8
)
SELECT type_id, typname, typtype FROM chain WHERE typtype <> 'd'`;

export interface TypeResolver {
  /** The decode kind of each type OID, looking up the user types not seen before in one statement. */
  kinds(typeIds: readonly number[], options?: { signal?: AbortSignal }): Promise<DecodeKind[]>;
}

export function createTypeResolver(
  query: (text: string, params: readonly unknown[], options: { signal?: AbortSignal }) => Promise<{ rows: readonly (readonly (string | null)[])[] }>,
): TypeResolver {
  const known = new Map<number, DecodeKind>();
  return {
    async kinds(typeIds, options = {}) {
      const missing = [...new Set(typeIds.filter((typeId) => builtinDecodeKind(typeId) === undefined && !known.has(typeId)))];
      if (missing.length > 0) {
        const result = await query(USER_TYPES_SQL, [missing], options);
        for (const [typeId, typeName, typeType] of result.rows) known.set(Number(typeId), decodeKindOf(String(typeName), String(typeType)));
        // A type dropped meanwhile keeps its text form.
        for (const typeId of missing) if (!known.has(typeId)) known.set(typeId, 'raw');
      }
      return typeIds.map((typeId) => builtinDecodeKind(typeId) ?? known.get(typeId) ?? 'raw');
    },
  };
}
