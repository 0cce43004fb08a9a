import type { AnswerInput } from '../render/answer.ts';

/** What a complete run stores: the renderer's input, so any format can be rendered later. */
export type RunOutput = Omit<AnswerInput, 'answeredAt'> & { readonly answeredAt: string };

export function toAnswerInput(output: RunOutput): AnswerInput {
  return { ...output, answeredAt: new Date(output.answeredAt) };
}
