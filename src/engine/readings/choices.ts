/**
 * Proposes, for every unit that names something, the roles it could play in a reading — the
 * counted entity, a column to show, the column an average is taken of, a filter value, a group,
 * a sort key… — each with the features of the neighbourhood that suggested it. A proposal never
 * decides: the model weighs the features and the enumerator keeps the best combinations.
 */
import { UNIT_WORDS } from '../question/cue-patterns.ts';
import { aggregateList, governingCue, listGrainHead, listGroupCue, type ContextKind, type UnitContext } from './context.ts';
import type { Features } from './features.ts';
import type { Link } from './links.ts';
import type { CatalogSegment } from '../../connectors/catalog.ts';
import type { Token } from '../question/tokens.ts';
import { columnOf, type SchemaIndex } from '../schema/schema-model.ts';
import type { Unit } from './units.ts';

export type Role =
  /** entity: the rows the question is about. */
  | 'subject'
  /** entity: shown by its name; column: shown. */
  | 'show'
  /** entity: its rows counted; column: its distinct values counted. */
  | 'count'
  /** column or metric: aggregated by the aggregate cue before it. */
  | 'measure'
  /** entity or column: one group per member. */
  | 'group'
  /** column: the sort key of a sort cue. */
  | 'order'
  /** column: ranked by a superlative (the row with the highest …); entity: ranked by how many. */
  | 'rank'
  /** column: compared with the number of a comparison cue. */
  | 'compare'
  /** entity: how many of them, compared with a number ("more than 5 orders"). */
  | 'having'
  /** column: the column of a literal next to it ("named 'Bob'", "year 2014"). */
  | 'names'
  /** column: matched against a text pattern ("name containing 'a'"). */
  | 'pattern'
  /** value: rows where its column holds it. */
  | 'filter'
  /** quoted text or number: a value for a column named near it. */
  | 'literal'
  /** entity: related rows the question names, joined, nothing shown. */
  | 'scope'
  /** segment: its conditions apply. */
  | 'segment'
  /** a period: rows dated within it. */
  | 'period'
  /** a verb naming a link between things the reading relates ("technicians who serviced…"): nothing of its own. */
  | 'relation'
  /** a cue whose words also name something: the cue's meaning, not the link. */
  | 'cue'
  /** a cue's words read as plain words of the phrase around them. */
  | 'word'
  /** a yes/no column said as an adjective ("discontinued products"): rows where it is true. */
  | 'flag'
  /**
   * column: the date a verb names as an event, where the verb also names a state of the same rows
   * ("orders not yet shipped": shipped_date empty, not status "shipped", which delivered orders
   * no longer have): rows where it is set, or empty when negated.
   */
  | 'event';

export interface Choice {
  readonly unit: number;
  readonly role: Role;
  /** For a segment said as its entity ("open invoices", "customers"): the link as the entity. */
  readonly link?: Link;
  /** …and the segment whose conditions come with it. */
  readonly segment?: CatalogSegment;
  /** The value is the entity's own, said by the entity's name ("opportunities": type is Opportunity). */
  readonly ownValue?: boolean;
  /** The entity's name is also a value of these columns of its own (state "Sales Order"). */
  readonly ownValueColumns?: readonly string[];
  /** Features of this choice alone (its link and its neighbourhood). */
  readonly features: Features;
}

/** Links kept per unit, strongest first: beyond these, a reading is too far-fetched to matter. */
const MAX_LINKS_PER_UNIT = 4;

/** Verbs that only say where something is ("based in", "located at"). */
const LOCATING_VERBS: ReadonlySet<string> = new Set(['base', 'locate', 'situate', 'headquarter']);

/**
 * The feature of a choice tried only by the wider search (enumerate.ts): a reading of the question's
 * words that is right only where no reading of them as named holds together.
 */
export const LAST_RESORT = 'link.last-resort';

const LOOSE_SENSES: ReadonlySet<Link['match']> = new Set(['wordnet-hypernym', 'wordnet-hyponym']);

