/**
 * What the question's own words say of the answer's shape, which a reading may not contradict: one
 * value or several ("what is", "the numbers of"), an "or" left unread, a column held to one value
 * and aggregated anyway, a value said to have none of something.
 */
import { columnOf, entityOf } from '../schema/schema-model.ts';
import type { Draft } from './draft.ts';

export function contradictsQuestion(draft: Draft): boolean {
  return droppedOr(draft) || oneNumberOfNumbers(draft) || aggregatesFixedColumn(draft) || listsOneValueAsked(draft) || negatesRowsOfValues(draft);
}

/**
 * "What are the numbers of all flights from Paris?": "numbers" asks for several, one per group or
 * one per thing counted; a single count of every row is not what it says.
 */
function oneNumberOfNumbers(draft: Draft): boolean {
  const measures = draft.outputs.filter((output) => output.kind === 'measure');
  return draft.groups.length === 0 && measures.length === 1 && measures[0].tokens.some((index) => draft.input.tokens[index].lower === 'numbers');
}

/**
 * "vehicles with the maximum load Heavy": a column held to one value by the question has nothing to
 * aggregate; its words name the column (max_load), not a highest of it.
 */
function aggregatesFixedColumn(draft: Draft): boolean {
  const fixed = (entity: string, column: string) => draft.conditions.some((condition) => condition.kind === 'equals' && !condition.negated && condition.values.length === 1 && condition.entity === entity && condition.column === column);
  return draft.outputs.some((output) => output.kind === 'measure' && output.column !== undefined && output.per === undefined && fixed(output.entity, output.column));
}

/**
 * "What is the total amount of all receipts?": one value asked ("what is") of all the rows is not
 * the list of each row's amount.
 */
function listsOneValueAsked(draft: Draft): boolean {
  const { tokens, schema } = draft.input;
  const asksOne = tokens[0]?.lower === 'what' && (tokens[1]?.lower === 'is' || tokens[1]?.lower === "'s");
  const ofAll = tokens.some((token, index) => token.lower === 'all' && tokens[index - 1]?.lower === 'of');
  const amounts = draft.outputs.filter((output) => output.kind === 'column' && columnOf(schema, output.entity, output.column).isNumeric);
  // Beside the amounts, what names each row (its name, number or key) is no other value asked.
  const namesRow = (output: (typeof draft.outputs)[number]) => output.kind === 'name'
    || (output.kind === 'column' && (columnOf(schema, output.entity, output.column).isKey || entityOf(schema, output.entity).displayColumns.some((display) => display.name === output.column)));
  return asksOne && ofAll && draft.groups.length === 0 && amounts.length > 0 && draft.outputs.every((output) => amounts.includes(output) || namesRow(output));
}

/**
 * "paid over 300 or by cheque", "in 2005 or after": an "or" that no reading of alternatives took
 * joins something the reading dropped or required together.
 */
function droppedOr(draft: Draft): boolean {
  return draft.input.tokens.some((token, index) => token.lower === 'or' && !draft.usedTokens.has(index));
}

/**
 * "Which industries have no Enterprise accounts?", "Which studios never worked with Hill?": what is
 * asked is a column's values, and the negation is said of each value, so a value qualifies only
 * when none of its rows has what is negated. Negating each row instead lists the industries that
 * have some account outside Enterprise, nearly every one; no reading here carries the former.
 */
function negatesRowsOfValues(draft: Draft): boolean {
  const { tokens } = draft.input;
  return draft.outputs.some((output) => output.kind === 'column' && output.tokens.length > 0
    && draft.conditions.some((condition) => 'negated' in condition && condition.negated && condition.entity === output.entity)
    && negationSaidOf(tokens, Math.max(...output.tokens) + 1));
}

/** "… have no", "… never", "… did not (have)", "… with no", "… without", from `index` on. */
function negationSaidOf(tokens: Draft['input']['tokens'], index: number): boolean {
  const word = (offset: number): string => tokens[index + offset]?.lower ?? '';
  let at = ['that', 'which', 'who'].includes(word(0)) ? 1 : 0;
  if (['do', 'does', 'did', 'have', 'has', 'had'].includes(word(at)) && ['not', "n't", 'never'].includes(word(at + 1))) return true;
  if (['have', 'has', 'had', 'with'].includes(word(at))) at += 1;
  return ['no', 'never', 'without', 'none'].includes(word(at));
}
