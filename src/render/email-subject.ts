/**
 * An email's subject, from the answer rather than the question as typed: the sentence that
 * answers when it fits a mail client's list ("Revenue in 2026 was €9,501,444.90"), else the
 * answer's title ("Number of customers by segment").
 */
import type { AnswerInput } from './answer.ts';
import { answerTitle } from './answer-title.ts';
import { cleanText } from './format-value.ts';
import { lowerFirst } from './text-words.ts';

/** Subject length in characters, so that it fits a mail client's list. */
export const SUBJECT_LENGTH = 78;

export function emailSubject(input: AnswerInput, answeringSentence: string): string {
  const headline = cleanText(answeringSentence.replace(/\.$/, ''), Number.MAX_SAFE_INTEGER);
  if (input.result.rows.length > 0 && headline !== '' && headline.length <= SUBJECT_LENGTH) return headline;
  const title = answerTitle(input);
  return cleanText(input.result.rows.length === 0 ? `No data for ${lowerFirst(title)}` : title, SUBJECT_LENGTH);
}
