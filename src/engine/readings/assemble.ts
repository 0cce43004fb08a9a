/**
 * Assembles one combination of choices into a reading, or finds that it cannot make one. The
 * steps follow the dependencies between parts (measures before the subject they may name, the
 * subject before the conditions that default to its name…); each part is its own module.
 */
import { columnOf } from '../schema/schema-model.ts';
import { accountWords } from './accounting.ts';
import { assembleConditions, conditionsOnce } from './assemble-conditions.ts';
import { ownValuesSaidAlone } from './own-values.ts';
import { claimRelated, relateChildConditions, relateConditions, relateSharedValues } from './assemble-related.ts';
import { relatePeriodSets } from './assemble-period-sets.ts';
import { assembleMeasures, measuresOf } from './assemble-measures.ts';
import { assembleGroups } from './assemble-groups.ts';
import { assembleHaving, assembleOrder, assembleRanking } from './assemble-ranking.ts';
import { assemblePivot, assembleWindows } from './assemble-windows.ts';
import { checkRowShare, splitRowShare } from './assemble-share.ts';
import { assembleTime } from './assemble-time.ts';
import { countByRelatedCounts, nestCountsPerGroup } from './assemble-nested.ts';
import { joinAlternatives } from './assemble-alternatives.ts';
import { listEachRow } from './assemble-each-row.ts';
import { countsEveryGroup } from './assemble-every-group.ts';
import { relateToParents } from './assemble-self-relations.ts';
import { showOutputs } from './assemble-outputs.ts';
import { columnOfUnnamedTableOverOwn } from './unnamed-tables.ts';
import { countEachValueAsked } from './assemble-each-value.ts';
import { contradictsQuestion } from './asked-shape.ts';
import type { Choice } from './choices.ts';
import type { Side } from './context.ts';
import { Draft, Invalid, type AssemblyInput } from './draft.ts';
import type { Features } from './features.ts';
import type { OutputNode, Reading } from './reading.ts';
import { soleEntity } from './units.ts';
import { bareCounts, countByGroups, groupImplicitly, sameAsGroup, sumByGroups } from './implied-measures.ts';

export interface Assembled {
  readonly reading: Reading;
  readonly features: Features;
  /** Content words the reading leaves unused (token indices). */
  readonly unusedWords: readonly number[];
}

export function assemble(input: AssemblyInput, picks: readonly (Choice | undefined)[]): Assembled | undefined {
  const draft = new Draft(input, picks);
  try {
    assembleMeasures(draft);
    chooseSubject(draft);
    showOutputs(draft);
    bareCounts(draft);
    const related = claimRelated(draft);
    assembleConditions(draft);
    relateConditions(draft, related);
    relateChildConditions(draft);
    relatePeriodSets(draft);
    relateToParents(draft);
    relateSharedValues(draft);
    splitRowShare(draft);
    assembleGroups(draft);
    ownValuesSaidAlone(draft);
    nestCountsPerGroup(draft);
    assembleRanking(draft);
    assembleHaving(draft);
    countByRelatedCounts(draft);
    countEachValueAsked(draft);
    listEachRow(draft);
    sumByGroups(draft);
    countByGroups(draft);
    groupImplicitly(draft);
    assembleOrder(draft);
    assembleTime(draft);
    joinAlternatives(draft);
    assembleWindows(draft);
    assemblePivot(draft);
    checkRowShare(draft);
    finish(draft);
    accountWords(draft);
  } catch (error) {
    if (error instanceof Invalid) return undefined;
    throw error;
  }
  const subject = draft.subject;
  if (!subject) return undefined;
  const everyGroup = countsEveryGroup(draft);
  const reading: Reading = {
    subject,
    outputs: draft.outputs,
    conditions: draft.conditions,
    related: draft.related,
    groups: draft.groups,
    having: draft.having,
    order: draft.order,
    ...(draft.limit !== undefined ? { limit: draft.limit } : {}),
    ...(draft.limitPer !== undefined ? { limitPer: draft.limitPer } : {}),
    ...(draft.window !== undefined ? { window: draft.window } : {}),
    ...(draft.pivot !== undefined ? { pivot: draft.pivot } : {}),
    ...(draft.rowShare !== undefined ? { rowShare: draft.rowShare } : {}),
    ...(everyGroup ? { everyGroup } : {}),
    distinct: draft.distinct,
    scope: draft.scope,
    subjectSaid: draft.explicitSubject,
    usedTokens: [...draft.usedTokens].sort((left, right) => left - right),
    saidLemmas: draft.input.tokens.map((token) => token.lemma),
  };
  return { reading, features: draft.features, unusedWords: draft.unusedWords };
}

/**
 * The rows the question is about: the entity said as the subject, or counted; else the entity of
 * what is shown or measured.
 */
