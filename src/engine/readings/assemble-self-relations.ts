/**
 * "staff managed by Ana Ruiz", "customers referred by Tom Berg": on rows that point to rows of their
 * own kind by one key (a manager), a name said right after a verb that names that key and "to" or
 * "by" names the row they point to. The reading keeps the rows whose row pointed to has that name (a
 * semi-join of the table with itself), not the rows of that name. The other way, "Liz Müller's
 * manager" shows the rows that the key of the rows named points to.
 */
import type { ConditionNode } from './reading.ts';
import { Invalid, type Draft } from './draft.ts';

const POINTING_PARTICLES: ReadonlySet<string> = new Set(['to', 'by']);

export function relateToParents(draft: Draft): void {
  const subject = draft.subject;
  const { tokens, schema } = draft.input;
  const entity = subject === undefined ? undefined : schema.entityByName.get(subject);
  if (subject === undefined || entity === undefined) return;
  const named = draft.conditions.filter((condition): condition is Extract<ConditionNode, { kind: 'equals' }> => condition.kind === 'equals' && !condition.negated
    && condition.entity === subject && entity.displayColumns.some((column) => column.name === condition.column));
  if (draft.pointedToBy !== undefined) {
    // "Liz Müller's manager", "the manager of Liz Müller": the rows her key points to; said of no one, no reading.
    if (named.length === 0) throw new Invalid();
    for (const condition of named) draft.conditions.splice(draft.conditions.indexOf(condition), 1);
    draft.related.push({ entity: subject, exists: true, conditions: named, childVia: draft.pointedToBy.key, tokens: [...draft.pointedToBy.tokens, ...named.flatMap((condition) => condition.tokens)] });
    draft.feature('related.pointed-to');
    return;
  }
  const selfKeys = entity.foreignKeys.filter((key) => key.refEntity === subject && key.columns.length === 1);
  if (selfKeys.length !== 1) return;
  if (named.length === 0) return;
  const first = Math.min(...named.flatMap((condition) => condition.tokens));
  const particle = tokens[first - 1];
  const verb = tokens[first - 2];
  // A verb, or its participle the tagger takes for an adjective ("supervised").
  const saysAction = verb !== undefined && (verb.pos === 'VERB' || (verb.pos === 'ADJ' && verb.lower.endsWith('ed')));
  if (particle === undefined || verb === undefined || !POINTING_PARTICLES.has(particle.lower) || !saysAction || draft.usedTokens.has(verb.index)) return;
  // The verb names the key: "managed by" the manager, "supervised by" the supervisor, "reports to" reports_to.
  const keyWords = entity.columnByName.get(selfKeys[0].columns[0])?.nameWords ?? [];
  if (!keyWords.some((word) => sharesStem(word, verb.lemma))) return;
  // The verb is read as this relation only: as a word, or as the link to that key.
  const pick = draft.picks[draft.unitOfToken(verb.index)];
  if (pick !== undefined && pick.role !== 'word' && pick.role !== 'relation') return;
  for (const condition of named) draft.conditions.splice(draft.conditions.indexOf(condition), 1);
  draft.usedTokens.add(verb.index);
  draft.usedTokens.add(particle.index);
  draft.related.push({ entity: subject, exists: true, conditions: named, parentVia: selfKeys[0].columns[0], tokens: [verb.index, particle.index, ...named.flatMap((condition) => condition.tokens)] });
  draft.feature('related.parent');
}

/** Two words of one stem: a common beginning of at least five letters and most of the shorter word. */
function sharesStem(left: string, right: string): boolean {
  let common = 0;
  while (common < left.length && common < right.length && left[common] === right[common]) common += 1;
  return common >= 5 && common >= 0.7 * Math.min(left.length, right.length);
}
