/** The planner's list step: which columns a list of rows shows. */
import { PlanProblem, type PlanState } from './plan-state.ts';
import { namesOf } from './plan-steps.ts';
import { isEntityMention } from './mention-kinds.ts';
import { entityOfMention } from './measures.ts';
import { chooseColumn } from './resolve.ts';
import type { ColumnInfo, EntityInfo } from './schema-model.ts';

/** "What is Astrid Gruber's email?": the one entity that the asked columns and values share. */
function inferSubject(state: PlanState): EntityInfo | undefined {
  const mentions = [...state.intent.columns, ...state.intent.valueFilters.flatMap((filter) => filter.mentions)];
  if (mentions.length === 0) return undefined;
  let shared: Set<string> | undefined;
  for (const mention of mentions) {
    const entities = new Set(mention.candidates.filter((candidate) => candidate.kind === 'column' || candidate.kind === 'value').flatMap((candidate) => (candidate.kind === 'column' || candidate.kind === 'value' ? [candidate.entity] : [])));
    shared = shared ? new Set([...shared].filter((entity) => entities.has(entity))) : entities;
  }
  if (!shared || shared.size !== 1) return undefined;
  const entity = state.schema.entityByName.get([...shared][0]);
  state.addAnchor(entity?.name);
  return entity;
}

/** Columns of a list: the subject's names (or key, date and amount), then those asked for. */
export function resolveListColumns(state: PlanState): void {
  const { intent } = state;
  if (intent.subject && !isEntityMention(intent.subject)) {
    const column = chooseColumn(state.schema, intent.subject, state.anchors, () => true)?.column;
    if (!column) throw new PlanProblem(`I could not tell what to list for "${intent.subject.text}".`);
    state.listColumns.unshift(column);
    state.distinct = true;
    if (state.order.length === 0) state.order.push({ column, direction: 'asc' });
    return;
  }
  const subject = state.subject ?? inferSubject(state);
  if (!subject) throw new PlanProblem('I could not tell what to list.');
  state.subject = subject;
  // "Who made the latest order?": someone named, which rows without a name (orders) are not.
  if (intent.asksWho && subject.displayColumns.length === 0) throw new PlanProblem(`"Who" asks for someone named, and ${subject.name} rows have no name; try naming who (the customer, the employee).`);
  const asked: ColumnInfo[] = [];
  const extra: ColumnInfo[] = [];
  let ownedElsewhere = intent.columns.length > 0;
  for (const mention of [...intent.columns, ...intent.extraColumns]) {
    const into = intent.columns.includes(mention) ? asked : extra;
    const ownerMention = intent.owners.get(mention);
    const owner: EntityInfo = ownerMention ? entityOfMention(state.schema, ownerMention) ?? subject : subject;
    if (into === asked && owner === subject) ownedElsewhere = false;
    const names = namesOf(state, mention, owner);
    if (names) {
      into.push(...names);
      continue;
    }
    if (isEntityMention(mention)) {
      const entity = entityOfMention(state.schema, mention);
      if (entity) into.push(...state.displayOf(entity));
      continue;
    }
    // "the highest rental rate … and what is the rate?": a word for a column already in the answer means that column.
    const already = [...state.listColumns, ...state.order.flatMap((entry) => (entry.column ? [entry.column] : []))]
      .find((column) => mention.candidates.some((candidate) => candidate.kind === 'column' && candidate.entity === column.entity && candidate.column === column.name));
    if (already) {
      into.push(already);
      continue;
    }
    const own = chooseColumn(state.schema, mention, [owner.name], (candidate) => candidate.entity === owner.name);
    const choice = own ?? chooseColumn(state.schema, mention, [owner.name, subject.name, ...state.anchors], () => true);
    const column = choice?.column;
    if (!column) throw new PlanProblem(`I could not tell which column "${mention.text}" is.`);
    // "the names of banks" must be a column of banks, not a name column of something else.
    if (!own && into === asked && (mention.candidates.find((candidate) => candidate.kind === 'column' && candidate.entity === column.entity && candidate.column === column.name)?.score ?? 0) < 0.9) {
      throw new PlanProblem(`I could not find "${mention.text}" among the columns of ${subject.name}.`);
    }
    into.push(column);
  }
  // "the countries of our customers": only the columns asked for, each value once unless they name rows.
  const onlyAsked = asked.length > 0;
  const namesRows = (column: ColumnInfo): boolean => column.isPrimaryKey || column.isForeignKey || state.entity(column.entity).displayColumns.includes(column);
  if (onlyAsked && extra.length === 0 && !intent.allColumns && asked.every((column) => !namesRows(column)) && asked.some((column) => !column.isNumeric)) state.distinct = true;
  const everything = intent.allColumns ? [...subject.columns] : [];
  // "Which film has the highest rate? And what is the rate?": the film is named along with what was asked.
  // "the category and price of the product named cumin": the category named first is shown too.
  const subjectAsked = ownedElsewhere && intent.subject !== undefined && isEntityMention(intent.subject) && !asked.some((column) => column.entity === subject.name);
  const named = (intent.rank && intent.listWords && !asked.some(namesRows)) || subjectAsked ? state.displayOf(subject) : [];
  const own: ColumnInfo[] = intent.allColumns ? [...everything, ...extra] : onlyAsked ? [...named, ...asked, ...extra] : [
    ...(subject.displayColumns.length > 0 ? subject.displayColumns : [
      ...state.displayOf(subject),
      ...(subject.mainDate ? [subject.mainDate] : []),
      ...(subject.primaryAmount ? [subject.primaryAmount] : []),
    ]),
    ...asked,
    ...extra,
  ];
  // Before the order's columns join the list, so that the date that orders the rows is shown.
  if (intent.limit !== undefined && state.limit === undefined) {
    // "the first 5 customers": the earliest, when rows have a date that places them in time.
    state.limit = intent.limit;
    if (state.order.length === 0 && subject.mainDate) state.order.push({ column: subject.mainDate, direction: 'asc' });
  }
  for (const order of state.order) if (order.column) own.push(order.column);
  own.push(...state.compared.filter((column) => column.entity === subject.name));
  const seen = new Set<string>();
  state.listColumns.splice(0, state.listColumns.length, ...[...own, ...state.listColumns].filter((column) => {
    const key = `${column.entity}.${column.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }));
  if (intent.distinct) state.distinct = true;
}

