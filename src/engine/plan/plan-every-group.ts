/**
 * A count of rows asked of every row of one table ("How many orders has each employee taken?"):
 * the grouped count shows only the employees with orders, so the plan lists every employee with a
 * related count column instead, 0 for those with none. The counted rows keep their own conditions
 * (period, segment, values) inside the count; conditions on the group's table, or on tables reached
 * from it, choose which of its rows are listed.
 */
import type { Filter, LogicalQuery, SelectedColumn } from '../../query/logical-query.ts';
import { entitiesIn } from './plan-measures.ts';
import { Unplannable } from './unplannable.ts';

export function everyGroupQuery(grouped: LogicalQuery, group: string): LogicalQuery {
  const [count] = grouped.measures;
  // Rows, or the distinct rows of a table they reach ("how many products has each customer bought": distinct product keys of the lines).
  const countsRows = count.aggregate === 'count' && count.expression === undefined;
  const countsDistinct = count.aggregate === 'count_distinct' && count.expression?.kind === 'field';
  if (grouped.measures.length !== 1 || !(countsRows || countsDistinct) || count.where !== undefined || count.per !== undefined) {
    throw new Unplannable('every row of a group with anything but one count of rows');
  }
  if (grouped.having.length > 0 || grouped.limit !== undefined || grouped.limitPerGroup || grouped.pivot || grouped.showFrom || (grouped.related ?? []).length > 0) {
    throw new Unplannable('every row of a group with a cut, a limit, a pivot or related rows');
  }
  const hop = grouped.joins.find((join) => join.toEntity === group);
  if (grouped.root === group || hop === undefined) throw new Unplannable('every row of a group its counted rows do not point to');
  // The group's side: the group and the tables joined through it.
  const outer = new Set([group]);
  for (const join of grouped.joins) if (outer.has(join.fromEntity)) outer.add(join.toEntity);
  const onSide = (filter: Filter, side: (entity: string) => boolean) => [filter, ...(filter.or ?? [])].flatMap((each) => entitiesIn(each.expression)).every(side);
  const outerFilters = grouped.filters.filter((filter) => onSide(filter, (entity) => outer.has(entity)));
  const innerFilters = grouped.filters.filter((filter) => onSide(filter, (entity) => !outer.has(entity)));
  if (outerFilters.length + innerFilters.length !== grouped.filters.length) throw new Unplannable('a condition across the group and its counted rows');
  // The link says the counted rows have a group: its key set needs no condition of its own.
  const linkKeySet = (filter: Filter) => filter.op === 'not_null' && filter.expression.kind === 'field' && filter.expression.entity === hop.fromEntity && hop.fromColumns.includes(filter.expression.column);
  if (grouped.dimensions.some((dimension) => dimension.grain !== undefined || dimension.field.kind !== 'field' || dimension.field.entity !== group)) {
    throw new Unplannable('every row of a group beside another group');
  }
  const columns: SelectedColumn[] = grouped.dimensions.map(({ id, label, field }) => ({ id, label, field }));
  return {
    kind: 'select',
    root: group,
    joins: grouped.joins.filter((join) => outer.has(join.fromEntity)),
    measures: [],
    dimensions: [],
    columns,
    filters: outerFilters,
    having: [],
    order: grouped.order.length > 0 ? grouped.order : [{ id: count.id, direction: 'desc' }],
    relatedCounts: [{
      id: count.id,
      label: count.label,
      root: grouped.root,
      joins: grouped.joins.filter((join) => !outer.has(join.toEntity)),
      link: { entity: hop.fromEntity, columns: hop.fromColumns, outerEntity: group, outerColumns: hop.toColumns },
      filters: innerFilters.filter((filter) => !linkKeySet(filter)),
      ...(countsDistinct && count.expression?.kind === 'field' ? { distinct: count.expression } : {}),
    }],
  };
}
