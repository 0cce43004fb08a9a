/**
 * Rankings, sorting and having: "the 3 cheapest", "which customer
 * has the most orders", "the most common payment method", "sorted by hire date in descending order",
 * "with more than 5 orders", "departments whose total salary is over 1000".
 */
import type { Cue } from '../question/cues.ts';
import { columnOf, type ColumnInfo } from '../schema/schema-model.ts';
import { governingCue } from './context.ts';
import { referencedEntity } from './assemble-groups.ts';
import { datedAfter } from './choices.ts';
import { impliedColumn } from './implied-columns.ts';
import { howManyCues } from './assemble-each-value.ts';
import { isMoneyMeasure, measuresOf } from './assemble-measures.ts';
import { Invalid, type Draft } from './draft.ts';
import type { MeasureNode, OrderNode, OutputNode, ReadingAggregate } from './reading.ts';

type Superlative = Cue & { kind: 'superlative' };

/** Superlatives: a ranked column, a ranked count, a most common value, or an implied column. */
export function assembleRanking(draft: Draft): void {
  for (const pick of draft.withRole('rank')) {
    let cueIndex = governingCue(draft.input.units, draft.input.contexts, pick.unit, 'superlative') ?? draft.leftOf(pick.unit);
    // "the school founded the earliest": the verb's column, ranked by the time word after it.
    if (draft.cueAt(cueIndex)?.kind !== 'superlative' && datedAfter(draft.input.contexts[pick.unit])) cueIndex = draft.rightOf(pick.unit);
    const counting: number[] = [];
    // "the greatest number of work orders", "the lowest number of seats used".
    if (draft.cueAt(cueIndex)?.kind === 'count') {
      counting.push(...draft.useCue(cueIndex));
      cueIndex = draft.leftOf(cueIndex);
    }
    const cue = draft.cueAt(cueIndex);
    const target = pick.link?.target;
    if (cue?.kind !== 'superlative' || !target) throw new Invalid();
    const tokens = [...draft.useCue(cueIndex), ...counting, ...draft.use(pick.unit)];
    if (rankByMeasure(draft, cue, pick.unit, tokens)) continue;
    if (target.kind === 'metric') {
      const { metric } = target;
      if (metric.aggregate === 'ratio') throw new Invalid();
      rankByTotal(draft, cue, { kind: 'measure', aggregate: metric.aggregate, entity: target.entity, ...(metric.column ? { column: metric.column } : {}), metric, tokens }, tokens, 'rank.metric');
    } else if (target.kind === 'entity') {
      rankByTotal(draft, cue, { kind: 'measure', aggregate: 'count', entity: target.entity, tokens }, tokens, 'rank.count');
      // "top 5 members by birth date" ranks members: never birth dates by their number of members.
      const ranksRows = !cue.counting && cue.concept === undefined;
      if (ranksRows && draft.groups.some((group) => group.kind !== 'entity' && group.entity === target.entity)) throw new Invalid();
    } else if (target.kind === 'column') {
      const column = columnOf(draft.input.schema, target.entity, target.column);
      if (cue.concept === 'frequency') mostCommon(draft, cue, target.entity, target.column, tokens);
      else rankByColumn(draft, agedOn(cue, column), column, tokens);
    } else throw new Invalid();
  }
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'superlative' || draft.usedCues.has(index) || draft.picks[index]?.role !== undefined && draft.picks[index]?.role !== 'cue') continue;
    impliedRanking(draft, index, unit.cue);
  }
}

/**
 * "top 5 suppliers by number of products", "the top 10 accounts by revenue": one group per ranked
 * thing, ordered by the measure said after "by".
 */
