/**
 * What a money word ("revenue", "sales", "spent") means on a schema: a column named so, else the
 * value of line rows (quantity × unit price, less a discount when there is one) — a general rule
 * about line tables — else the single amount of an event table (invoices.amount). Several equally
 * good readings are reported as an ambiguity.
 */
import { field, type ScalarExpression } from '../query/logical-query.ts';
import { Ambiguity, distanceFrom } from './resolve.ts';
import type { ColumnInfo, EntityInfo, SchemaIndex } from './schema-model.ts';

export interface MoneyReading {
  readonly entity: string;
  readonly expression: ScalarExpression;
  /** "order_lines.quantity × unit_price × (1 − discount)" or "invoices.amount". */
  readonly definition: string;
  /** The single column, when the reading is one column. */
  readonly column?: ColumnInfo;
  readonly derived: boolean;
  readonly unit?: string;
  readonly assumption?: string;
}

const RATE_WORDS = new Set(['monthly', 'annual', 'yearly', 'recurring', 'daily', 'weekly', 'rate', 'average', 'avg']);

/** Line tables: a quantity column and a unit price column side by side. */
export function lineReading(entity: EntityInfo): MoneyReading | undefined {
  const quantity = entity.columns.filter((column) => column.isQuantity);
  const price = entity.columns.filter((column) => column.isPrice || (column.isMoney && !column.isAmount && !column.isDiscount));
  if (quantity.length !== 1 || price.length !== 1) return undefined;
  const discounts = entity.columns.filter((column) => column.isDiscount);
  let expression: ScalarExpression = { kind: 'arithmetic', op: '*', left: field(entity.name, quantity[0].name), right: field(entity.name, price[0].name) };
  let definition = `${entity.name}.${quantity[0].name} × ${price[0].name}`;
  let assumption = `Revenue is computed from ${entity.name} as ${quantity[0].name} × ${price[0].name}`;
  if (discounts.length === 1) {
    const discount = discounts[0];
    const text = `${discount.description ?? ''} ${discount.words.join(' ')}`;
    const percent = !/fraction|ratio|0\.\d/i.test(text) && /percent|%|pct/i.test(text);
    const fraction: ScalarExpression = percent
      ? { kind: 'arithmetic', op: '/', left: field(entity.name, discount.name), right: { kind: 'literal', value: 100 } }
      : field(entity.name, discount.name);
    expression = { kind: 'arithmetic', op: '*', left: expression, right: { kind: 'arithmetic', op: '-', left: { kind: 'literal', value: 1 }, right: fraction } };
    definition += percent ? ` × (1 − ${discount.name} / 100)` : ` × (1 − ${discount.name})`;
    assumption += percent ? ` × (1 − ${discount.name} / 100), the discount being a percentage` : ` × (1 − ${discount.name}), the discount being a fraction`;
  }
  return { entity: entity.name, expression, definition, derived: true, ...(price[0].unit ? { unit: price[0].unit } : {}), assumption: `${assumption}.` };
}

function columnReading(column: ColumnInfo): MoneyReading {
  return { entity: column.entity, expression: field(column.entity, column.name), definition: `${column.entity}.${column.name}`, column, derived: false, ...(column.unit ? { unit: column.unit } : {}) };
}

/**
 * The money reading for the question. `named` are money columns the word itself names (a
 * `revenue` or `sales` column); `scope` an entity the question ties the money to.
 */
export function readMoney(schema: SchemaIndex, anchors: readonly string[], named: readonly ColumnInfo[], scope?: EntityInfo): MoneyReading | undefined {
  if (scope) {
    const own = scope.primaryAmount ?? named.find((column) => column.entity === scope.name);
    if (own) return columnReading(own);
    const line = lineReading(scope) ?? closest(schema, [scope.name], lineTables(schema, [scope.name]));
    if (line) return line;
  }
  const reachable = (entity: string): boolean => Number.isFinite(distanceFrom(schema, anchors, entity));
  // The entity the question is about may carry its own amount (an orders.total column).
  const anchorAmount = anchors.map((anchor) => schema.entityByName.get(anchor)?.primaryAmount).find((column) => column !== undefined);
  if (anchorAmount && named.length === 0) return columnReading(anchorAmount);
  const namedReachable = named.filter((column) => reachable(column.entity));
  if (namedReachable.length > 0) return closest(schema, anchors, namedReachable.map(columnReading));
  const lines = lineTables(schema, anchors);
  if (lines.length > 0) return closest(schema, anchors, lines);
  const amounts = schema.entities.filter((entity) => entity.mainDate && entity.primaryAmount && reachable(entity.name))
    .map((entity) => entity.primaryAmount as ColumnInfo)
    .filter((column) => !column.words.some((word) => RATE_WORDS.has(word)));
  return closest(schema, anchors, amounts.map(columnReading));
}

export function lineTables(schema: SchemaIndex, anchors: readonly string[]): MoneyReading[] {
  const found: MoneyReading[] = [];
  for (const entity of schema.entities) {
    // A line belongs to a dated header (order lines → orders); a product's stock × price is no sale.
    const dated = entity.foreignKeys.some((foreignKey) => schema.entityByName.get(foreignKey.refEntity)?.mainDate !== undefined);
    if (!dated || !Number.isFinite(distanceFrom(schema, anchors, entity.name))) continue;
    const reading = lineReading(entity);
    if (reading) found.push(reading);
  }
  return found;
}

/** The reading closest to the anchors; a tie is an ambiguity. */
function closest(schema: SchemaIndex, anchors: readonly string[], readings: readonly MoneyReading[]): MoneyReading | undefined {
  if (readings.length <= 1) return readings[0];
  const scored = readings.map((reading) => ({ reading, distance: distanceFrom(schema, anchors, reading.entity) }))
    .sort((left, right) => left.distance - right.distance);
  if (scored[1].distance - scored[0].distance < 0.5) {
    const options = scored.filter((entry) => entry.distance - scored[0].distance < 0.5).map((entry) => entry.reading.definition);
    throw new Ambiguity(`The amount could be ${options.join(' or ')}.`, options);
  }
  return scored[0].reading;
}