function chooseSubject(draft: Draft): void {
  const said = withoutRestatement(draft, draft.withRole('subject')).map((pick) => pick.link?.target.entity);
  const counted = measuresOf(draft).filter((measure) => measure.aggregate === 'count' && !measure.column).map((measure) => measure.entity);
  const explicit = [...new Set([...said, ...counted])].filter((entity): entity is string => entity !== undefined);
  if (said.length > 1 || counted.length > 1) throw new Invalid();
  if (explicit.length > 1) {
    // "how many work orders does each technician have" says the technician as a group, not a second subject.
    throw new Invalid();
  }
  for (const pick of draft.withRole('subject')) draft.use(pick.unit);
  if (explicit.length === 1) {
    draft.subject = explicit[0];
    draft.explicitSubject = true;
    draft.feature('subject.explicit');
    return;
  }
  const shownEntity = draft.withRole('show').find((pick) => pick.link?.target.kind === 'entity')?.link?.target.entity;
  const owner = shownEntity
    ?? firstEntity(draft, ['show', 'measure', 'rank', 'compare', 'count', 'pattern', 'names', 'order', 'group', 'filter']);
  if (!owner) throw new Invalid();
  draft.subject = owner;
  draft.feature('subject.inferred');
}

/**
 * "how many of our accounts are software companies": rows named again after "are", with only the
 * values said of them between, are the same rows; the second naming restates the first.
 */
function withoutRestatement(draft: Draft, said: readonly Choice[]): readonly Choice[] {
  if (said.length !== 2 || said[0].link?.target.entity !== said[1].link?.target.entity) return said;
  const { tokens } = draft.input;
  const between = tokens.slice(draft.unit(said[0].unit).end, draft.unit(said[1].unit).start);
  const valueSaid = (index: number) => draft.withRole('filter').some((pick) => pick.link?.target.kind === 'value' && draft.unit(pick.unit).start <= index && index < draft.unit(pick.unit).end);
  if (between[0]?.lemma !== 'be' || !between.slice(1).every((token) => valueSaid(token.index) || token.lower === 'a' || token.lower === 'an')) return said;
  draft.use(said[1].unit);
  draft.feature('subject.restated');
  return said.slice(0, 1);
}

function firstEntity(draft: Draft, roles: readonly Choice['role'][]): string | undefined {
  for (const role of roles) {
    const pick = draft.withRole(role)[0];
    if (pick?.link) return pick.link.target.entity;
  }
  return measuresOf(draft)[0]?.entity;
}

/** "Which supplier's products …": the entity "which" asks for, when its rows own what follows. */
function possessorAsked(draft: Draft): string | undefined {
  const { tokens, units } = draft.input;
  if (tokens[0]?.lower !== 'which') return undefined;
  const unit = units[draft.unitOfToken(1)];
  return unit !== undefined && tokens[unit.end]?.lower === "'s" ? soleEntity(unit) : undefined;
}

/** Whether the reading's answer is rows of the entity: grouped by it (and no other rows), or listing it. */
function answersWith(draft: Draft, entity: string): boolean {
  const byEntity = draft.groups.filter((group) => group.kind === 'entity');
  if (draft.groups.length > 0) return byEntity.length > 0 && byEntity.every((group) => group.entity === entity);
  return draft.subject === entity || draft.outputs.some((output) => output.kind === 'name' && output.entity === entity);
}

/** Whether a measure of the reading aggregates this column (a count of rows does not). */
function aggregatesColumn(draft: Draft, entity: string, column: string): boolean {
  return draft.outputs.some((output) => output.kind === 'measure' && output.entity === entity && output.column === column && output.aggregate !== 'count' && output.aggregate !== 'count_distinct');
}

/**
 * "in the Statistics department but not the Psychology department", read on one row: a value
 * excluded from a column the reading already fixes to another would change nothing, so the "not"
 * must mean something this reading does not say.
 */
function excludesNothing(draft: Draft): boolean {
  const equals = draft.conditions.filter((condition) => condition.kind === 'equals');
  return equals.some((excluded) => excluded.negated && equals.some((fixed) => !fixed.negated && fixed.entity === excluded.entity && fixed.column === excluded.column
    && !excluded.values.some((value) => fixed.values.some((other) => String(other).toLowerCase() === String(value).toLowerCase()))));
}

/**
 * "the distinct reigns of wrestlers whose location is not Tokyo": the column said right before a
 * condition that leaves it varying names that condition. Shown as well, it would split the distinct
 * rows asked for by a column nobody asked to see.
 */
function namesVaryingCondition(draft: Draft, output: OutputNode): boolean {
  if (output.kind !== 'column' || output.tokens.length === 0) return false;
  const last = Math.max(...output.tokens);
  return draft.conditions.some((condition) => {
    const varying = (condition.kind === 'equals' && condition.negated) || condition.kind === 'compare' || condition.kind === 'text';
    if (!varying || condition.entity !== output.entity || condition.column !== output.column) return false;
    const first = Math.min(...condition.tokens);
    if (first <= last) return false;
    for (let token = last + 1; token < first; token += 1) {
      const unit = draft.unit(draft.unitOfToken(token));
      if (unit.kind !== 'word' && !(unit.kind === 'cue' && unit.cue.kind === 'negation')) return false;
    }
    return true;
  });
}