function rankByMeasure(draft: Draft, cue: Superlative, unit: number, tokens: readonly number[]): boolean {
  const byIndex = draft.rightOf(unit);
  const by = draft.cueAt(byIndex);
  if (by?.kind !== 'group' || !by.by) return false;
  let index = draft.rightOf(byIndex);
  while (index >= 0 && draft.cueAt(index) !== undefined && ['count', 'aggregate'].includes(draft.cueAt(index)?.kind ?? '')) index = draft.rightOf(index);
  let measures = draft.measureOfUnit.get(index) ?? [];
  const keyPick = draft.picks[index];
  if (measures.length === 0 && keyPick?.role === 'order' && keyPick.link?.target.kind === 'column') {
    // "top 5 products by quantity": an amount is totalled per product, a price or a rate averaged.
    const column = columnOf(draft.input.schema, keyPick.link.target.entity, keyPick.link.target.column);
    if (!column.isNumeric) return false;
    const measure: MeasureNode = { kind: 'measure', aggregate: column.isPrice || !(column.isAmount || column.isQuantity) ? 'avg' : 'sum', entity: column.entity, column: column.name, tokens: draft.use(index) };
    draft.measureOfUnit.set(index, [measure]);
    draft.outputs.push(measure);
    draft.feature(`rank.by-column.${measure.aggregate}`);
    measures = [measure];
  }
  const target = draft.picks[unit]?.link?.target;
  if (measures.length !== 1 || !target) return false;
  draft.useCue(byIndex);
  // "the top 3 products by revenue per category": groups said before the ranking cut each group apart.
  if (draft.groups.length > 0) {
    draft.limitPer = [...draft.groups];
    draft.feature('rank.per-group');
  }
  const referenced = target.kind === 'column' ? referencedEntity(draft, target.entity, target.column) : undefined;
  if (target.kind === 'entity') draft.groups.push({ kind: 'entity', entity: target.entity, tokens });
  else if (referenced && target.kind === 'column') {
    // "top 3 salespeople by revenue" where salesperson is orders.employee_id: ranked employees, by their names.
    draft.groups.push({ kind: 'entity', entity: referenced, via: { entity: target.entity, column: target.column }, tokens });
    draft.feature('group.via-foreign-key');
  } else if (target.kind === 'column') draft.groups.push({ kind: 'column', entity: target.entity, column: target.column, tokens });
  else return false;
  draft.order.push({ key: measures[0], direction: cue.direction, tokens: [] });
  draft.limit = cue.limit ?? (cue.several ? 10 : 1);
  draft.feature('rank.by-measure');
  return true;
}

/** "the oldest order date", "the three oldest ids": age on a date or a key is earliness, the other way from an age. */
function agedOn(cue: Superlative, column: ColumnInfo): Superlative {
  const aging = cue.concept === 'attribute' && (cue.attributes ?? []).includes('age');
  if (!aging || !(column.isDate || column.isKey)) return cue;
  return { ...cue, direction: cue.direction === 'desc' ? 'asc' : 'desc' };
}

/** "which customer has the most orders", "the most revenue": a count or metric per subject (or per shown column), highest first. */
function rankByTotal(draft: Draft, cue: Superlative, measure: MeasureNode, tokens: readonly number[], feature: string): void {
  if (draft.groups.length === 0) groupByShown(draft, measure.entity);
  else rankWithinGroups(draft);
  draft.outputs.push(measure);
  draft.order.push({ key: measure, direction: cue.direction, tokens });
  draft.limit = cue.limit ?? (cue.several ? 10 : 1);
  draft.feature(feature);
}

/**
 * "the customer with the most orders in each country", "our top 3 products per category": groups
 * said before the ranking cut it per group, and what is ranked (the rows shown, else the subject)
 * becomes the innermost group.
 */
function rankWithinGroups(draft: Draft): void {
  const shown = draft.outputs.filter((output) => output.kind === 'name').map((output) => output.entity);
  const ranked = shown.length === 1 ? shown[0] : shown.length === 0 ? draft.subject : undefined;
  // A column of the ranked rows ("the top customer in each segment") is a group to rank within, not the rows.
  if (!ranked || draft.groups.some((group) => group.kind === 'entity' && group.entity === ranked)) return;
  draft.limitPer = [...draft.groups];
  draft.groups.push({ kind: 'entity', entity: ranked, tokens: [] });
  draft.feature('rank.per-group');
}

/** "the most common payment method": one group per value, the largest first. */
function mostCommon(draft: Draft, cue: Superlative, entity: string, column: string, tokens: readonly number[]): void {
  draft.groups.push({ kind: 'column', entity, column, tokens });
  // Rows with no value have no reason, method or type to be the most common one.
  draft.conditions.push({ kind: 'missing', entity, column, negated: true, tokens: [] });
  const measure: MeasureNode = { kind: 'measure', aggregate: 'count', entity: draft.subject ?? entity, tokens: [] };
  draft.outputs.push(measure);
  draft.order.push({ key: measure, direction: cue.direction, tokens });
  draft.limit = cue.limit ?? (cue.several ? 10 : 1);
  draft.feature('rank.most-common');
}

/**
 * "the product with the highest price": the rows ordered by the column, cut to the first; with
 * nothing else to show, the highest value itself; per group, the highest value of each group.
 */
