/**
 * What the semantic layer vouches for by itself: a metric it defines, by a grain of the date it dates
 * the metric by ("units sold by month"), by a table the metric's rows point to many-to-one and one
 * way only ("units sold by category"), or by a column of such a table (or its own) whose values are
 * few and whose name no other column there ends with ("billings by plan tier"), and by one of those
 * and a grain ("revenue by customer segment and year"). A metric averaged over whole rows (average
 * order value) only by groups of those rows. The layer says what the metric is and the schema how its
 * rows reach the group; no owner need check each question. So does the count of a segment's rows,
 * over a period of the segment's date and by a grain of it; and, in a catalog with a layer, the count
 * of a table's rows and one aggregate of a column said by its name, by the same groups. Each is read
 * as a verified question is, and vouches for the same (see verified.ts, vouchedShape).
 */
import type { Catalog, CatalogMetric, CatalogSegment, ColumnValues } from '../../connectors/catalog.ts';
import { columnWords, entityNoun } from '../plan/labels.ts';
import { reachFrom } from '../schema/join-graph.ts';
import { schemaIndexOf } from '../schema/schema-index.ts';
import { entityOf, type EntityInfo, type SchemaIndex } from '../schema/schema-model.ts';
import type { GroupNode, Reading } from './reading.ts';

/** `owner`: a column whose name others there share, vouched for only when said with its table's noun ("supplier country"). */
type WantedGroup = { readonly kind: 'grain' } | { readonly kind: 'entity'; readonly entity: string } | { readonly kind: 'column'; readonly entity: string; readonly column: string; readonly owner?: readonly string[] };

export interface LayerQuestion {
  readonly question: string;
  readonly metric: CatalogMetric;
  /** The groups the reading must have, in this order. */
  readonly groups: readonly WantedGroup[];
}

export function layerQuestions(catalog: Catalog, values: readonly ColumnValues[]): LayerQuestion[] {
  const schema = schemaIndexOf(catalog);
  const listed = new Set(values.map((list) => `${list.entity}.${list.column}`));
  return schema.entities.flatMap((entity) => entity.metrics.filter((metric) => metric.aggregate !== 'ratio').flatMap((metric) => {
    const label = metric.label.toLowerCase();
    // "average order value" averages whole orders: a group below the order (its products) would split them.
    const groups = vouchedGroups(schema, entity, listed, metric.per?.by.entity);
    const month: SaidGroup = { words: 'month', group: { kind: 'grain' } };
    const asked = (...parts: SaidGroup[]) => ({ question: `${label} by ${parts.map((part) => part.words).join(' and ')}`, metric, groups: parts.map((part) => part.group) });
    return [
      ...groups.map((group) => asked(group)),
      // "revenue by customer segment and year": one group and a grain of the metric's date.
      ...(metric.time ? [asked(month), ...groups.map((group) => asked(group, month))] : []),
    ];
  }));
}

type SaidGroup = { readonly words: string; readonly group: WantedGroup };

/**
 * The groups the layer vouches for of an entity's rows: the tables they point to one way only (all
 * within `whole`'s reach, when given), and columns of few values of those tables or of their own.
 */
function vouchedGroups(schema: SchemaIndex, entity: EntityInfo, listed: ReadonlySet<string>, whole?: string): SaidGroup[] {
  const reach = reachFrom(schema, entity.name);
  const within = whole === undefined ? undefined : reachFrom(schema, whole).paths;
  const reached = [...reach.paths.keys()].filter((other) => !reach.ambiguous.has(other) && (!within || within.has(other))).map((other) => entityOf(schema, other));
  const lastWords = reached.flatMap((other) => other.columns.map((column) => column.words.at(-1)));
  const ownWord = (word: string | undefined) => lastWords.filter((other) => other === word).length === 1;
  // "revenue by supplier country": a name others share ("country" of customers too) only with its table's noun.
  const columns = reached.flatMap((other) => other.columns.filter((column) => !column.isKey && !column.isForeignKey && listed.has(`${other.name}.${column.name}`) && (ownWord(column.words.at(-1)) || other !== entity))
    .map((column) => ({ other, column: column.name, words: columnWords(column).join(' '), owned: !ownWord(column.words.at(-1)) })));
  return [
    ...reached.filter((other) => other !== entity).map((other) => ({ words: entityNoun(other), group: { kind: 'entity' as const, entity: other.name } })),
    ...columns.map(({ other, column, words, owned }) => ({
      words: `${ownedBy(other, entity)}${words}`,
      group: { kind: 'column' as const, entity: other.name, column, ...(owned ? { owner: entityNoun(other).split(' ') } : {}) },
    })),
  ];
}

