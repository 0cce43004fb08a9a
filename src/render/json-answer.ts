/** The JSON answer: the sentence, the interpretation, the exact table, the figure and the query. */
import type { AnswerInput, JsonAnswer } from './answer.ts';
import { buildAnswerTable } from './answer-table.ts';
import { chooseFigure } from './figure.ts';
import { answerText } from './text-answer.ts';

export function buildJsonAnswer(input: AnswerInput): JsonAnswer {
  const figure = chooseFigure(input);
  const { language, dialect, text, params } = input.compiled;
  return {
    text: answerText(input),
    interpretation: input.interpretation,
    assumptions: input.assumptions,
    tables: [buildAnswerTable(input.query, input.result)],
    figures: figure === undefined ? [] : [figure],
    query: { language, dialect, text, parameters: params },
  };
}
