/**
 * Every word accounted for: each token of the question is used by the reading, or is a word that
 * carries no meaning for a query (grammar, politeness, the verb of a request). A cue left unused
 * drops meaning and makes the reading invalid; a content word left unused becomes a feature the
 * model weighs (a verb that only relates two things the reading already joins is mild; a noun or
 * an adjective is not) and is reported, so that a decline can name it.
 */
import { UNIT_WORDS } from '../question/cue-patterns.ts';
import { relatesRows } from '../question/cues.ts';
import { followsBe, isParticiple, objectOfLightVerb, type Token } from '../question/tokens.ts';
import { reachFrom } from '../schema/join-graph.ts';
import { columnOf, entityOf } from '../schema/schema-model.ts';
import { lemmaOf } from '../language/nlp.ts';
import { howManyCues } from './assemble-each-value.ts';
import { isVerb } from './choices.ts';
import { isAdditive } from './implied-measures.ts';
import { everyOf } from './assemble-every-group.ts';
import { Invalid, type Draft } from './draft.ts';
import { ARITHMETIC_LEMMAS, GRAMMAR_POS, isDone, isEmptyWord } from './word-classes.ts';

/**
 * Words that carry nothing when they name nothing in the data: the present, which every question
 * reads ("our current MRR"; history is asked with a period), and "ones" for rows already named
 * ("excluding cancelled ones"). Where the schema has such a name (a current address), it counts.
 */
const EMPTY_UNLESS_NAMED = new Set(['current', 'now', 'presently', 'ones']);
const KIND_NOUNS = new Set(['type', 'kind', 'sort', 'variety', 'form']);
/** Cues whose meaning is lost if nothing in the reading carries it. */
const MEANINGFUL_CUES = new Set(['compare', 'contains', 'negation', 'aggregate', 'superlative', 'versus', 'sort', 'count', 'window', 'pivot']);
/** Quantifiers that change what a question asks and no reading here can carry. */
const UNSUPPORTED_QUANTIFIERS = new Set(['both']);

