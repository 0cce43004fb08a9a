/**
 * The scope of an answer in words — its conditions and its period ("where status is cancelled,
 * in 2026") — so that no sentence, title or email states a number without the filters behind it.
 */
import type { AnswerInput } from './answer.ts';
import { periodPhrase } from './period-phrase.ts';

export function scopePhrase(input: AnswerInput): string {
  const conditions = input.conditions ?? [];
  // "with orders where …", "without any orders …": what the rows have or lack is said as it is, after the plain conditions.
  const had = conditions.filter((condition) => /^(with|without) /.test(condition));
  const plain = conditions.filter((condition) => !had.includes(condition));
  const where = plain.length > 0 ? `where ${plain.join(' and ')}` : '';
  return [where, had.join(' and '), periodPhrase(input.query)].filter((part) => part !== '').join(', ');
}