export function proposeChoices(units: readonly Unit[], contexts: readonly UnitContext[], tokens: readonly Token[], schema: SchemaIndex): Choice[][] {
  const named = entitiesNamed(units);
  return units.map((unit, index) => {
    const context = contexts[index];
    switch (unit.kind) {
      case 'link': {
        const governed = {
          aggregate: governingCue(units, contexts, index, 'aggregate') !== undefined,
          count: governingCue(units, contexts, index, 'count') !== undefined,
          superlative: governingCue(units, contexts, index, 'superlative') !== undefined,
          group: listGroupCue(units, contexts, index) !== undefined || listGrainHead(units, contexts, index) !== undefined,
          listed: aggregateList(units, contexts[index].left.unit).cues.length > 1,
          beforeValueOf: namesValueAfterOf(units, contexts, index),
        };
        const links = linkChoices(index, linksOfKind(unit.links, tokens, unit.start, unit.end), context, isVerb(tokens, unit.start, unit.end), schema, named, governed);
        // "average resolution time in hours", "more than 30 days": a unit said for a measure or a number (checked when the words are accounted for).
        const unitSaid = unit.end - unit.start === 1 && UNIT_WORDS.has(tokens[unit.start].lemma) && (tokens[unit.start - 1]?.lower === 'in' || tokens[unit.start - 1]?.kind === 'number');
        if (unitSaid) return [...links, { unit: index, role: 'word', features: { 'link.unit-said': 1 } }];
        // "accounts based in Germany", "offices located in Spain": a participle before a place says where, it names nothing.
        const placing = unit.end - unit.start === 1 && LOCATING_VERBS.has(tokens[unit.start].lemma) && ['in', 'at', 'near'].includes(tokens[unit.end]?.lower ?? '');
        if (placing) return [...links, { unit: index, role: 'word', features: { 'link.verb-as-word': 1 } }];
        // "Which plan brings in the most MRR?": a verb whose only links are a sense above or below its
        // own ("bring" under "channel") may just be the question's verb, as "has" would be, where
        // no reading of it as named holds together; never where it names a table beside one the
        // question names ("students living in a dorm": lives_in, the students' rooms, relates them).
        // So may a verb that only names a metric ("subscriptions billed monthly": billings).
        const looseVerb = isVerb(tokens, unit.start, unit.end)
          && unit.links.every((link) => link.target.kind === 'metric' || (LOOSE_SENSES.has(link.match) && !besideNamed(schema, link.target.entity, named)));
        return looseVerb ? [...links, { unit: index, role: 'word', features: { 'link.verb-as-word': 1, [LAST_RESORT]: 1 } }] : links;
      }
      case 'cue': {
        // "the phone number of the Leeds office": "number of" right after a noun belongs to the noun.
        const asWord: Choice[] = unit.cue.kind === 'count' && context.left.kind === 'link' && context.left.between.length === 0 ? [{ unit: index, role: 'word', features: { 'cue.read-as-word': 1 } }] : [];
        if (unit.links.length === 0 && asWord.length === 0) return [];
        return [{ unit: index, role: 'cue', features: { 'cue.over-link': unit.links.length > 0 ? 1 : 0 } }, ...asWord, ...linkChoices(index, unit.links, context, isVerb(tokens, unit.start, unit.end), schema, named)];
      }
      case 'quoted': return [...unit.links.map((link) => choice(index, 'filter', context, link)), choice(index, 'literal', context)];
      case 'number': return [choice(index, 'literal', context)];
      case 'period': return [choice(index, 'period', context)];
      case 'word': return occurrenceChoices(index, units, context, tokens);
    }
  });
}

/**
 * "nominated more than 2 times", "ordered the most times": "times" right after a comparison with
 * a number or a counting superlative stands for occurrences: the rows of a table the question
 * names (itself, or by one of its columns), counted.
 */
