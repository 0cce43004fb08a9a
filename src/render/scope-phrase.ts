/**
 * The scope of an answer in words — its conditions and its period ("where status is cancelled,
 * in 2026") — so that no sentence, title or email states a number without the filters behind it.
 */
import type { AnswerInput } from './answer.ts';
import { periodPhrase } from './period-phrase.ts';

export function scopePhrase(input: AnswerInput): string {
  const conditions = input.conditions ?? [];
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  return [where, periodPhrase(input.query)].filter((part) => part !== '').join(', ');
}
