/**
 * Groups: "for each office", "by plan and country", "revenue by year and category", "revenue by
 * salesperson" (one group per employee the key points to).
 */
import { listGrainHead, listGroupCue } from './context.ts';
import { Invalid, type Draft } from './draft.ts';

export function assembleGroups(draft: Draft): void {
  for (const pick of draft.withRole('group')) {
    const target = pick.link?.target;
    const listed = listGroupCue(draft.input.units, draft.input.contexts, pick.unit);
    // "by plan and country": the list is grouped only when its first name is.
    if (listed !== undefined && draft.picks[draft.rightOf(listed)]?.role !== 'group') throw new Invalid();
    // "by year and category": the grain that heads the list groups by itself (see assembleTime).
    const afterGrain = listed === undefined && listGrainHead(draft.input.units, draft.input.contexts, pick.unit) !== undefined;
    const cueIndex = listed ?? draft.leftOf(pick.unit);
    const cue = afterGrain ? undefined : draft.cueAt(cueIndex);
    if (!afterGrain && cue?.kind !== 'group' && !(cue?.kind === 'pivot' && !cue.grain)) throw new Invalid();
    const tokens = afterGrain ? draft.use(pick.unit) : [...draft.useCue(cueIndex), ...draft.use(pick.unit)];
    const referenced = target?.kind === 'column' ? referencedEntity(draft, target.entity, target.column) : undefined;
    if (cue?.kind === 'pivot') {
      // "one column per status": a plain column's values become the columns.
      if (target?.kind !== 'column' || referenced) throw new Invalid();
      draft.pivot = { kind: 'column', entity: target.entity, column: target.column, tokens };
      draft.groups.push(draft.pivot);
      draft.feature('pivot.column');
      continue;
    }
    if (target?.kind === 'entity') draft.groups.push({ kind: 'entity', entity: target.entity, tokens });
    else if (referenced && target?.kind === 'column') {
      // "revenue by salesperson" where salesperson is orders.employee_id: one group per employee.
      draft.groups.push({ kind: 'entity', entity: referenced, via: { entity: target.entity, column: target.column }, tokens });
      draft.feature('group.via-foreign-key');
    } else if (target?.kind === 'column') draft.groups.push({ kind: 'column', entity: target.entity, column: target.column, tokens });
    else throw new Invalid();
  }
  // "by status and technician": once the first name of the list groups, the others group too,
  // never merely shown or related beside it.
  for (const [index, pick] of draft.picks.entries()) {
    if (!pick || !['scope', 'show', 'subject'].includes(pick.role)) continue;
    const listed = listGroupCue(draft.input.units, draft.input.contexts, index);
    if (listed !== undefined && draft.picks[draft.rightOf(listed)]?.role === 'group') throw new Invalid();
    if (listGrainHead(draft.input.units, draft.input.contexts, index) !== undefined) throw new Invalid();
  }
}

/** The entity a single-column foreign key points to. */
export function referencedEntity(draft: Draft, entity: string, column: string): string | undefined {
  return draft.input.schema.entityByName.get(entity)?.foreignKeys.find((key) => key.columns.length === 1 && key.columns[0] === column)?.refEntity;
}