function occurrenceChoices(index: number, units: readonly Unit[], context: UnitContext, tokens: readonly Token[]): Choice[] {
  const unit = units[index];
  const cue = context.left.cue;
  if (unit.end - unit.start !== 1 || tokens[unit.start].lemma !== 'time' || context.left.between.length > 0 || !cue) return [];
  // After a count ("how many times") the count's own rows are the times: see accounting.ts.
  const roles: Role[] = cue.kind === 'compare' && cue.values.length > 0 && !cue.money ? ['having'] : cue.kind === 'superlative' && cue.counting === true ? ['rank'] : [];
  const entities = new Set(units.flatMap((other) => (other.kind === 'link' || other.kind === 'quoted' ? other.links.map((link) => link.target.entity) : [])));
  return [...entities].flatMap((entity) => roles.map((role) => choice(index, role, context, { start: unit.start, end: unit.end, target: { kind: 'entity', entity }, match: 'occurrence', strength: 1 })));
}

/** Whether an entity is one the question names, or one its rows point to or are pointed to by. */
function besideNamed(schema: SchemaIndex, entity: string, named: ReadonlyMap<string, ReadonlySet<number>>): boolean {
  const info = schema.entityByName.get(entity);
  const neighbours = [entity, ...(info?.foreignKeys.map((key) => key.refEntity) ?? []), ...(info?.incoming.map((link) => link.fromEntity) ?? [])];
  return neighbours.some((neighbour) => named.has(neighbour));
}

/** Entities the question names as such ("employees"), by the units that name them. */
function entitiesNamed(units: readonly Unit[]): Map<string, Set<number>> {
  const named = new Map<string, Set<number>>();
  units.forEach((unit, index) => {
    if (unit.kind !== 'link' && unit.kind !== 'cue') return;
    for (const link of unit.links) {
      if (link.target.kind === 'entity') named.set(link.target.entity, (named.get(link.target.entity) ?? new Set<number>()).add(index));
    }
  });
  return named;
}

