/**
 * The one entry point of the renderers: an answer in the asked format, computed from the input
 * alone. `json` and `text` are synchronous work; `email` draws the chart as a PNG in memory.
 */
import type { Answer, AnswerFormat, AnswerInput } from './answer.ts';
import { buildEmailAnswer, type EmailOptions } from './email-answer.ts';
import { buildJsonAnswer } from './json-answer.ts';
import { buildTextAnswer } from './text-answer.ts';

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

export type { EmailOptions } from './email-answer.ts';
