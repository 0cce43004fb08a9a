/** The decline catalogue: every code has a message, and messages name the words at fault. */
import { describe, expect, it } from 'vitest';
import { DECLINE_CODES, declineMessage } from '../../../src/engine/declines.ts';

describe('decline catalogue', () => {
  it('codes are snake_case', () => {
    for (const code of DECLINE_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('every code has a message that starts a sentence, with or without detail', () => {
    for (const code of DECLINE_CODES) {
      for (const message of [declineMessage(code), declineMessage(code, 'some detail')]) {
        expect(message.trim().length, code).toBeGreaterThan(10);
        expect(message, code).toMatch(/^[A-Z]/);
        expect(message, code).not.toContain('undefined');
      }
    }
  });

  it('messages about words or details name them', () => {
    expect(declineMessage('unknown_words', '"zebra"')).toContain('"zebra"');
    expect(declineMessage('writes_data', 'delete')).toContain('delete');
    expect(declineMessage('question_too_long', '2000')).toContain('2000');
    expect(declineMessage('unsupported_question', 'ratios of ratios')).toContain('ratios of ratios');
    expect(declineMessage('ambiguous', 'two dates')).toContain('two dates');
    expect(declineMessage('not_expressible', 'no grouping on this field')).toContain('no grouping on this field');
  });

  it('not_confident adds its detail only when there is one', () => {
    expect(declineMessage('not_confident')).not.toContain('()');
    expect(declineMessage('not_confident', 'two readings')).toContain('(two readings)');
  });
});