function asksFor(left: Side): boolean {
  return left.kind === 'lead' && left.cue?.kind === 'lead' && left.cue.asks && left.between.length === 0;
}

function finish(draft: Draft): void {
  if (columnOfUnnamedTableOverOwn(draft)) throw new Invalid();
  conditionsOnce(draft);
  // "total amount by amount": a group on the column its own measure adds up holds one value of it.
  if (draft.groups.some((group) => group.kind === 'column' && aggregatesColumn(draft, group.entity, group.column))) throw new Invalid();
  const asked = possessorAsked(draft);
  if (asked !== undefined && !answersWith(draft, asked)) throw new Invalid();
  // A column named beside a literal or a period ("country 'France'", "shipped in 2024") is read with it or not at all.
  for (const pick of draft.withRole('names')) {
    if (!draft.usedTokens.has(draft.unit(pick.unit).start)) throw new Invalid();
  }
  const claimed = new Set(draft.related.flatMap((node) => node.tokens));
  for (const pick of draft.withRole('relation')) {
    if (claimed.has(draft.unit(pick.unit).start)) continue;
    const target = pick.link?.target;
    const entity = target?.entity;
    if (!entity) throw new Invalid();
    // A verb naming a column of the rows asked about relates them to nothing, unless the column is
    // a key to other rows ("documents shipped by USPS") or holds a value said ("orders shipped to
    // France": ship_country): passed over as a relation, what it says would be dropped ("products
    // that are discontinued": the flag; "orders we shipped": the date).
    // A verb naming the column measured ("payments received": the amount received) restates the measure.
    const valueSaidOn = (column: string) => draft.conditions.some((condition) => condition.kind === 'equals' && condition.entity === entity && condition.column === column);
    if (target?.kind === 'column' && entity === draft.subject && !columnOf(draft.input.schema, entity, target.column).isForeignKey && !valueSaidOn(target.column) && !aggregatesColumn(draft, entity, target.column)) throw new Invalid();
    if (entity !== draft.subject && !draft.scope.includes(entity)) draft.scope.push(entity);
    draft.use(pick.unit);
  }
  for (const pick of draft.withRole('scope')) {
    if (claimed.has(draft.unit(pick.unit).start)) continue;
    const entity = pick.link?.target.entity;
    if (!entity || entity === draft.subject) throw new Invalid();
    // "the top 3 products": what a superlative ranks is shown, not merely related.
    if (draft.input.contexts[pick.unit].left.kind === 'superlative') throw new Invalid();
    // "Which customers ordered …": what "which" or "what" asks for is shown, not merely related.
    if (asksFor(draft.input.contexts[pick.unit].left)) throw new Invalid();
    draft.scope.push(entity);
    draft.use(pick.unit);
  }
  for (const [index, unit] of draft.input.units.entries()) {
    if (unit.kind !== 'cue' || draft.usedCues.has(index)) continue;
    if (unit.cue.kind === 'limit') {
      // How many rows to show means nothing for one total.
      if (draft.groups.length === 0 && draft.outputs.length > 0 && draft.outputs.every((output) => output.kind === 'measure')) throw new Invalid();
      draft.limit = unit.cue.limit;
      draft.useCue(index);
    }
    if (unit.cue.kind === 'distinct' && draft.outputs.some((output) => output.kind !== 'measure')) {
      draft.distinct = true;
      draft.useCue(index);
    }
  }
  if (draft.groups.length > 0 && draft.having.length === 0 && !draft.outputs.some((output) => output.kind === 'measure')) throw new Invalid();
  if (contradictsQuestion(draft)) throw new Invalid();
  if (draft.outputs.length === 0) {
    if (!draft.subject) throw new Invalid();
    draft.outputs.push({ kind: 'name', entity: draft.subject, tokens: [] });
    draft.feature('show.default-name');
  }
  for (const group of draft.groups) {
    const shown = draft.outputs.some((output) => sameAsGroup(output, group));
    if (!shown) draft.outputs.unshift(group.kind === 'column' || group.kind === 'grain' ? { kind: 'column', entity: group.entity, column: group.column, tokens: [] } : { kind: 'name', entity: group.entity, tokens: [] });
  }
  // "Which customers have overdue invoices?" read as the overdue invoices shown by their customer:
  // rows that show nothing of their own, only what they point to, would repeat it once per row.
  if (draft.subject && draft.order.length === 0 && draft.outputs.every((output) => output.kind !== 'measure' && output.entity !== draft.subject)) draft.distinct = true;
  if (draft.distinct && draft.outputs.some((output) => namesVaryingCondition(draft, output))) throw new Invalid();
  if (excludesNothing(draft)) throw new Invalid();
  const shape = draft.outputs.some((output) => output.kind === 'measure') ? (draft.groups.length > 0 ? 'grouped' : 'aggregate') : draft.order.length > 0 && draft.limit !== undefined ? 'top' : 'list';
  draft.feature(`shape.${shape}`);
}