function rankByColumn(draft: Draft, cue: Superlative, column: ColumnInfo, tokens: readonly number[]): void {
  // A reference to another row has no order of its own: "the top customers" never ranks by customer_id.
  if (column.isForeignKey) throw new Invalid();
  if (!column.isNumeric && !column.isDate && !(column.type === 'integer' || column.type === 'number')) draft.feature('rank.non-numeric');
  const others = draft.outputs.filter((output) => output.kind !== 'measure').length;
  const grouped = draft.groups.length > 0;
  const measured = draft.outputs.some((output) => output.kind === 'measure');
  // "the highest, lowest and average discount": beside other measures, the highest value itself.
  if (grouped || (others === 0 && !cue.limit && !cue.several && (!draft.explicitSubject || measured))) {
    const measure: MeasureNode = { kind: 'measure', aggregate: cue.direction === 'desc' ? 'max' : 'min', entity: column.entity, column: column.name, tokens };
    draft.outputs.push(measure);
    draft.feature(grouped ? 'rank.extreme-per-group' : 'rank.extreme-value');
    return;
  }
  // "the customer who has the highest amount of loans": an amount ranked over the rows of another
  // table than the one asked about may be each one's total as well as its largest single row.
  if ((column.isAmount || column.isQuantity) && tokens.length > 0) {
    const owner = ownerBefore(draft, Math.min(...tokens));
    if (owner !== undefined && owner !== column.entity) throw new Invalid();
  }
  // "the 2 cheapest products": the products by name, with the price they are ranked by.
  if (others === 0 && draft.subject) draft.outputs.push({ kind: 'name', entity: draft.subject, tokens: [] });
  draft.outputs.push({ kind: 'column', entity: column.entity, column: column.name, tokens: [] });
  draft.order.push({ key: { kind: 'column', entity: column.entity, column: column.name }, direction: cue.direction, tokens });
  draft.limit = cue.limit ?? (cue.several ? 10 : 1);
  draft.feature('rank.rows');
}

const BEFORE_SUPERLATIVE: ReadonlySet<string> = new Set(['the', 'a', 'with', 'who', 'that', 'which', 'has', 'have', 'had', 'is', 'are', 'was', 'were']);

/** "the customer who has the highest …": the rows said to have what the superlative ranks. */
function ownerBefore(draft: Draft, cueToken: number): string | undefined {
  const { tokens } = draft.input;
  let at = cueToken - 1;
  while (at >= 0 && BEFORE_SUPERLATIVE.has(tokens[at].lower)) at -= 1;
  const unit = at >= 0 ? draft.unitOfToken(at) : -1;
  const said = unit >= 0 ? draft.unit(unit) : undefined;
  // What the word names in this reading, else the table it names by its own name.
  const target = draft.picks[unit]?.link?.target ?? (said?.kind === 'link' ? said.links.find((link) => link.target.kind === 'entity')?.target : undefined);
  if (target?.kind === 'column') return referencedEntity(draft, target.entity, target.column) ?? target.entity;
  return target?.kind === 'entity' ? target.entity : undefined;
}

/** A superlative that names no column ("the youngest", "the cheapest"): the column it implies. */
function impliedRanking(draft: Draft, cueIndex: number, cue: Superlative): void {
  const entity = draft.subject;
  if (!entity) throw new Invalid();
  if (cue.concept === 'frequency') {
    // "which fault code is the most common": the shown column's most frequent value.
    const shown = draft.outputs.find((output) => output.kind === 'column');
    if (shown?.kind !== 'column') throw new Invalid();
    draft.outputs.splice(draft.outputs.indexOf(shown), 1);
    mostCommon(draft, cue, shown.entity, shown.column, draft.useCue(cueIndex));
    return;
  }
  const implied = impliedColumn(draft, entity, cue);
  if (!implied) {
    rankByLayerMetric(draft, cueIndex, cue);
    return;
  }
  draft.feature(`rank.implied.${cue.concept ?? 'magnitude'}`);
  const direction = implied.inverted ? (cue.direction === 'desc' ? 'asc' : 'desc') : cue.direction;
  rankByColumn(draft, { ...cue, direction }, implied.column, draft.useCue(cueIndex));
}

/**
 * "our best salespeople", "the top 5 customers": with no measure said and nothing the adjective
 * measures, the metric the semantic layer ranks by (revenue), when the rows shown reach it.
 */