export function accountWords(draft: Draft): void {
  if (oneNumberForTwoQuestions(draft) || asksAtAPointInTime(draft)) throw new Invalid();
  valuesOfSelfRelations(draft);
  const { tokens, units } = draft.input;
  // Read or not by the steps before, these ask that all the related rows be so.
  for (const unit of units) {
    if (unit.kind !== 'cue' || unit.cue.kind !== 'quantifier') continue;
    if ((unit.cue.quantifier === 'only' && saysOnlyOfWhatIsHad(tokens, unit.start)) || (unit.cue.quantifier === 'all' && allOfWhatIsHad(tokens, unit.start))) throw new Invalid();
  }
  for (const pick of draft.withRole('word')) {
    const unit = units[pick.unit];
    // "based in": a participle read as a word stays for the words' own accounting below.
    if (pick.features['link.verb-as-word'] !== undefined) continue;
    if (unit.kind === 'link') {
      // A unit said after a number is that number's, which the reading must use; after "in", only
      // the unit of a measure kept in it.
      const after = tokens[unit.start - 1];
      if (after?.kind === 'number' ? !unitOfUsedNumber(draft, unit.start) : !measuresInUnit(draft, tokens[unit.start].lemma)) throw new Invalid();
      draft.usedTokens.add(unit.start - 1);
    }
    draft.use(pick.unit);
  }
  for (const [index, unit] of units.entries()) {
    if (unit.kind !== 'cue' || draft.usedCues.has(index)) continue;
    const pick = draft.picks[index];
    if (pick !== undefined && pick.role !== 'cue') continue;
    const cue = unit.cue;
    if (MEANINGFUL_CUES.has(cue.kind)) {
      // "count the number of …": a second count cue restates the first.
      const counted = draft.outputs.some((output) => output.kind === 'measure' && output.aggregate.startsWith('count'));
      if ((cue.kind === 'count' || (cue.kind === 'aggregate' && cue.aggregate === 'sum')) && counted) {
        // "count the number of …", "how many … in total": restating the count.
        draft.useCue(index);
        draft.feature('cue.restates-count');
        continue;
      }
      throw new Invalid();
    }
    if (cue.kind === 'quantifier' && UNSUPPORTED_QUANTIFIERS.has(cue.quantifier)) throw new Invalid();
    if (cue.kind === 'quantifier' && cue.quantifier === 'every' && everyInCondition(draft, index)) throw new Invalid();
    if (cue.kind === 'quantifier' && everyOfUngrouped(draft, index)) throw new Invalid();
    if (cue.kind === 'group' && (groupsAfterMeasure(draft, index) || (!cue.by && draft.input.contexts[index].right.kind === 'link'))) throw new Invalid();
    if (cue.kind === 'group') draft.feature('cue.unused.group');
    if (cue.kind === 'distinct' && countsRowsWithoutOwnKey(draft)) throw new Invalid();
    if (cue.kind === 'distinct') draft.feature('cue.unused.distinct');
    draft.useCue(index);
  }
  for (const unit of units) {
    if ((unit.kind === 'number' || unit.kind === 'quoted' || unit.kind === 'period') && !draft.usedTokens.has(unit.start)) throw new Invalid();
  }
  for (const token of tokens) {
    if (draft.usedTokens.has(token.index) || draft.input.present.has(token.index)) continue;
    if (token.kind !== 'word') {
      if (token.kind === 'symbol') continue;
      throw new Invalid();
    }
    // "products out of stock", "machines out of service": no reading here says that something is not there.
    if (token.lower === 'out' && tokens[token.index + 1]?.lower === 'of') throw new Invalid();
    // "how many loans are still out?": a particle closing a clause after "is"/"are" says a state.
    if (STATE_PARTICLES.has(token.lower) && followsBe(tokens, token.index) && closesClause(tokens, token.index)) throw new Invalid();
    if (BOUND_WORDS.has(token.lower) && boundsWhatFollows(draft, token.index)) throw new Invalid();
    if ((GRAMMAR_POS.has(token.pos) && !ARITHMETIC_LEMMAS.has(token.lemma)) || (isEmptyWord(token) && !relatesRows(tokens, token.index))) continue;
    if (EMPTY_UNLESS_NAMED.has(token.lower) && units.some((unit) => unit.kind === 'word' && unit.start === token.index)) continue;
    // "types of plan", "kinds of tickets": the kinds are the values of what follows.
    if (KIND_NOUNS.has(token.lemma) && tokens[token.index + 1]?.lower === 'of') {
      if (leavesKindColumnOut(draft, token)) throw new Invalid();
      continue;
    }
    // "food type allergies", "each affiliation type": after a value or a column the reading uses, the kind is theirs.
    if (KIND_NOUNS.has(token.lemma) && saysKindOfUsedWord(draft, token.index)) continue;
    if (unitOfUsedNumber(draft, token.index)) continue;
    if (restOfUsedColumnName(draft, token.index)) continue;
    if (token.lemma === 'time' && afterUsedCount(draft, token.index)) {
      if (countsOccurrences(draft)) continue;
      throw new Invalid();
    }
    // "customers who never placed an order": the verb only says the order came to be; the order is read.
    const object = objectOfLightVerb(tokens, token.index);
    if (object !== undefined && draft.usedTokens.has(object)) continue;
    if (saysStateOfRows(tokens, token.index)) throw new Invalid();
    draft.feature(`unused.${token.pos.toLowerCase()}`);
    draft.unusedWords.push(token.index);
  }
}

/** Verbs and prepositions of having ("accounts that have only trial subscriptions", "orders with only one line"). */
const HAVING: ReadonlySet<string> = new Set(['have', 'with', 'contain', 'include', 'hold', 'own']);

/**
 * "accounts that have only trial subscriptions", "products only sold in France": "only" said of
 * what the rows have or do asks that all of it be so, which no reading here carries; read as a
 * filter it answers "accounts that have a trial subscription". Before a number ("only one line")
 * it is that number, exactly.
 */
function saysOnlyOfWhatIsHad(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index + 1];
  if (next === undefined || next.kind === 'number') return false;
  return HAVING.has(tokens[index - 1]?.lemma ?? '') || HAVING.has(next.lemma) || next.pos === 'VERB';
}

/**
 * "the types of vouchers" where vouchers have a type column (`type_cd`): the types are that column's
 * values, so a reading that leaves the column out (listing the vouchers) answers another question.
 */
