/**
 * "how many opportunities" where crm.lead.type has the value Opportunity; "sales orders" where an
 * order's state is "Sales Order": a word that names an entity and, equally well, a value of one of
 * that entity's own columns names the entity's rows with that value. The mention is read as the
 * value followed by the entity, like "cancelled orders"; the same value on other entities (a
 * related field on the lines) and columns that merely mention the entity are not that reading.
 */
import type { Candidate, Mention } from './link.ts';
import type { Item } from './segment.ts';

const TIE = 0.001;

export function splitSelfNamedValues(items: readonly Item[]): Item[] {
  return items.flatMap((item): Item[] => {
    if (item.kind !== 'mention' || item.mention.quoted) return [item];
    const split = splitMention(item.mention);
    if (!split) return [item];
    return [
      { kind: 'mention', start: item.start, end: item.end, mention: split.value },
      { kind: 'mention', start: item.start, end: item.end, mention: split.entity },
    ];
  });
}

function splitMention(mention: Mention): { value: Mention; entity: Mention } | undefined {
  const top = mention.candidates[0]?.score ?? 0;
  const best = mention.candidates.filter((candidate) => candidate.score >= top - TIE);
  const entities = best.filter((candidate): candidate is Candidate & { kind: 'entity' } => candidate.kind === 'entity');
  if (entities.length !== 1) return undefined;
  const entity = entities[0]!;
  const values = best.filter((candidate) => candidate.kind === 'value' && candidate.entity === entity.entity && !candidate.filler);
  if (values.length === 0) return undefined;
  return { value: { ...mention, candidates: values }, entity: { ...mention, candidates: [entity] } };
}
