import type { LogicalQuery } from '../query/logical-query.ts';
import type { CompiledQuery, ResultTable } from '../connectors/connector.ts';
import type { ValueType } from '../connectors/catalog.ts';
import { QuerentError } from '../core/errors.ts';

/** Formats answered inside the run envelope (JSON). */
export const ANSWER_FORMATS = ['json', 'text', 'email'] as const;
export type AnswerFormat = (typeof ANSWER_FORMATS)[number];
/** Formats answered as a file: the first table of the answer, not the envelope. */
export const FILE_FORMATS = ['csv', 'xlsx'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];
export const FORMATS = [...ANSWER_FORMATS, ...FILE_FORMATS] as const;
export type Format = AnswerFormat | FileFormat;

/** The media type of each file format (also what an `Accept` header names to ask for it). */
export const FILE_MEDIA_TYPES: Readonly<Record<FileFormat, string>> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function isFileFormat(format: string): format is FileFormat {
  return (FILE_FORMATS as readonly string[]).includes(format);
}

/** The `format` a caller asked for; `unsupported_format` for anything else, or outside `allowed`. */
export function parseFormat(value: string | undefined, fallback: Format, allowed: readonly Format[] = FORMATS): Format {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as Format)) {
    throw new QuerentError('unsupported_format', `Unknown format "${value}"; use one of ${allowed.join(', ')}.`);
  }
  return value as Format;
}

/** Everything a renderer needs; renderers are pure functions of this. */
export interface AnswerInput {
  readonly question: string;
  readonly query: LogicalQuery;
  readonly compiled: CompiledQuery;
  readonly result: ResultTable;
  readonly interpretation: string;
  readonly assumptions: readonly string[];
  /** Every condition of the query in words; absent in answers stored before conditions were kept. */
  readonly conditions?: readonly string[];
  /** How each business metric of the answer is defined; stated after the answer's sentences. */
  readonly definitions?: readonly string[];
  /** Connection name, for email subjects and footers. */
  readonly connectionName: string;
  /** When the answer was computed. */
  readonly answeredAt: Date;
}

export interface TableColumn {
  readonly name: string;
  readonly label: string;
  readonly type: ValueType;
  readonly unit?: string;
}

export interface AnswerTable {
  readonly columns: readonly TableColumn[];
  readonly rows: readonly (readonly unknown[])[];
  readonly rowCount: number;
  readonly truncated: boolean;
}

export const FIGURE_KINDS = ['kpi', 'bar', 'line', 'pie', 'table'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

export interface Figure {
  readonly kind: FigureKind;
  readonly title: string;
  /** A Vega-Lite specification with the data inlined. */
  readonly vegaLite: Record<string, unknown>;
}

export interface TextAnswer {
  readonly text: string;
}

export interface JsonAnswer {
  readonly text: string;
  readonly interpretation: string;
  /** Choices the engine made that the question left open, and how a follow-up was read. */
  readonly assumptions: readonly string[];
  readonly tables: readonly AnswerTable[];
  readonly figures: readonly Figure[];
  readonly query: { readonly language: string; readonly dialect: string; readonly text: string; readonly parameters: readonly unknown[] };
}

export interface EmailAnswer {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** A complete RFC 5322 message (multipart/alternative + related inline PNG). */
  readonly mime: string;
  /** The chart of the message, for callers that do not read MIME; absent when it has none. */
  readonly chart?: EmailChart;
}

/** The chart image an email carries inline, outside the MIME message. */
export interface EmailChart {
  readonly contentType: 'image/png';
  /** The Content-ID the HTML refers to as `cid:…`, without angle brackets. */
  readonly contentId: string;
  /** Size of the image in pixels (twice the size it is shown at, for sharp screens). */
  readonly width: number;
  readonly height: number;
  /** The PNG, base64-encoded. */
  readonly base64: string;
}

export type Answer = TextAnswer | JsonAnswer | EmailAnswer;