function leavesKindColumnOut(draft: Draft, token: Token): boolean {
  const unitAfter = draft.unitOfToken(token.index + 2);
  const after = unitAfter >= 0 ? draft.picks[unitAfter]?.link?.target : undefined;
  if (after?.kind !== 'entity') return false;
  const kindColumns = entityOf(draft.input.schema, after.entity).columns.filter((column) => column.words.includes(token.lemma));
  if (kindColumns.length === 0) return false;
  const used = [...draft.outputs, ...draft.groups, ...draft.conditions].some((node) => 'column' in node && node.entity === after.entity && kindColumns.some((column) => column.name === node.column));
  return !used;
}

function saysKindOfUsedWord(draft: Draft, index: number): boolean {
  if (!draft.usedTokens.has(index - 1)) return false;
  const target = draft.picks[draft.unitOfToken(index - 1)]?.link?.target;
  return target?.kind === 'value' || target?.kind === 'column';
}

/**
 * "the code of the card type" for card_type_code, "the policy with the code 'Life'" for a value of
 * policy_type_code: a noun said beside the words of a column the reading uses (grammar words
 * between), that is itself a word of that column's name, is the rest of that name.
 */
function restOfUsedColumnName(draft: Draft, index: number): boolean {
  const { tokens, schema } = draft.input;
  const lemma = tokens[index].lemma;
  for (const step of [1, -1]) {
    let next = index + step;
    while (tokens[next] !== undefined && !draft.usedTokens.has(next) && NAME_JOINERS.has(tokens[next].lower)) next += step;
    if (!draft.usedTokens.has(next)) continue;
    const target = draft.picks[draft.unitOfToken(next)]?.link?.target;
    if ((target?.kind === 'column' || target?.kind === 'value') && columnOf(schema, target.entity, target.column).words.includes(lemma)) return true;
  }
  return false;
}

/** Words that may stand between two parts of a column's name ("the code of the card type"). */
const NAME_JOINERS: ReadonlySet<string> = new Set(['the', 'of', 'a', 'an', 'with', 'its', 'their']);

/** "more than 30 days": the unit of a number the reading uses. */
function unitOfUsedNumber(draft: Draft, index: number): boolean {
  const before = draft.input.tokens[index - 1];
  return UNIT_WORDS.has(draft.input.tokens[index].lemma) && before?.kind === 'number' && draft.usedTokens.has(before.index);
}

/**
 * "how many times", "the greatest number of times", "more than two times": a count of times counts
 * occurrences, the rows themselves, not the values of a column; so "times" right after a count or a
 * comparison the reading used is read only where the reading counts rows; a reading that counts
 * anything else answers another question.
 */
function afterUsedCount(draft: Draft, index: number): boolean {
  const before = draft.unitOfToken(index - 1);
  const unit = before >= 0 ? draft.unit(before) : undefined;
  return unit?.kind === 'cue' && unit.end === index && (unit.cue.kind === 'count' || unit.cue.kind === 'compare') && draft.usedCues.has(before);
}

function countsOccurrences(draft: Draft): boolean {
  const measures = [...draft.outputs, ...draft.having.map((having) => having.measure), ...draft.order.map((entry) => entry.key)];
  // Only rows that reach everything else the reading names are the occurrences; rows reached from others (the title
  // of a loan) are counted once each, however often they occur. Nor are rows picked by their own name ("how many
  // times did Ana borrow": not the readers named Ana) occurrences of anything.
  const { schema } = draft.input;
  const named = [...draft.outputs, ...draft.conditions, ...draft.groups].map((node) => node.entity).concat(draft.scope);
  const reachesAll = (entity: string) => named.every((other) => reachFrom(schema, entity).paths.has(other));
  const pickedByName = (entity: string) => draft.conditions.some((condition) => condition.kind === 'equals' && condition.entity === entity
    && entityOf(schema, entity).displayColumns.some((column) => column.name === condition.column));
  return measures.some((measure) => measure.kind === 'measure' && measure.aggregate === 'count' && measure.column === undefined && measure.metric === undefined && measure.per === undefined
    && reachesAll(measure.entity) && !pickedByName(measure.entity));
}

/** A measure of the reading aggregates a column whose name ends with this unit ("hours" for resolution_hours). */
function measuresInUnit(draft: Draft, unit: string): boolean {
  if (!UNIT_WORDS.has(unit)) return false;
  return draft.outputs.some((output) => output.kind === 'measure' && output.column !== undefined
    && lemmaOf(columnOf(draft.input.schema, output.entity, output.column).words.at(-1) ?? '') === unit);
}

