/** Cutting a question into units where a cue word starts one phrase and another phrase overlaps it. */
import { describe, expect, it } from 'vitest';
import { findCues } from '../../../src/engine/question/cues.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import type { Link } from '../../../src/engine/readings/links.ts';
import { cutUnits } from '../../../src/engine/readings/units.ts';

const column = (start: number, end: number, name: string): Link => ({ start, end, target: { kind: 'column', entity: 'bills', column: name }, match: 'exact', strength: 1 });

function cut(question: string, links: readonly Link[]): string[] {
  const tokens = tokenize(question);
  return cutUnits(tokens, [], findCues(tokens), links).map((unit) => `${unit.kind}:${tokens.slice(unit.start, unit.end).map((token) => token.text).join(' ')}`);
}

describe('cutUnits', () => {
  it('gives a leading cue word its own meaning when the phrase after it reaches further ("total" + "amount due")', () => {
    // total(0) amount(1) due(2)
    expect(cut('total amount due', [column(0, 2, 'total_amt'), column(1, 3, 'amt_due'), column(2, 3, 'due_dt')])).toEqual(['cue:total', 'link:amount due']);
  });

  it('keeps the phrase that starts with the cue word when nothing after it reaches further', () => {
    expect(cut('total amount by bill', [column(0, 2, 'total_amt'), column(1, 2, 'amt')])).toEqual(['link:total amount', 'cue:by', 'word:bill']);
  });
});
