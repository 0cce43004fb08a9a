/**
 * Measures of a reading: counts ("how many invoices", "number of different currencies"), aggregates
 * of a column under their cue ("the average and maximum age"), and the semantic layer's metrics.
 */
import type { CatalogMetric } from '../../connectors/catalog.ts';
import { isCurrency } from '../../query/logical-query.ts';
import type { Cue } from '../question/cues.ts';
import { columnOf, entityOf, holdsMoney } from '../schema/schema-model.ts';
import { aggregateList, governingCue, listedAggregate } from './context.ts';
import { holdsImplication } from './implied-columns.ts';
import { holdsYesNo, Invalid, type Draft } from './draft.ts';
import type { MeasureNode, ReadingAggregate } from './reading.ts';

export function assembleMeasures(draft: Draft): void {
  for (const pick of draft.withRole('count')) {
    const target = pick.link?.target;
    const cueIndex = governingCue(draft.input.units, draft.input.contexts, pick.unit, 'count') ?? -1;
    const cue = draft.cueAt(cueIndex);
    if (!target || cue?.kind !== 'count') throw new Invalid();
    const tokens = [...draft.useCue(cueIndex), ...draft.use(pick.unit)];
    if (target.kind === 'entity') {
      // "how many employees" beside offices.no_of_employees: counting rows or adding up a stored count.
      if (storedCountOf(draft, target.entity)) draft.feature('count.stored-elsewhere');
      const measure: MeasureNode = { kind: 'measure', aggregate: 'count', entity: target.entity, tokens };
      addMeasure(draft, pick.unit, measure);
      if (cue.share) {
        if (draft.rowShare) throw new Invalid();
        draft.rowShare = { measure, conditions: [] };
      }
    } else if (target.kind === 'column') {
      // "the percentage of hispanics": a share is of rows, not of a column's values.
      if (cue.share) throw new Invalid();
      // "number of different currencies": distinct values; a key column counts its rows.
      const info = columnOf(draft.input.schema, target.entity, target.column);
      if (cue.total && info.isNumeric) throw new Invalid(); // "the total number of seats": the sum, read as a measure
      const distinct = distinctBefore(draft, pick.unit);
      // "how many units": a word that is only part of a column's name (unit_price, quantity_per_unit)
      // counts no values of it; "how many different codes" may name type_code by its last word.
      if (pick.link?.match === 'part' || (pick.link?.match === 'head' && !distinct)) throw new Invalid();
      // "how many signed leases": a word right before the rows' name qualifies them; the rows are counted.
      if (beforeRowsNamed(draft, pick.unit)) throw new Invalid();
      // "how many VIP customers": the rows in a state, never the (at most two) values of a yes/no column.
      if (!distinct && holdsYesNo(draft.input, target.entity, target.column)) throw new Invalid();
      // "how many seats", "how many units in stock": a quantity is added up, never counted as values.
      if (!distinct && (info.isQuantity || info.isAmount)) throw new Invalid();
      draft.feature(distinct ? 'count.column.distinct-word' : 'count.column.plain');
      addMeasure(draft, pick.unit, { kind: 'measure', aggregate: info.isPrimaryKey && !distinct ? 'count' : 'count_distinct', entity: target.entity, column: target.column, tokens });
    }
  }
  for (const pick of draft.withRole('measure')) {
    const target = pick.link?.target;
    if (target?.kind === 'metric') {
      const metric = target.metric;
      if (metric.aggregate === 'ratio') {
        // "churn rate by plan": a ratio the layer defines is taken as it is, never re-aggregated.
        if (!metric.ratio || draft.cueAt(draft.leftOf(pick.unit))?.kind === 'aggregate') throw new Invalid();
        addMeasure(draft, pick.unit, { kind: 'measure', aggregate: 'sum', entity: target.entity, metric, tokens: draft.use(pick.unit) });
        draft.feature('metric.used');
        continue;
      }
      // "total revenue" restates the metric's sum; "average shipping cost" averages its column under its conditions.
      const cueIndex = draft.cueAt(draft.leftOf(pick.unit)) === undefined ? (howMuchDid(draft, pick.unit) ?? draft.leftOf(pick.unit)) : draft.leftOf(pick.unit);
      const cue = draft.cueAt(cueIndex);
      let aggregate: ReadingAggregate = metric.aggregate;
      const tokens = draft.use(pick.unit);
      if (cue?.kind === 'count') {
        // "how many paid seats", "how many units sold": a number of things the metric adds up, not of money.
        if (!(metric.aggregate === 'count' || (metric.aggregate === 'sum' && countsThings(draft, target.entity, metric)))) throw new Invalid();
        tokens.push(...draft.useCue(cueIndex));
        draft.feature('metric.counted');
      }
      if (cue?.kind === 'aggregate') {
        if (cue.aggregate !== metric.aggregate) {
          if (!metric.column || metric.expression) throw new Invalid();
          aggregate = cue.aggregate;
          draft.feature('metric.other-aggregate');
        }
        tokens.push(...draft.useCue(cueIndex));
      }
      addMeasure(draft, pick.unit, { kind: 'measure', aggregate, entity: target.entity, ...(metric.column ? { column: metric.column } : {}), metric, tokens });
      draft.feature('metric.used');
      continue;
    }
    if (target?.kind === 'entity') {
      entityAmount(draft, pick.unit, target.entity);
      continue;
    }
    if (target?.kind !== 'column') throw new Invalid();
    // "the average number of licensed seats": "number of" only says the column holds a count.
    let governor = draft.leftOf(pick.unit);
    // "total open invoice amount": the aggregate reaches past a value or segment of the rows.
    if (draft.cueAt(governor) === undefined) governor = governingCue(draft.input.units, draft.input.contexts, pick.unit, 'aggregate') ?? governor;
    const info = columnOf(draft.input.schema, target.entity, target.column);
    if (draft.cueAt(governor)?.kind === 'count') {
      const countTokens = draft.useCue(governor);
      governor = draft.leftOf(governor);
      if (aggregateChain(draft, governor, false).length === 0) {
        // "how many seats", "the total number of staff" on a column that holds a count: its sum (never of prices).
        if (!info.isNumeric || info.isPrice) throw new Invalid();
        draft.feature('count.sum-of-numeric');
        addMeasure(draft, pick.unit, { kind: 'measure', aggregate: 'sum', entity: target.entity, column: target.column, tokens: [...countTokens, ...draft.use(pick.unit)] });
        continue;
      }
      draft.feature('measure.count-words');
    }
    if (draft.cueAt(governor)?.kind === 'window') {
      // "the share of hours", "cumulative quantity": an amount read across rows is first totalled.
      if (!info.isNumeric || info.isPrice) throw new Invalid();
      addMeasure(draft, pick.unit, { kind: 'measure', aggregate: 'sum', entity: target.entity, column: target.column, tokens: draft.use(pick.unit) });
      draft.feature('measure.sum-for-window');
      continue;
    }
    const cues = aggregateChain(draft, governor);
    if (cues.length === 0) throw new Invalid();
    const tokens = draft.use(pick.unit);
    for (const { index, cue } of cues) {
      const aggregate = listedAggregate(cue) as ReadingAggregate;
      if (cue.kind === 'superlative') {
        // "the average and oldest age": a superlative that measures something says it of this column.
        if (cue.concept !== undefined && !holdsImplication(info, cue)) throw new Invalid();
        draft.feature('measure.listed-superlative');
      }
      if ((aggregate === 'sum' || aggregate === 'avg') && !info.isNumeric) {
        // A reference to other rows ("how much do customers owe": invoices.customer_id) is never a quantity, nor is a row's own id.
        if (!(info.type === 'integer' || info.type === 'number') || info.isForeignKey || info.isPrimaryKey) throw new Invalid();
        draft.feature('measure.key-aggregated');
      }
      if (aggregate === 'sum' && info.isNumeric) draft.feature(info.isAmount || info.isQuantity ? 'measure.sum.additive' : 'measure.sum.other');
      addMeasure(draft, pick.unit, { kind: 'measure', aggregate, entity: target.entity, column: target.column, tokens: [...draft.useCue(index), ...tokens] });
    }
  }
}