/** Words that make the time after them a bound: "after the year 1989", "before 2020", "since 2021". */
const BOUND_WORDS: ReadonlySet<string> = new Set(['after', 'before', 'since', 'until', 'till']);

/**
 * "books made after the year 1989" read as the books of 1989: a bound word left unread before a
 * number, a date or a period the reading uses turns "after" into "in".
 */
function boundsWhatFollows(draft: Draft, index: number): boolean {
  const { tokens, units } = draft.input;
  let next = index + 1;
  if (tokens[next]?.lower === 'the') next += 1;
  const token = tokens[next];
  if (token === undefined || !draft.usedTokens.has(next)) return false;
  return token.kind === 'number' || token.kind === 'date' || units.some((unit) => unit.kind === 'period' && unit.start === next);
}

/**
 * "How many products are discontinued?", "the average price of discontinued products": a participle
 * that closes a clause after "is"/"are", or that stands right before a noun, says the state the rows
 * are in, not how they relate to anything; a reading that leaves it unread counts or lists every row.
 */
function saysStateOfRows(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (!isParticiple(token) && !(token.pos === 'VERB' && isDone(token))) return false;
  const next = tokens[index + 1];
  return (followsBe(tokens, index) && closesClause(tokens, index)) || (next?.kind === 'word' && next.pos === 'NOUN');
}

/** Particles that say where or how things are ("out" on loan, "away", "down"), not which. */
const STATE_PARTICLES: ReadonlySet<string> = new Set(['out', 'away', 'off', 'down', 'up', 'over', 'back', 'behind']);

/** The word at `index` ends its clause: nothing follows, or a mark, or "and"/"or". */
function closesClause(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index + 1];
  return next === undefined || next.kind !== 'word' || next.pos === 'PUNCT' || next.pos === 'CCONJ';
}

/**
 * "the number of different affected regions" over affected_region (region_id, storm_id): rows of a
 * table without a one-column key are not one per thing, so a count of them that leaves "different"
 * unread counts pairs, not regions.
 */
function countsRowsWithoutOwnKey(draft: Draft): boolean {
  return draft.outputs.some((output) => output.kind === 'measure' && output.aggregate === 'count' && output.column === undefined && output.metric === undefined
    && (draft.input.schema.entityByName.get(output.entity)?.primaryKey.length ?? 0) !== 1);
}

/**
 * "revenue by category", "the number of orders per status": a grouping word right after a measure
 * and right before something named can only group it; a reading that leaves it unused answers a
 * different question (one total). "per", "for each", "in each" before a name group it wherever
 * they stand.
 */
function groupsAfterMeasure(draft: Draft, cueIndex: number): boolean {
  const { left, right } = draft.input.contexts[cueIndex];
  if (right.kind !== 'link' || left.unit < 0 || left.between.length > 0) return false;
  return draft.measureOfUnit.has(left.unit) || groupsRows(draft, cueIndex);
}

/**
 * "orders by status", "customers by country", "the amount of overdue invoices by customer": "by"
 * right between rows named and a column or an entity (not a value: "songs by Adele" names who made
 * them; nor after a verb: "orders placed by customers") can only group those rows.
 */
function groupsRows(draft: Draft, cueIndex: number): boolean {
  const cue = draft.unit(cueIndex);
  const { left, right } = draft.input.contexts[cueIndex];
  if (cue.kind !== 'cue' || cue.cue.kind !== 'group' || !cue.cue.by || left.kind !== 'link') return false;
  const before = draft.picks[left.unit]?.link?.target;
  const after = draft.unit(right.unit);
  // "invoice amount by status": an amount or a quantity is totalled by what follows, as rows are counted.
  const additive = before?.kind === 'column' && !isVerb(draft.input.tokens, draft.unit(left.unit).start, draft.unit(left.unit).end) && isAdditive(columnOf(draft.input.schema, before.entity, before.column));
  return (before?.kind === 'entity' || additive)
    && after.kind === 'link' && after.links.every((link) => link.target.kind === 'column' || link.target.kind === 'entity');
}

const DISTINCT_WORDS: ReadonlySet<string> = new Set(['distinct', 'different', 'unique', 'various']);

/**
 * "customers whose orders were all shipped", "suppliers all of whose products are discontinued":
 * "all" after "were" or before "of their" asks that every one of the related rows be so, which no
 * reading here carries; read as a filter it answers "customers with a shipped order".
 */
