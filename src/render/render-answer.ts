/**
 * The one entry point of the renderers: an answer in the asked format, computed from the input
 * alone. `json` and `text` are synchronous work; `email` draws the chart as a PNG in memory.
 */
import type { Answer, AnswerFormat, AnswerInput, FileFormat } from './answer.ts';
import { FILE_MEDIA_TYPES } from './answer.ts';
import { buildEmailAnswer, type EmailOptions } from './email-answer.ts';
import { buildJsonAnswer } from './json-answer.ts';
import { buildTextAnswer } from './text-answer.ts';
import { buildCsvAnswer } from './csv-answer.ts';
import { buildXlsxAnswer } from './xlsx-answer.ts';

export interface RenderOptions {
  /** Headers of the email answer; ignored by the other formats. */
  readonly email?: EmailOptions;
}

export async function renderAnswer(format: AnswerFormat, input: AnswerInput, options: RenderOptions = {}): Promise<Answer> {
  switch (format) {
    case 'json':
      return buildJsonAnswer(input);
    case 'text':
      return buildTextAnswer(input);
    case 'email':
      return buildEmailAnswer(input, options.email);
  }
}

/** An answer as a file: the first table of the answer. */
export interface AnswerFile {
  /** The full Content-Type, with the charset for text. */
  readonly contentType: string;
  /** File name extension, without the dot. */
  readonly extension: FileFormat;
  readonly body: Buffer;
  /** Whether the table stopped at the row cap (the same flag as `truncated` in the json answer). */
  readonly truncated: boolean;
}

export async function renderFile(format: FileFormat, input: AnswerInput): Promise<AnswerFile> {
  const truncated = input.result.truncated;
  switch (format) {
    case 'csv':
      return { contentType: `${FILE_MEDIA_TYPES.csv}; charset=utf-8`, extension: 'csv', body: Buffer.from(buildCsvAnswer(input), 'utf8'), truncated };
    case 'xlsx':
      return { contentType: FILE_MEDIA_TYPES.xlsx, extension: 'xlsx', body: await buildXlsxAnswer(input), truncated };
  }
}

export type { EmailOptions } from './email-answer.ts';