/** "total of invoices", "open invoices total", "average invoice": the entity's single amount column. */
function entityAmount(draft: Draft, unit: number, entity: string): void {
  const amount = entityOf(draft.input.schema, entity).primaryAmount;
  const governing = governingCue(draft.input.units, draft.input.contexts, unit, 'aggregate');
  const cueIndex = governing !== undefined && draft.cueAt(governing) ? governing : draft.rightOf(unit);
  const cue = draft.cueAt(cueIndex);
  if (!amount || cue?.kind !== 'aggregate') throw new Invalid();
  addMeasure(draft, unit, { kind: 'measure', aggregate: cue.aggregate, entity, column: amount.name, tokens: [...draft.useCue(cueIndex), ...draft.use(unit)] });
  draft.feature('measure.entity-amount');
}

const COUNT_WORDS = new Set(['number', 'count', 'total']);

/** A measure in money: a metric with a currency unit, or an aggregate of a money column (a count never is). */
export function isMoneyMeasure(draft: Draft, measure: MeasureNode): boolean {
  const column = measure.metric ? measure.metric.column : measure.column;
  if (measure.metric?.unit !== undefined) return isCurrency(measure.metric.unit);
  return column !== undefined && !measure.metric?.expression && measure.aggregate !== 'count' && measure.aggregate !== 'count_distinct' && holdsMoney(columnOf(draft.input.schema, measure.entity, column));
}

