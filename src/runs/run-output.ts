import type { AnswerInput } from '../render/answer.ts';
import { shapeAnswer } from '../render/answer-rows.ts';

/**
 * What a complete run stores: the renderer's input, so any format can be rendered later. The query
 * and rows are the ones computed (a follow-up refines that query); they are shaped for reading
 * (rows read only to compare with dropped, a pivot applied) each time an answer is rendered.
 */
export type RunOutput = Omit<AnswerInput, 'answeredAt'> & { readonly answeredAt: string };

export function toAnswerInput(output: RunOutput): AnswerInput {
  const { query, result } = shapeAnswer(output.query, output.result);
  return { ...output, query, result, answeredAt: new Date(output.answeredAt) };
}
