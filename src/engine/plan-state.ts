/** The planner's working state: the parts of the logical query as they are decided. */
import type { Dimension, Filter, HavingFilter, OrderBy, SelectedColumn, TimeGrain } from '../query/logical-query.ts';
import type { Intent } from './intent.ts';
import type { ResolvedMeasure } from './measures.ts';
import type { ColumnInfo, EntityInfo, SchemaIndex } from './schema-model.ts';

export interface PlannedMeasure {
  readonly resolved: ResolvedMeasure;
  id: string;
  label: string;
}

export interface PlannedDimension {
  readonly column: ColumnInfo;
  readonly grain?: TimeGrain;
}

/** A reason to decline, with the words to put in suggestions. */
export class PlanProblem extends Error {}

export class PlanState {
  readonly schema: SchemaIndex;
  readonly intent: Intent;
  subject?: EntityInfo;
  /** The subject is a column ("top 5 countries by revenue"). */
  subjectColumn?: ColumnInfo;
  readonly anchors: string[] = [];
  readonly measures: PlannedMeasure[] = [];
  readonly dimensions: PlannedDimension[] = [];
  readonly listColumns: ColumnInfo[] = [];
  /** Columns compared with numbers, shown in lists next to the rows they filter. */
  readonly compared: ColumnInfo[] = [];
  readonly filters: Filter[] = [];
  readonly having: (Omit<HavingFilter, 'measureId'> & { measure: number })[] = [];
  order: (Omit<OrderBy, 'id'> & { measure?: number; column?: ColumnInfo; grain?: TimeGrain })[] = [];
  limit?: number;
  distinct = false;
  /** Groups are rows of the subject ("customers with more than 5 orders"): rows without one are left out. */
  groupedBySubject = false;
  /** Entities that must be joined although no field of theirs is selected ("customers who ordered"). */
  readonly requiredEntities: string[] = [];
  /** The rows that record sales, when a selling verb brought them in. */
  factEntity?: string;
  /** The subject and other entities the question names. */
  readonly namedEntities: string[] = [];
  /** Phrases for the interpretation: "customers.country = Germany", "in 2024". */
  readonly filterPhrases: string[] = [];
  readonly periodPhrases: string[] = [];
  readonly assumptions: string[] = [];

  constructor(schema: SchemaIndex, intent: Intent) {
    this.schema = schema;
    this.intent = intent;
  }

  entity(name: string): EntityInfo {
    const found = this.schema.entityByName.get(name);
    if (!found) throw new PlanProblem(`Unknown entity ${name}.`);
    return found;
  }

  addAnchor(name: string | undefined): void {
    if (name && !this.anchors.includes(name)) this.anchors.push(name);
  }

  assume(text: string): void {
    if (!this.assumptions.includes(text)) this.assumptions.push(text);
  }

  /** Display columns of an entity, or its key when it has none. */
  displayOf(entity: EntityInfo): ColumnInfo[] {
    if (entity.displayColumns.length > 0) return [...entity.displayColumns];
    const key = entity.primaryKey.map((name) => entity.columnByName.get(name)).filter((column): column is ColumnInfo => column !== undefined);
    if (key.length === 0) throw new PlanProblem(`${entity.name} has no column that names its rows.`);
    return key;
  }

  /**
   * Columns to group by an entity: its key and the columns that name it, so that two rows with
   * the same name stay apart ("by customer" → customer id, company name).
   */
  groupColumnsOf(entity: EntityInfo): ColumnInfo[] {
    const display = this.displayOf(entity);
    const key = entity.primaryKey.length === 1 ? entity.columnByName.get(entity.primaryKey[0]) : undefined;
    return key && !display.includes(key) ? [key, ...display] : display;
  }

  /** The built query's dimension and column order input: the kind of query being built. */
  get isAggregate(): boolean {
    return this.measures.length > 0 || this.dimensions.length > 0 || (this.intent.versus && this.intent.periods.length > 1);
  }
}

export type { Dimension, SelectedColumn };