/** A metric that adds up a column of things (seats, units), not of money. */
function countsThings(draft: Draft, entity: string, metric: CatalogMetric): boolean {
  if (!metric.column || metric.expression || isCurrency(metric.unit)) return false;
  const info = columnOf(draft.input.schema, entity, metric.column);
  return info.isNumeric && !holdsMoney(info);
}

/** A numeric column of another entity that holds a number of this entity's rows (no_of_employees). */
function storedCountOf(draft: Draft, entity: string): boolean {
  const head = entityOf(draft.input.schema, entity).words.at(-1);
  if (!head) return false;
  return draft.input.schema.entities.some((other) => other.name !== entity
    && other.columns.some((column) => column.isNumeric && column.words.includes(head) && column.words.some((word) => COUNT_WORDS.has(word))));
}

/**
 * "How much did customers in Germany spend?": "how much did" asks for the amount the verb of its
 * clause names (a metric said as a verb), past the rows that did it. The cue's unit, when no other
 * measure stands between.
 */
function howMuchDid(draft: Draft, unit: number): number | undefined {
  const { units, tokens } = draft.input;
  for (let index = unit - 1; index >= 0; index -= 1) {
    const cue = draft.cueAt(index);
    if (cue?.kind === 'aggregate' && cue.howMuch) return tokens[units[index].end]?.lemma === 'do' && !draft.usedCues.has(index) ? index : undefined;
    if (draft.picks[index]?.role === 'measure' || cue !== undefined) return undefined;
  }
  return undefined;
}

function addMeasure(draft: Draft, unit: number, measure: MeasureNode): void {
  // "profit margin" where "profit" and "margin" each name gross margin: two words that name one metric
  // side by side, but are none of its names together, say something else (a margin in percent).
  if (measure.metric && (draft.measureOfUnit.get(unit - 1) ?? []).some((other) => other.metric === measure.metric)) throw new Invalid();
  draft.measureOfUnit.set(unit, [...(draft.measureOfUnit.get(unit) ?? []), measure]);
}

/** "the average and maximum age", "the highest and lowest price": the aggregates listed before one column (see aggregateList). */
function aggregateChain(draft: Draft, start: number, use = true): { index: number; cue: Cue }[] {
  const { cues, separators } = aggregateList(draft.input.units, start, (index) => draft.cueAt(index));
  if (use) for (const separator of separators) draft.use(separator);
  return cues.map((index) => ({ index, cue: draft.cueAt(index) as Cue }));
}

function distinctBefore(draft: Draft, unit: number): boolean {
  const unitStart = draft.unit(unit).start;
  for (let index = unit - 1; index >= 0 && draft.unit(index).start >= unitStart - 3; index -= 1) {
    if (draft.cueAt(index)?.kind === 'distinct') {
      draft.useCue(index);
      return true;
    }
  }
  return false;
}

/** Every measure built so far, in question order. */
export function measuresOf(draft: Draft): MeasureNode[] {
  return [...draft.measureOfUnit.entries()].sort(([left], [right]) => left - right).flatMap(([, measures]) => measures);
}

function beforeRowsNamed(draft: Draft, unitIndex: number): boolean {
  const next = draft.input.units[unitIndex + 1];
  return next?.kind === 'link' && next.start === draft.unit(unitIndex).end && next.links.some((link) => link.target.kind === 'entity');
}