function rankByLayerMetric(draft: Draft, cueIndex: number, cue: Superlative): void {
  if (cue.concept || cue.attributes) throw new Invalid();
  const ranking = draft.input.schema.entities.flatMap((entity) => entity.metrics.filter((metric) => metric.ranks).map((metric) => ({ entity: entity.name, metric })));
  if (ranking.length !== 1 || ranking[0].metric.aggregate === 'ratio') throw new Invalid();
  const { entity, metric } = ranking[0];
  const tokens = draft.useCue(cueIndex);
  rankByTotal(draft, cue, { kind: 'measure', aggregate: metric.aggregate as ReadingAggregate, entity, ...(metric.column ? { column: metric.column } : {}), metric, tokens }, tokens, 'rank.layer-metric');
}

/** Groups for a ranking or a having when the question said none: the shown columns, else the subject. */
export function groupByShown(draft: Draft, counted: string): void {
  const shown = draft.outputs.filter((output): output is Exclude<OutputNode, MeasureNode> => output.kind !== 'measure');
  if (shown.length > 0) {
    for (const output of shown) {
      draft.groups.push(output.kind === 'column' ? { kind: 'column', entity: output.entity, column: output.column, tokens: [] } : { kind: 'entity', entity: output.entity, tokens: [] });
    }
    draft.feature('group.from-shown');
    return;
  }
  if (!draft.subject || draft.subject === counted) throw new Invalid();
  draft.groups.push({ kind: 'entity', entity: draft.subject, tokens: [] });
  draft.feature('group.from-subject');
}

/** "sorted by price", "ordered by the number of orders", "in descending order". */
export function assembleOrder(draft: Draft): void {
  // Keys sorted without a direction said for them, which a direction said on its own may give one.
  const undirected = new Set<OrderNode>();
  const orderBy = (node: OrderNode, said: boolean): void => {
    draft.order.push(node);
    if (!said) undirected.add(node);
  };
  for (const pick of draft.withRole('order')) {
    if (draft.usedTokens.has(draft.unit(pick.unit).start)) continue; // the key of a ranking ("top 5 … by quantity")
    const cueIndex = draft.leftOf(pick.unit);
    const cue = draft.cueAt(cueIndex);
    if (cue?.kind !== 'sort' || pick.link?.target.kind !== 'column') throw new Invalid();
    const { entity, column } = pick.link.target;
    const said = cue.direction ? cue : directionAfter(draft, pick.unit);
    orderBy(sorted(draft, { kind: 'column', entity, column }, said, [...draft.useCue(cueIndex), ...draft.use(pick.unit)]), said !== undefined);
  }
  // "ordered by the number of …": a sort cue whose key is a measure.
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'sort' || !unit.cue.by || draft.usedCues.has(index)) continue;
    const keyIndex = draft.rightOf(index);
    let measures = draft.measureOfUnit.get(keyIndex) ?? draft.measureOfUnit.get(draft.rightOf(keyIndex)) ?? [];
    // "ranked by the count": the count the reading already has.
    if (measures.length === 0 && draft.cueAt(keyIndex)?.kind === 'count' && !draft.usedCues.has(keyIndex)) {
      measures = draft.outputs.filter((output): output is MeasureNode => output.kind === 'measure' && output.aggregate === 'count');
      if (measures.length === 1) draft.useCue(keyIndex);
    }
    if (measures.length !== 1) continue;
    const said = unit.cue.direction ? unit.cue : directionAfter(draft, keyIndex);
    orderBy(sorted(draft, measures[0], said, draft.useCue(index)), said !== undefined);
  }
  // A direction said on its own ("… in descending order") applies to a sort key said without one.
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'sort' || unit.cue.by || draft.usedCues.has(index)) continue;
    if (draft.order.length === 0) {
      // "list the sites in descending order": the order of what is shown.
      const key = draft.outputs[0];
      if (!key) throw new Invalid();
      draft.order.push(sorted(draft, orderKeyOf(draft, key), unit.cue, draft.useCue(index)));
      draft.feature('order.implied-key');
      continue;
    }
    // "sorted by price … in descending order": the one key said without a direction takes it. A
    // direction no key can take ("by price decreasing and name ascending") sorts by something unread.
    if (!unit.cue.direction) {
      draft.useCue(index);
      continue;
    }
    if (undirected.size !== 1) throw new Invalid();
    const [node] = undirected;
    undirected.clear();
    draft.order[draft.order.indexOf(node)] = sorted(draft, node.key, unit.cue, [...node.tokens, ...draft.useCue(index)]);
  }
}