function linkChoices(
  index: number, links: readonly Link[], context: UnitContext, verbal: boolean, schema: SchemaIndex,
  named: ReadonlyMap<string, ReadonlySet<number>>, governed = { aggregate: false, count: false, superlative: false, group: false, listed: false, beforeValueOf: false },
): Choice[] {
  // Of links as strong, those on an entity another part of the question names come first: "archived
  // employees" keeps the employees' own "archived" when many models have one.
  const onNamed = (link: Link): number => {
    const naming = named.get(link.target.entity);
    return naming !== undefined && (naming.size > 1 || !naming.has(index)) ? 1 : 0;
  };
  const left = context.left.kind;
  const right = context.right.kind;
  const dates = verbal && (isTimeSide(left) || isTimeSide(right)) ? links.filter((link) => isDateColumn(schema, link)) : [];
  // "tickets opened in 2025", "orders we shipped last month": a verb beside a period that names a
  // date is the event that date records; the state it also names (status "open") is another question.
  if (dates.length > 0) return dates.slice(0, MAX_LINKS_PER_UNIT).map((link) => choice(index, 'names', context, link));
  const kept = [...links].sort((one, other) => other.strength - one.strength || onNamed(other) - onNamed(one)).slice(0, MAX_LINKS_PER_UNIT);
  const choices: Choice[] = [];
  for (const link of kept) {
    const ownValueColumns = link.target.kind === 'entity' ? ownValuesOf(links, link) : [];
    const add = (role: Role): void => {
      const made = choice(index, role, context, link);
      choices.push(ownValueColumns.length > 0 ? { ...made, ownValueColumns } : made);
    };
    /** The span as the rows of its entity that the segment picks, in the roles an entity takes. */
    const addRows = (segment: CatalogSegment, ownValue = false): void => {
      const entityLink: Link = { ...link, target: { kind: 'entity', entity: link.target.entity } };
      // "orders per sales rep": the rows the segment picks may group too, when the words name
      // nothing else to group by ("revenue by customer" on a partner key groups by that key).
      const groupsOtherwise = links.some((other) => other.target.kind === 'column' || other.target.kind === 'entity');
      const grouping = (left === 'group' || governed.group) && !groupsOtherwise ? ['group'] : [];
      for (const role of ['subject', 'show', ...grouping, ...(left === 'count' ? ['count'] : []), ...(left === 'compare' ? ['having'] : []), ...(left === 'superlative' || left === 'count' ? ['rank'] : [])] as Role[]) {
        const made = choice(index, role, context, entityLink);
        choices.push({ ...made, segment, ...(ownValue ? { ownValue } : {}), features: { ...made.features, 'segment.names-rows': 1 } });
      }
    };
    switch (link.target.kind) {
      case 'entity':
        add('subject');
        add('show');
        add('scope');
        if (governed.count) add('count');
        if (left === 'group' || governed.group) add('group');
        // "the most orders" ranks by how many; "the most recent work order" ranks work orders by their date (implied).
        const superlative = context.left.cue?.kind === 'superlative' ? context.left.cue : undefined;
        const rankedBy = context.right.cue?.kind === 'group' && context.right.cue.by === true;
        if ((superlative && (superlative.counting === true || rankedBy)) || left === 'count') add('rank');
        if (left === 'compare') add('having');
        // "total of invoices", "the unpaid invoices total": the entity's own amount.
        if (governed.aggregate || (right === 'aggregate' && context.right.between.length === 0)) add('measure');
        if (verbal) add('relation');
        break;
      case 'column':
        add('show');
        if (left === 'aggregate' || left === 'count' || left === 'window' || governed.aggregate || governed.listed) add('measure');
        if (left === 'count') add('count');
        if (left === 'group' || left === 'pivot' || governed.group) add('group');
        if (left === 'sort' || left === 'group') add('order');
        // "the largest paid invoice amount": the superlative reaches past a value of the rows.
        if (left === 'superlative' || left === 'count' || governed.superlative || (verbal && datedAfter(context))) add('rank');
        if (right === 'compare' || left === 'compare') add('compare');
        if (verbal) add('relation');
        if (isLiteralSide(right) || isLiteralSide(left) || governed.beforeValueOf) add('names');
        if (right === 'contains' || left === 'contains') add('pattern');
        if (verbal && eventDates(links, schema).includes(link)) add('event');
        break;
      case 'value': {
        // "how many opportunities" where opportunity is both the entity and a value of its own type
        // column: the rows of that value are a reading too, beside all the entity's rows.
        const target = link.target;
        const namesEntity = links.some((other) => other.target.kind === 'entity' && other.target.entity === target.entity && other.start === link.start && other.end === link.end);
        const filter = choice(index, 'filter', context, link);
        choices.push(namesEntity ? { ...filter, ownValue: true } : filter);
        if (namesEntity) addRows({ words: [], label: `${target.column.replace(/_/g, ' ')} is ${target.value}`, conditions: [{ column: target.column, op: 'eq', values: [target.value] }] }, true);
        break;
      }
      case 'metric': {
        add('measure');
        // "orders with a shipping cost above 100": a metric that adds up one column of the rows
        // compares that column, row by row.
        const { metric } = link.target;
        if ((right === 'compare' || left === 'compare') && metric.column && !metric.expression && metric.aggregate !== 'ratio') {
          choices.push(choice(index, 'compare', context, { ...link, target: { kind: 'column', entity: link.target.entity, column: metric.column } }));
        }
        // "which category brings in the most revenue": the metric ranks what is shown.
        if (left === 'superlative') add('rank');
        break;
      }
      case 'segment':
        add('segment');
        // "how many open invoices", "list overdue invoices": the segment's word also names its rows.
        addRows(link.target.segment);
        break;
    }
    if (link.target.kind === 'column' && schema.entityByName.get(link.target.entity)?.columnByName.get(link.target.column)?.type === 'boolean') add('flag');
  }
  return choices;
}

/**
 * "French customers": an adjective that WordNet places under a column's word (French is a kind of
 * country… of language) names one of that column's values, not the column; read as the column it
 * would count or show countries for "how many French customers".
 */
function linksOfKind(links: readonly Link[], tokens: readonly Token[], start: number, end: number): readonly Link[] {
  if (end - start !== 1 || tokens[start].pos !== 'ADJ') return links;
  return links.filter((link) => !(link.match === 'wordnet-hypernym' && link.target.kind === 'column'));
}

