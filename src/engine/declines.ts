/**
 * Why the engine declines a question: one catalogue of codes, each with a message template that
 * names the words at fault. The code travels to the caller as the 422's `reason`; the message as
 * its `detail`. Tests assert codes, never message text.
 */
export const DECLINE_REASONS = {
  empty_question: { message: () => 'The question is empty.' },
  question_too_long: { message: (limit: string) => `The question is longer than ${limit} characters.` },
  writes_data: { message: (verb: string) => `Querent only reads data; it cannot ${verb} anything.` },
  sql_text: { message: () => 'Please ask in plain words rather than in SQL.' },
  forecast: { message: () => 'I can only report what the data holds, not forecast what will happen.' },
  nothing_matched: { message: () => 'I could not find anything in the question that matches this data.' },
  unknown_words: { message: (words: string) => `I don't know what ${words} refers to in this data.` },
  unsupported_question: { message: (detail: string) => `I cannot answer this kind of question yet: ${detail}.` },
  ambiguous: { message: (detail: string) => `The question can be read in more than one way (${detail}); please say which you mean.` },
  not_confident: { message: (detail: string) => `I am not sure enough how to answer this${detail ? ` (${detail})` : ''}; try rephrasing with the names used in the data.` },
  not_expressible: { message: (detail: string) => `This connection cannot answer that question: ${detail}` },
  tied_at_cut: { message: (detail: string) => `The rows asked for are not one answer: ${detail}.` },
} as const satisfies Record<string, { message: (detail: string) => string }>;

export type DeclineCode = keyof typeof DECLINE_REASONS;

export const DECLINE_CODES = Object.keys(DECLINE_REASONS) as DeclineCode[];

export function declineMessage(code: DeclineCode, detail = ''): string {
  return DECLINE_REASONS[code].message(detail);
}