/** An output as a sort key; rows shown by their name sort by it when one column holds it ("the services in alphabetical order"). */
function orderKeyOf(draft: Draft, output: OutputNode): OrderNode['key'] {
  if (output.kind === 'column') return { kind: 'column', entity: output.entity, column: output.column };
  if (output.kind === 'measure') return output;
  const naming = draft.input.schema.entityByName.get(output.entity)?.displayColumns ?? [];
  if (naming.length !== 1) throw new Invalid();
  return { kind: 'column', entity: output.entity, column: naming[0].name };
}

/** A key sorted the way `said` says (ascending when nothing does); only text sorts in alphabetical order. */
function sorted(draft: Draft, key: OrderNode['key'], said: SortCue | undefined, tokens: readonly number[]): OrderNode {
  if (said?.alphabetical && !(key.kind === 'column' && columnOf(draft.input.schema, key.entity, key.column).isText)) throw new Invalid();
  return { key, direction: said?.direction ?? 'asc', tokens };
}

type SortCue = Extract<Cue, { kind: 'sort' }>;

function directionAfter(draft: Draft, unitIndex: number): SortCue | undefined {
  for (let index = unitIndex + 1; index < draft.input.units.length; index += 1) {
    const unit = draft.unit(index);
    if (unit.kind === 'cue' && unit.cue.kind === 'sort' && !unit.cue.by && unit.cue.direction) {
      draft.useCue(index);
      return unit.cue;
    }
    if (unit.kind !== 'word') return undefined;
  }
  return undefined;
}

/** "with more than 5 orders" (a count of related rows) and "total salary over 1000" (a measure). */
export function assembleHaving(draft: Draft): void {
  for (const pick of draft.withRole('having')) {
    const cueIndex = draft.leftOf(pick.unit);
    const cue = draft.cueAt(cueIndex);
    // "more than 5 orders" counts them; "more than 5,000 dollars" is no count.
    // A comparison is read once: "supply more than 5 products" does not also compare a stock with 5.
    if (cue?.kind !== 'compare' || cue.values.length === 0 || cue.money || draft.usedCues.has(cueIndex) || pick.link?.target.kind !== 'entity') throw new Invalid();
    const tokens = [...draft.useCue(cueIndex), ...draft.use(pick.unit)];
    const measure: MeasureNode = { kind: 'measure', aggregate: 'count', entity: pick.link.target.entity, tokens };
    if (draft.groups.length === 0) groupByShown(draft, measure.entity);
    draft.having.push({ measure, op: cue.op, values: cue.values, tokens });
  }
  for (const measure of measuresOf(draft)) {
    const unitIndex = [...draft.measureOfUnit.entries()].find(([, list]) => list.includes(measure))?.[0];
    if (unitIndex === undefined) continue;
    const cueIndex = [draft.rightOf(unitIndex), numberSaidBefore(draft, unitIndex)].find((index) => index !== undefined && draft.cueAt(index)?.kind === 'compare' && !draft.usedCues.has(index)) ?? -1;
    const cue = draft.cueAt(cueIndex);
    if (cue?.kind !== 'compare' || (cue.values.length === 0 && !cue.against)) continue;
    // "how many members are under 40 in each club?": the number is what is asked, so nothing compares it.
    if (asksHowMany(draft, measure)) continue;
    // "the number of employees who are over 60": the comparison belongs to the employees, not to their number.
    if (draft.input.contexts[unitIndex].right.between.some((word) => ['who', 'which', 'that', 'whose', 'where'].includes(word))) continue;
    if (cue.money && !isMoneyMeasure(draft, measure)) throw new Invalid();
    // "customers whose revenue is above the average": compared with the average over all the groups.
    draft.having.push({ measure, op: cue.op, values: cue.values, ...(cue.against ? { against: cue.against } : {}), tokens: draft.useCue(cueIndex) });
    draft.feature(cue.against ? 'having.average' : 'having.measure');
  }
}

/** "more than 1 million euros in revenue", "over 500 units sold": a number said right before its measure (or "in" it); the cue's index. */
function numberSaidBefore(draft: Draft, unitIndex: number): number | undefined {
  const left = draft.input.contexts[unitIndex].left;
  if (left.kind === 'compare') return left.unit;
  if (left.kind !== 'in' || left.between.length > 0) return undefined;
  const before = draft.input.contexts[left.unit].left;
  return before.kind === 'compare' && before.between.length === 0 ? before.unit : undefined;
}

function asksHowMany(draft: Draft, measure: MeasureNode): boolean {
  return howManyCues(draft).some((index) => measure.tokens.includes(draft.unit(index).start));
}