/** A span said as a verb ("serviced", "supply"): it may only relate the things around it. */
export function isVerb(tokens: readonly Token[], start: number, end: number): boolean {
  return end - start === 1 && (tokens[start].pos === 'VERB' || closesDoQuestion(tokens, start));
}

/** Words of the subject between "did" and its verb, as the tagger may read them. */
const SUBJECT_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'DET', 'VERB', 'NUM']);

/**
 * "How many tickets did Enterprise accounts open?": the word after "did" (do, does) and its subject
 * is the question's verb, whatever the tagger made of it ("open" as an adjective).
 */
function closesDoQuestion(tokens: readonly Token[], index: number): boolean {
  if (tokens[index].kind !== 'word' || !['ADJ', 'NOUN'].includes(tokens[index].pos)) return false;
  let before = index - 1;
  while (before >= 0 && tokens[before].kind === 'word' && SUBJECT_POS.has(tokens[before].pos) && tokens[before].lemma !== 'do') before -= 1;
  return before >= 0 && before < index - 1 && tokens[before].lemma === 'do' && tokens[before].pos === 'AUX';
}

function isTimeSide(kind: ContextKind): boolean {
  return kind === 'period' || kind === 'grain';
}

/**
 * The links of a verb's words to a date that records an event, where the words also name a state
 * of the same rows (shipped: shipped_date and status "shipped"). None where the semantic layer says
 * what the words mean (a segment, "paid invoices").
 */
export function eventDates(links: readonly Link[], schema: SchemaIndex): Link[] {
  if (links.some((link) => link.target.kind === 'segment')) return [];
  return links.filter((link) => isDateColumn(schema, link) && links.some((other) => other.target.kind === 'value' && other.target.entity === link.target.entity));
}

function isDateColumn(schema: SchemaIndex, link: Link): boolean {
  return link.target.kind === 'column' && columnOf(schema, link.target.entity, link.target.column).isDate;
}

/** "the country of Switzerland": a unit right before "of" and a value of the data. */
function namesValueAfterOf(units: readonly Unit[], contexts: readonly UnitContext[], index: number): boolean {
  const right = contexts[index].right;
  if (right.kind !== 'of' || right.between.length > 0) return false;
  const after = contexts[right.unit]?.right;
  const unit = after === undefined ? undefined : units[after.unit];
  return after?.between.length === 0 && unit?.kind === 'link' && unit.links.some((link) => link.target.kind === 'value');
}

function isLiteralSide(kind: ContextKind): boolean {
  return kind === 'quoted' || kind === 'number' || kind === 'link' || kind === 'period';
}

function choice(unit: number, role: Role, context: UnitContext, link?: Link): Choice {
  const features: Features = {
    [`role.${role}.left.${context.left.kind}`]: 1,
    [`role.${role}.right.${context.right.kind}`]: 1,
  };
  if (link) {
    features[`link.${LEARNED_MATCH[link.match] ?? link.match}`] = 1;
    features['link.strength'] = link.strength;
    features[`role.${role}.${LEARNED_TARGET[link.target.kind] ?? link.target.kind}`] = 1;
  }
  return { unit, role, ...(link ? { link } : {}), features };
}

/**
 * The tuning databases have no labels and no semantic layer, so the model never learned what
 * those links are worth. A catalog's labels and layer words are names its operator gave: they
 * count as exact names; a metric as the column it aggregates, a segment as the value it picks.
 */
const LEARNED_MATCH: Partial<Record<Link['match'], string>> = { label: 'exact', layer: 'exact' };
const LEARNED_TARGET: Partial<Record<Link['target']['kind'], string>> = { metric: 'column', segment: 'value' };

/** Columns of the entity a link names whose value the same words also name. */
function ownValuesOf(links: readonly Link[], entityLink: Link): string[] {
  return links.flatMap((other) => (other.target.kind === 'value' && other.target.entity === entityLink.target.entity && other.start === entityLink.start && other.end === entityLink.end ? [other.target.column] : []));
}

/** "founded the earliest", "joined most recently": a superlative of time right after a verb. */
export function datedAfter(context: UnitContext): boolean {
  return context.right.cue?.kind === 'superlative' && context.right.cue.concept === 'date';
}
