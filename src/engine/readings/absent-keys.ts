/**
 * "employees with no manager", "orders without a salesperson": a key of the rows said after "no" or
 * "without" is empty on them. (Rows another table has none of, "customers without orders", are the
 * related rows of assemble-related.ts.)
 */
import { Invalid, type Draft } from './draft.ts';

export function absentKeys(draft: Draft): void {
  for (const pick of draft.withRole('absent')) {
    const target = pick.link?.target;
    const cueIndex = draft.leftOf(pick.unit);
    // Only the rows' own key: "customers with no salesperson" is not their orders' empty one.
    if (target?.kind !== 'column' || target.entity !== draft.subject || !saysNone(draft, cueIndex, pick.unit) || draft.usedCues.has(cueIndex)) throw new Invalid();
    const tokens = [...draft.useCue(cueIndex), ...draft.use(pick.unit)];
    draft.conditions.push({ kind: 'missing', entity: target.entity, column: target.column, negated: false, tokens });
    draft.feature('filter.absent-key');
  }
}

/** "no manager", "without a manager", "without any salesperson": the negation says none of the key, right before it (not "never attends courses"). */
function saysNone(draft: Draft, cueIndex: number, unitIndex: number): boolean {
  if (draft.cueAt(cueIndex)?.kind !== 'negation') return false;
  const { tokens } = draft.input;
  const cue = draft.unit(cueIndex);
  const between = tokens.slice(cue.end, draft.unit(unitIndex).start);
  return cue.end - cue.start === 1 && NONE_WORDS.has(tokens[cue.start].lower) && between.every((token) => ARTICLES.has(token.lower));
}

const NONE_WORDS = new Set(['no', 'without']);
const ARTICLES = new Set(['a', 'an', 'any']);