/** "account " before a column of the accounts the metric's rows point to; nothing before the rows' own. */
function ownedBy(other: EntityInfo, root: EntityInfo): string {
  return other === root ? '' : `${entityNoun(other)} `;
}

/** Whether a reading is the metric by the groups asked and nothing else: no condition, column or other measure of its own. */
export function isLayerReading(reading: Reading, { metric, groups }: LayerQuestion): boolean {
  const measures = reading.outputs.filter((output) => output.kind === 'measure');
  const grouped = reading.groups.length === groups.length && groups.every((wanted, index) => isWanted(reading.groups[index], wanted, metric.time));
  return measures.length === 1 && measures[0].kind === 'measure' && measures[0].metric === metric && reading.outputs.length === groups.length + 1 && grouped
    && reading.conditions.length === 0 && reading.related.length === 0 && reading.having.length === 0 && reading.window === undefined && reading.pivot === undefined;
}

function isWanted(group: GroupNode, wanted: WantedGroup, date: { readonly entity: string; readonly column: string } | undefined): boolean {
  if (wanted.kind === 'grain') return group.kind === 'grain' && group.entity === date?.entity && group.column === date.column;
  if (wanted.kind === 'entity') return group.kind === 'entity' && group.entity === wanted.entity;
  return group.kind === 'column' && group.entity === wanted.entity && group.column === wanted.column;
}

/** A count of a segment's rows the layer vouches for, by a grain of its date or over a period of it. */
export interface SegmentQuestion {
  readonly question: string;
  readonly entity: string;
  readonly segment: CatalogSegment;
  /** The date a period or grain of the question must be on: the segment's own, else its rows' main date. */
  readonly date?: string;
  /** Counted by this group instead of by a grain ("unresolved tickets by priority"). */
  readonly group?: WantedGroup;
}

/**
 * "How many churned subscriptions?", "churned subscriptions by month this year": the rows of a
 * segment the layer defines, counted, by a grain of the date the layer dates it by (else the rows'
 * own date) and over a period of it. The layer says which rows the segment holds; counting them
 * needs nothing else.
 */
export function segmentQuestions(catalog: Catalog, values: readonly ColumnValues[]): SegmentQuestion[] {
  const schema = schemaIndexOf(catalog);
  const listed = new Set(values.map((list) => `${list.entity}.${list.column}`));
  return schema.entities.flatMap((entity) => entity.segments.flatMap((segment) => {
    const date = segment.time ?? entity.mainDate?.name;
    return countsAsked(`${segment.words[0]} ${entityNoun(entity, true)}`, date, vouchedGroups(schema, entity, listed))
      .map((asked) => ({ ...asked, entity: entity.name, segment, ...(date ? { date } : {}) }));
  }));
}

/**
 * The counts asked of rows said `rows`: alone, by a grain of their date, over a period of it, and by
 * each group (also over a period).
 */
function countsAsked(rows: string, date: string | undefined, groups: readonly SaidGroup[]): { question: string; group?: WantedGroup }[] {
  const dated = date === undefined ? [] : [...overYear(`${rows} by month`, date), `how many ${rows} this year`];
  return [
    ...[`how many ${rows}`, ...dated].map((question) => ({ question })),
    ...groups.flatMap(({ words, group }) => overYear(`${rows} by ${words}`, date).map((question) => ({ question, group }))),
  ];
}

/** A question, and the same over this year when the rows have a date. */
function overYear(question: string, date: string | undefined): string[] {
  return date === undefined ? [question] : [question, `${question} this year`];
}