function allOfWhatIsHad(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index + 1];
  if (next === undefined) return false;
  // "were all shipped", never "what are all the orders" nor "what are all distinct countries".
  const floating = tokens[index - 1]?.lemma === 'be' && ['VERB', 'ADJ'].includes(next.pos) && !DISTINCT_WORDS.has(next.lower);
  return floating || (next.lower === 'of' && ['their', 'whose', 'its', 'his', 'her'].includes(tokens[index + 2]?.lower ?? ''));
}

/**
 * "How many orders has every employee taken?", "all employees with their number of orders": beside
 * a computed figure, "every" before a table (or "all" with "their" after) asks the figure of each of
 * its rows; a reading that does not group by that table answers for all of them together.
 */
function everyOfUngrouped(draft: Draft, cueIndex: number): boolean {
  const entity = everyOf(draft, cueIndex);
  return entity !== undefined && draft.outputs.some((output) => output.kind === 'measure') && !draft.groups.some((group) => group.kind === 'entity' && group.entity === entity);
}

/** "customers who ordered every product": "every" inside a condition asks for all of something. */
function everyInCondition(draft: Draft, cueIndex: number): boolean {
  for (let index = cueIndex - 1; index >= 0; index -= 1) {
    const unit = draft.unit(index);
    if (unit.kind === 'word' && (unit.token.pos === 'VERB' || ['who', 'that', 'which', 'with'].includes(unit.token.lower))) return true;
    if (unit.kind === 'link' && index < cueIndex - 2) return false;
  }
  return false;
}

/**
 * "Which employees report to Julian Daum?", "staff managed by Ana": on rows that point to rows of
 * their own kind (a manager), a name said after a verb and its preposition is whom they relate to,
 * not the rows themselves. No reading here joins an entity to itself, so reading the name on the
 * rows asked about answers another question (Julian Daum himself).
 */
function valuesOfSelfRelations(draft: Draft): void {
  const { tokens, schema } = draft.input;
  for (const condition of draft.conditions) {
    if (condition.kind !== 'equals' || condition.negated) continue;
    const entity = schema.entityByName.get(condition.entity);
    if (!entity?.foreignKeys.some((key) => key.refEntity === entity.name)) continue;
    // Only a name says whom: "employees who live in Canada" are the rows' own country.
    if (!entity.displayColumns.some((column) => column.name === condition.column)) continue;
    const first = Math.min(...condition.tokens);
    const before = tokens[first - 1];
    const verb = before?.pos === 'ADP' ? tokens[first - 2] : before;
    if (verb?.pos !== 'VERB' || isEmptyWord(verb)) continue;
    // Passed over, or read only as relating the rows to something the reading already has.
    const pick = draft.picks[draft.unitOfToken(verb.index)];
    if (!draft.usedTokens.has(verb.index) || pick?.role === 'relation') throw new Invalid();
  }
}

/**
 * "How many subscriptions were active at the start of 2025?": the state rows were in at one moment,
 * which no reading here can tell from their present state (it had been read as the active ones that
 * started in 2025).
 */
function asksAtAPointInTime(draft: Draft): boolean {
  const { tokens, units } = draft.input;
  return tokens.some((token, index) => token.lower === 'at' && POINT_WORDS.has(tokens[index + 1]?.lower === 'the' ? tokens[index + 2]?.lower ?? '' : tokens[index + 1]?.lower ?? '')
    && units.some((unit) => unit.kind === 'period' && unit.start > index && unit.start <= index + 5));
}

const POINT_WORDS: ReadonlySet<string> = new Set(['start', 'beginning', 'end', 'close']);

/**
 * "How many artists are male and how many are female?": each "how many" asks a number, so one
 * number, of all the rows together or of each row, answers neither.
 */
function oneNumberForTwoQuestions(draft: Draft): boolean {
  const asked = howManyCues(draft);
  const numbers = new Set(draft.outputs.flatMap((output) => (output.kind === 'measure' ? [`${output.aggregate} ${output.entity} ${output.column ?? ''}`] : [])));
  // Grouped by the column whose values are asked about, it answers each (countEachValueAsked).
  const byValuesAsked = draft.groups.some((group) => group.kind === 'column' && draft.conditions.some((condition) => condition.kind === 'equals' && condition.values.length > 1 && condition.entity === group.entity && condition.column === group.column));
  return asked.length > 1 && !byValuesAsked && numbers.size < asked.length;
}
