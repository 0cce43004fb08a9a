/**
 * Two nestings of a count.
 *
 * Measures over per-group totals: "the average number of orders per customer" is not a count per
 * customer (that would make "average" mean nothing) but the average, over customers, of each
 * one's count of orders. An average, highest or lowest said before a count, with the counted rows
 * grouped by an entity they point to, becomes one such measure and the group goes away.
 */
import { reachFrom } from '../schema/join-graph.ts';
import { periodsAfter } from './assemble-related.ts';
import { Invalid, type Draft } from './draft.ts';
import type { ConditionNode, MeasureNode } from './reading.ts';

export function nestCountsPerGroup(draft: Draft): void {
  for (const [unit, measures] of draft.measureOfUnit) {
    const countCue = draft.leftOf(unit);
    const outerCue = countCue >= 0 ? draft.leftOf(countCue) : -1;
    const outer = outerCue >= 0 ? draft.cueAt(outerCue) : undefined;
    if (draft.cueAt(countCue)?.kind !== 'count' || outer?.kind !== 'aggregate' || outer.aggregate === 'sum' || draft.usedCues.has(outerCue)) continue;
    const counted = measures.find((measure) => measure.aggregate === 'count' && measure.column === undefined && measure.per === undefined);
    if (!counted) continue;
    const groups = draft.groups.filter((group) => group.kind === 'entity' && group.entity !== counted.entity && reachFrom(draft.input.schema, counted.entity).paths.has(group.entity));
    if (groups.length !== 1) throw new Invalid();
    const group = groups[0];
    const nested: MeasureNode = { ...counted, aggregate: outer.aggregate, per: { aggregate: 'count', entity: group.entity }, tokens: [...draft.useCue(outerCue), ...counted.tokens, ...group.tokens] };
    draft.measureOfUnit.set(unit, measures.map((measure) => (measure === counted ? nested : measure)));
    const shown = draft.outputs.indexOf(counted);
    if (shown >= 0) draft.outputs[shown] = nested;
    draft.groups.splice(draft.groups.indexOf(group), 1);
    draft.feature('measure.per-group');
  }
}

/** The subject grouped by itself with a comparison of a count of related rows: one number of the subject's rows instead. */
export function countByRelatedCounts(draft: Draft): void {
  const subject = draft.subject;
  const [having] = draft.having;
  const [group] = draft.groups;
  if (!subject || draft.having.length !== 1 || draft.groups.length !== 1 || group.kind !== 'entity' || group.entity !== subject || group.via) return;
  const { measure } = having;
  if (measure.aggregate !== 'count' || measure.column !== undefined || measure.per !== undefined || measure.metric !== undefined || having.against || measure.entity === subject) return;
  const counts = draft.outputs.filter((node): node is MeasureNode => node.kind === 'measure' && node !== measure);
  if (counts.length !== 1 || counts[0].aggregate !== 'count' || counts[0].entity !== subject || counts[0].column !== undefined || counts[0].per !== undefined) return;
  const schema = draft.input.schema;
  if (!reachFrom(schema, measure.entity).paths.has(subject)) return;
  // The verb relates the subject to the rows counted ("placed … orders"); relating it to others
  // ("placed" as the invoices' orders) would ask for other rows than those counted.
  const verbs: number[] = [];
  for (const pick of draft.withRole('relation')) {
    if (draft.usedTokens.has(draft.unit(pick.unit).start)) continue;
    if (pick.link?.target.kind !== 'entity' || pick.link.target.entity !== measure.entity) throw new Invalid();
    verbs.push(...draft.use(pick.unit));
  }
  const subjectReach = reachFrom(schema, subject);
  const inner: ConditionNode[] = draft.conditions.filter((condition) => condition.entity !== subject && !subjectReach.paths.has(condition.entity));
  draft.conditions.splice(0, draft.conditions.length, ...draft.conditions.filter((condition) => !inner.includes(condition)));
  inner.push(...periodsAfter(draft, draft.unitOfToken(Math.max(...having.tokens)), draft.input.units.length, measure.entity));
  draft.related.push({ entity: measure.entity, exists: true, conditions: inner, count: { op: having.op, values: having.values }, tokens: [...having.tokens, ...group.tokens, ...verbs] });
  draft.having.length = 0;
  draft.groups.length = 0;
  const shown = draft.outputs.indexOf(measure);
  if (shown >= 0) draft.outputs.splice(shown, 1);
  draft.feature('related.count');
}