/** Whether a reading counts the segment's rows and nothing else, dated (if at all) by its date. */
export function isSegmentReading(reading: Reading, { entity, segment, date, group: wanted }: SegmentQuestion): boolean {
  const segments = reading.conditions.filter((condition) => condition.kind === 'segment');
  const own = segments.length === 1 && segments[0].kind === 'segment' && segments[0].segment === segment && segments[0].entity === entity;
  return own && isRowCountReading({ ...reading, conditions: reading.conditions.filter((condition) => condition.kind !== 'segment') }, { question: '', entity, ...(date ? { date } : {}), ...(wanted ? { group: wanted } : {}) });
}

/** A count of a table's rows the layer vouches for, by one group or a grain of the rows' own date, over a period of that date. */
export interface RowCountQuestion {
  readonly question: string;
  readonly entity: string;
  /** The rows' own date, which a period or grain of the question must be on. */
  readonly date?: string;
  readonly group?: WantedGroup;
}

/**
 * "How many orders has each employee taken?", "accounts per industry", "new accounts per year": in a
 * catalog with a semantic layer, the rows of a table counted, alone, by a group its rows reach as a
 * metric's do (vouchedGroups), by a grain of their own date, and over a period of it. Counting rows
 * needs no definition; the layer's groups say which ways to count them are unambiguous.
 */
export function rowCountQuestions(catalog: Catalog, values: readonly ColumnValues[], entityName: string): RowCountQuestion[] {
  const schema = schemaIndexOf(catalog);
  const entity = schema.entityByName.get(entityName);
  if (entity === undefined) return [];
  const listed = new Set(values.map((list) => `${list.entity}.${list.column}`));
  const date = entity.mainDate?.name;
  return countsAsked(entityNoun(entity, true), date, vouchedGroups(schema, entity, listed)).map((asked) => ({ ...asked, entity: entity.name, ...(date ? { date } : {}) }));
}

/** Whether a reading counts a table's rows and nothing else, by the group asked or a grain of their date, over a period of it (if at all). */
export function isRowCountReading(reading: Reading, { entity, date, group: wanted }: RowCountQuestion): boolean {
  const output = reading.outputs.find((each) => each.kind === 'measure');
  const counts = output?.kind === 'measure' && output.aggregate === 'count' && output.entity === entity && output.column === undefined && output.metric === undefined && output.per === undefined;
  return counts && onlyAsked(reading, entity, date, wanted);
}

/** Whether a reading has one measure and nothing else but the group asked (or a grain of the rows' date) and a period on that date. */
function onlyAsked(reading: Reading, entity: string, date: string | undefined, wanted: WantedGroup | undefined): boolean {
  const onDate = (node: { readonly entity: string; readonly column: string }) => node.entity === entity && node.column === date;
  const grouped = wanted === undefined
    ? reading.groups.every((group) => group.kind === 'grain' && onDate(group)) && reading.groups.length <= 1
    : reading.groups.length === 1 && isWanted(reading.groups[0], wanted, undefined);
  return reading.outputs.length === 1 + reading.groups.length && grouped && reading.conditions.every((condition) => condition.kind === 'period' && onDate(condition))
    && reading.related.length === 0 && reading.having.length === 0 && reading.window === undefined && reading.pivot === undefined && reading.limit === undefined;
}

/** An aggregate of one column the layer vouches for, alone, by one group or by a grain of the rows' own date. */
export interface ColumnAggregateQuestion {
  readonly question: string;
  readonly entity: string;
  readonly column: string;
  readonly aggregate: 'sum' | 'avg' | 'min' | 'max';
  readonly date?: string;
  readonly group?: WantedGroup;
}

const AGGREGATE_WORDS = { sum: 'total', avg: 'average', min: 'lowest', max: 'highest' } as const;

/**
 * "Average list price per category", "units in stock by supplier": in a catalog with a semantic
 * layer, one aggregate of a numeric column of a table, by a group its rows reach as a metric's do
 * (vouchedGroups) or a grain of their own date. The column must be said by one of its names (see
 * VerifiedQuestion.namedAs): a column the engine found by a looser link is its own reading to weigh.
 */
export function columnAggregateQuestions(catalog: Catalog, values: readonly ColumnValues[], entityName: string, columnName: string, aggregate: ColumnAggregateQuestion['aggregate']): ColumnAggregateQuestion[] {
  const schema = schemaIndexOf(catalog);
  const entity = schema.entityByName.get(entityName);
  const column = entity?.columnByName.get(columnName);
  // "the earliest hire date in each office": a date has a lowest and a highest, not a total.
  const aggregable = column?.isNumeric === true || (column?.isDate === true && (aggregate === 'min' || aggregate === 'max'));
  if (entity === undefined || column === undefined || !aggregable || column.isKey || column.isForeignKey || carriesFilters(schema, entity.name, column.name)) return [];
  const listed = new Set(values.map((list) => `${list.entity}.${list.column}`));
  const asked = `${AGGREGATE_WORDS[aggregate]} ${columnWords(column).join(' ')} of ${entityNoun(entity, true)}`;
  const date = entity.mainDate?.name;
  const base = { entity: entity.name, column: column.name, aggregate, ...(date ? { date } : {}) };
  return [
    ...overYear(asked, date).map((question) => ({ ...base, question })),
    ...(date === undefined ? [] : overYear(`${asked} by month`, date).map((question) => ({ ...base, question }))),
    ...vouchedGroups(schema, entity, listed).flatMap(({ words, group }) => overYear(`${asked} by ${words}`, date).map((question) => ({ ...base, question, group }))),
  ];
}

/**
 * "average MRR by plan" where the layer's MRR sums the column over live subscriptions only: a column a
 * metric with filters aggregates carries those filters in the layer's eyes, and the same column
 * without them is another figure, the engine's own reading to weigh.
 */
function carriesFilters(schema: SchemaIndex, entity: string, column: string): boolean {
  const uses = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(uses);
    if (value === null || typeof value !== 'object') return false;
    const record = value as Record<string, unknown>;
    if (record.kind === 'field') return record.entity === entity && record.column === column;
    return Object.values(record).some(uses);
  };
  return schema.entities.some((home) => home.metrics.some((metric) => {
    const parts = metric.ratio ? [metric.ratio.numerator, metric.ratio.denominator] : [];
    const filtered = metric.conditions.length > 0 || parts.some((part) => part.conditions.length > 0);
    const ownColumns = [metric.column, ...parts.map((part) => part.column)];
    return filtered && ((home.name === entity && ownColumns.includes(column)) || uses(metric.expression));
  }));
}

/** Whether a reading is the column's aggregate and nothing else, by the group asked or a grain of the rows' date, over a period of it (if at all). */
export function isColumnAggregateReading(reading: Reading, { entity, column, aggregate, date, group: wanted }: ColumnAggregateQuestion): boolean {
  const output = reading.outputs.find((each) => each.kind === 'measure');
  const aggregates = output?.kind === 'measure' && output.aggregate === aggregate && output.entity === entity && output.column === column && output.metric === undefined && output.per === undefined;
  return aggregates && onlyAsked(reading, entity, date, wanted);
}

/**
 * "billings of overdue invoices", "revenue from returned orders": a metric the layer vouches for, by
 * groups it vouches for, over the rows of one segment the layer defines on rows the metric's rows
 * reach one way only (or its own). Periods on the metric's own date are its own.
 */
export function isLayerReadingWithSegment(reading: Reading, layer: LayerQuestion, schema: SchemaIndex): boolean {
  const segments = reading.conditions.filter((condition) => condition.kind === 'segment');
  const periods = reading.conditions.filter((condition) => condition.kind === 'period');
  const time = layer.metric.time;
  if (segments.length !== 1 || segments.length + periods.length !== reading.conditions.length) return false;
  if (!periods.every((period) => period.entity === time?.entity && period.column === time.column)) return false;
  const home = schema.entities.find((entity) => entity.metrics.includes(layer.metric));
  if (!home) return false;
  const reach = reachFrom(schema, home.name);
  if (!reach.paths.has(segments[0].entity) || reach.ambiguous.has(segments[0].entity)) return false;
  const asked = reading.groups.length === 0 ? { ...layer, groups: [] } : layer;
  return isLayerReading({ ...reading, conditions: [] }, asked);
}
