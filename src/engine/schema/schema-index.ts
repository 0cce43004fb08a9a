/**
 * Builds the engine's index of a catalog once and caches it (keyed by the catalog object):
 * entity and column roles, and a phrase → schema element map, so that linking a question costs a
 * handful of map lookups whatever the size of the schema.
 */
import type { Catalog, CatalogEntity } from '../../connectors/catalog.ts';
import { classifyColumn, displayColumnsOf, isBridgeEntity, mainDateOf, primaryAmountOf } from './column-roles.ts';
import type { ColumnInfo, ElementWords, EntityInfo, MatchKind, SchemaIndex, SchemaTarget, TermEntry } from './schema-model.ts';
import { commentHeadOf, commentWordsOf, entityNameWords, GENERIC_PARTS, labelWordsOf, nameWordsOf, splitIdentifier, type NameWords } from './schema-words.ts';
import { abbreviates, ABBREVIATIONS } from './abbreviations.ts';
import { lemmaOf } from '../language/nlp.ts';
import { wordNet } from '../language/wordnet.ts';

const cache = new WeakMap<Catalog, SchemaIndex>();

/** Heads that, put before "of", count rows: "number of shipments", "count of visits". */
const COUNTING_HEADS = new Set(['number', 'count']);
/** Trailing words that qualify a column's core ("status_code", "phone_number", "duration_hours"). */
const QUALIFIER_TAILS = new Set(['code', 'number', 'flag', 'value', 'text', 'description', 'day', 'hour', 'minute', 'second', 'week', 'month', 'year', 'percent', 'eur', 'usd', 'amount', 'count', 'id']);

export function schemaIndexOf(catalog: Catalog): SchemaIndex {
  const cached = cache.get(catalog);
  if (cached) return cached;
  const built = buildSchemaIndex(catalog);
  cache.set(catalog, built);
  return built;
}

function buildSchemaIndex(catalog: Catalog): SchemaIndex {
  const incoming = new Map<string, EntityInfo['incoming'][number][]>();
  for (const entity of catalog.entities) {
    for (const foreignKey of entity.foreignKeys) {
      const list = incoming.get(foreignKey.refEntity) ?? [];
      list.push({ fromEntity: entity.name, foreignKey });
      incoming.set(foreignKey.refEntity, list);
    }
  }
  const entities = catalog.entities.map((entity) => entityInfo(entity, incoming.get(entity.name) ?? []));
  const terms = new TermBuilder();
  for (const entity of entities) addEntityTerms(terms, entity);
  addIdentifierNumbers(terms, entities);
  return {
    entities,
    entityByName: new Map(entities.map((entity) => [entity.name, entity])),
    terms: terms.map,
    maxPhraseWords: terms.maxWords,
    vocabularyByLength: terms.vocabulary(),
    shortForms: shortFormsOf(entities),
  };
}

/**
 * The words of the schema's names that WordNet does not know and no abbreviation expands (`drvr`,
 * `rtrd`), and a table's name that writes short the noun its comment opens with, word or not (`inc`
 * for "Incidents on trips").
 */
function shortFormsOf(entities: readonly EntityInfo[]): string[] {
  const words = entities.flatMap((entity) => [entity.words, ...entity.columns.map((column) => column.words)]).flat();
  const unknown = words.filter((word) => /^[a-z]{3,6}$/.test(word) && !ABBREVIATIONS.has(word) && !wordNet().knows(word));
  const spoken = entities.flatMap((entity) => entity.words.filter((word) => (entity.commentHead ?? []).some((head) => abbreviates(word, head))));
  return [...new Set([...unknown, ...spoken])];
}

/**
 * "dname" of department, "stu_fname" of student: a column name that begins with the first letters
 * of its own table's name (a letter or two, or a part that is no word) says that name.
 */
function withOwnName(words: NameWords, tableWords: readonly string[]): NameWords {
  const [first] = words.written;
  if (words.written.length < 2 || first === undefined || (first.length > 2 && (wordNet().knows(first) || ABBREVIATIONS.has(first)))) return words;
  const own = tableWords.find((word) => word !== first && word.startsWith(first));
  if (own === undefined) return words;
  return { ...words, words: [own, ...words.words.slice(1)], written: [own, ...words.written.slice(1)] };
}

function entityInfo(entity: CatalogEntity, incoming: EntityInfo['incoming']): EntityInfo {
  const name = entityNameWords(entity.table);
  const columns = entity.columns.map((column): ColumnInfo => {
    // A key to another table names that table, whatever its first letters.
    const pointsElsewhere = entity.foreignKeys.some((key) => key.columns.includes(column.name));
    const words = pointsElsewhere ? nameWordsOf(column.name) : withOwnName(nameWordsOf(column.name), name.words);
    const labelWords = labelWordsOf(column.label);
    const commentWords = commentWordsOf(column.description);
    const commentHead = spokenHead(column.name, column.description);
    const synonymWords = (column.synonyms ?? []).map((synonym) => labelWordsOf(synonym)).filter((list): list is string[] => list !== undefined);
    return {
      ...classifyColumn(entity, column, words.words, words.written),
      nameWords: words.written,
      ...(labelWords ? { labelWords } : {}),
      ...(commentWords ? { commentWords } : {}),
      ...(commentHead ? { commentHead } : {}),
      ...(synonymWords.length > 0 ? { synonymWords } : {}),
      ...(words.alternative ? { alternativeWords: words.alternative } : {}),
    };
  });
  const labelWords = labelWordsOf(entity.label);
  const synonymWords = (entity.synonyms ?? []).map((synonym) => labelWordsOf(synonym)).filter((list): list is string[] => list !== undefined);
  const commentWords = commentWordsOf(entity.description);
  const commentHead = spokenHead(entity.table, entity.description);
  return {
    name: entity.name,
    table: entity.table,
    words: name.words,
    nameWords: name.written,
    ...(labelWords ? { labelWords } : {}),
    ...(synonymWords.length > 0 ? { synonymWords } : {}),
    ...(commentWords ? { commentWords } : {}),
    ...(commentHead ? { commentHead } : {}),
    ...(name.alternative ? { alternativeWords: name.alternative } : {}),
    columns,
    columnByName: new Map(columns.map((column) => [column.name, column])),
    primaryKey: entity.primaryKey,
    foreignKeys: entity.foreignKeys,
    incoming,
    displayColumns: displayColumnsOf(name.words, columns),
    mainDate: mainDateOf(name.words, columns),
    primaryAmount: primaryAmountOf(name.words, columns),
    isBridge: isBridgeEntity(entity, columns),
    rowCount: entity.rowCount,
    segments: entity.segments ?? [],
    metrics: entity.metrics ?? [],
  };
}

function addEntityTerms(terms: TermBuilder, entity: EntityInfo): void {
  const target: SchemaTarget = { kind: 'entity', entity: entity.name };
  addNames(terms, entity, entity.words, entity.name, target);
  addCommentHead(terms, entity, target);
  // The head noun of a table name names the table ("tickets" → support_tickets); its first noun, weakly
  // ("users" → user_profiles).
  if (entity.words.length > 1 && !GENERIC_PARTS.has(entity.words.at(-1) ?? '')) terms.add(entity.words.slice(-1), target, 'head', entity.words.length);
  if (entity.words.length > 1 && !GENERIC_PARTS.has(entity.words[0])) terms.add(entity.words.slice(0, 1), target, 'part', entity.words.length);
  // "the names of the suppliers": the column that names a row answers to "name".
  for (const display of entity.displayColumns) if (display.words.at(-1) !== 'name' || display.words.length > 1) terms.add(['name'], { kind: 'column', entity: entity.name, column: display.name }, 'head', display.words.length + 1);
  // "the full names of the employees": first and last name together.
  if (entity.displayColumns.length > 1) for (const display of entity.displayColumns) terms.add(['full', 'name'], { kind: 'column', entity: entity.name, column: display.name }, 'head', display.words.length + 1);
  // "in the order of date": a table's only date answers to "date", whatever else its name says (createdate).
  const dates = entity.columns.filter((column) => column.isDate);
  if (dates.length === 1 && dates[0].words.join(' ') !== 'date') terms.add(['date'], { kind: 'column', entity: entity.name, column: dates[0].name }, 'head', dates[0].words.length + 1);
  // "how much money": the entity's one additive money column (invoices.amount).
  if (entity.primaryAmount) terms.add(['money'], { kind: 'column', entity: entity.name, column: entity.primaryAmount.name }, 'holds');
  for (const column of entity.columns) addColumnTerms(terms, entity, column);
}

/** An element's own names: its words, its name as written, another reading of it, its label and synonyms. */
function addNames(terms: TermBuilder, element: ElementWords, words: readonly string[], name: string, target: SchemaTarget): void {
  terms.add(words, target, 'exact');
  // "status_cd", "work_ord": a name as the schema writes it, which a question may quote whole.
  const written = name.toLowerCase();
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(written)) terms.add([written], target, 'exact');
  if (element.alternativeWords) terms.add(element.alternativeWords, target, 'lemma');
  if (element.labelWords) terms.add(element.labelWords, target, 'label');
  for (const synonym of element.synonymWords ?? []) terms.add(synonym, target, 'layer');
}

/**
 * The noun phrase a terse name's comment opens with (see isTerse), by which it is said and labelled;
 * or one any comment opens with as a label, before a colon ("Jobs: a request to maintain…").
 */
function spokenHead(name: string, comment: string | undefined): string[] | undefined {
  const head = commentHeadOf(comment);
  return head && (isTerse(name, head) || /^[^.;:(,]+:/.test(comment ?? '')) ? head : undefined;
}

/** A name written short: a part (not a general one like `id`) that is an abbreviation, no word at all, or the first letters of its comment's words (`drvr`, `cust_nm`, `inc` for "Incidents on trips"). */
function isTerse(name: string, commentHead: readonly string[]): boolean {
  const short = (part: string) => ABBREVIATIONS.has(part) || (!wordNet().knows(part) && !wordNet().knows(lemmaOf(part))) || commentHead.some((word) => abbreviates(part, word));
  return splitIdentifier(name).some((part) => !GENERIC_PARTS.has(part) && short(part));
}

/**
 * "Drivers employed at a depot" on `drvr`: a name that is no word (a terse one) is said by the
 * noun phrase its comment opens with, and by that phrase's head noun. A name of words keeps to them.
 */
function addCommentHead(terms: TermBuilder, element: ElementWords, target: SchemaTarget): void {
  const head = element.commentHead;
  if (!head) return;
  terms.add(head, target, 'comment');
  if (head.length > 1 && !GENERIC_PARTS.has(head.at(-1) ?? '')) terms.add(head.slice(-1), target, 'comment', head.length);
}

function addColumnTerms(terms: TermBuilder, entity: EntityInfo, column: ColumnInfo): void {
  const target: SchemaTarget = { kind: 'column', entity: entity.name, column: column.name };
  // created_at, updated_on: the trailing preposition is not part of the name.
  const words = column.words.length > 1 && ['at', 'on'].includes(column.words.at(-1) ?? '') ? column.words.slice(0, -1) : column.words;
  addNames(terms, column, words, column.name, target);
  if (column.commentWords && column.commentWords.length <= 3) terms.add(column.commentWords, target, 'comment');
  // A key's comment names the rows it points to ("Driver of the trip"), which their own table answers
  // to; a code's names what it encodes ("Service level: STD standard, …" on `svc_cd`).
  const isCode = column.words.at(-1) === 'code' && !column.isPrimaryKey && !column.isForeignKey;
  if ((!column.isKey || isCode) && !column.isForeignKey) addCommentHead(terms, column, target);
  // resolution_hours, delivery_days: a length of time, in the unit its name ends with ("resolution time").
  if (column.isNumeric && words.length > 1 && DURATION_UNITS.has(lemmaOf(words.at(-1) ?? ''))) {
    for (const noun of ['time', 'duration']) terms.add([...words.slice(0, -1), noun], target, 'holds');
  }
  const startsWithEntity = entity.words.every((word, position) => words[position] === word);
  // "customer country" names customers.country.
  if (!startsWithEntity) terms.add([...entity.words, ...words], target, 'entity-column', words.length);
  // customer_name in customers: "name" names it too, as its own part.
  const own = startsWithEntity && words.length > entity.words.length ? words.slice(entity.words.length) : undefined;
  if (own) terms.add(own, target, 'head', words.length);
  // "the status of the ticket" for tickets.ticket_status_code: a general word, within its own entity.
  const ownCore = own && own.length > 1 && QUALIFIER_TAILS.has(own.at(-1) ?? '') ? own.slice(0, -1) : own;
  if (ownCore?.length === 1 && ownCore !== own) terms.add(ownCore, target, 'part', words.length);
  const core = words.length > 1 && QUALIFIER_TAILS.has(words.at(-1) ?? '') ? words.slice(0, -1) : words;
  if (core !== words && !(core.length === 1 && GENERIC_PARTS.has(core[0]))) terms.add(core, target, 'head', words.length);
  // "type code" for customer_type_code, "unit price" for product_unit_price: the name's last words.
  for (let start = 1; start < words.length; start += 1) {
    const tail = words.slice(start);
    if (tail.length === 1 && GENERIC_PARTS.has(tail[0]) && !(column.isPrimaryKey && tail[0] === 'id')) continue;
    terms.add(tail, target, 'head', words.length);
  }
  for (const word of core.slice(0, -1)) {
    if (GENERIC_PARTS.has(word) || entity.words.includes(word)) continue;
    terms.add([word], target, 'part', words.length);
  }
  // "the id of the site" names sites.sid: a table's single key is its id, whatever its name.
  if (column.isPrimaryKey && entity.primaryKey.length === 1) {
    terms.add(['id'], target, 'head', words.length + 1);
    terms.add([...entity.words, 'id'], target, 'entity-column', words.length + 1);
  }
  // "type of payment" for payment_type, "date of birth" for birth_date; but "number of shipments"
  // counts them, whatever shipment_no holds.
  if (words.length === 2 && !GENERIC_PARTS.has(words[0]) && !COUNTING_HEADS.has(words[1])) terms.add([words[1], 'of', words[0]], target, 'lemma');
}

/** "department number" for department_id: an identifier is said as a number too, unless a column is named so. */
function addIdentifierNumbers(terms: TermBuilder, entities: readonly EntityInfo[]): void {
  const named = new Set(entities.flatMap((entity) => entity.columns.map((column) => column.words.join(' '))));
  for (const entity of entities) {
    for (const column of entity.columns) {
      if (!column.isKey || column.words.length < 2 || column.words.at(-1) !== 'id') continue;
      const asNumber = [...column.words.slice(0, -1), 'number'];
      if (!named.has(asNumber.join(' '))) terms.add(asNumber, { kind: 'column', entity: entity.name, column: column.name }, 'lemma', column.words.length);
    }
  }
}

class TermBuilder {
  readonly map = new Map<string, TermEntry[]>();
  maxWords = 1;

  add(words: readonly string[], target: SchemaTarget, match: MatchKind, nameLength = words.length): void {
    if (words.length === 0) return;
    const key = words.join(' ');
    const list = this.map.get(key) ?? [];
    const entry: TermEntry = { target, match, covered: words.length, nameLength: Math.max(nameLength, words.length) };
    const existing = list.findIndex((other) => sameTarget(other.target, target));
    if (existing >= 0) {
      if (MATCH_RANK[list[existing].match] <= MATCH_RANK[match]) return;
      list.splice(existing, 1);
    }
    list.push(entry);
    this.map.set(key, list);
    this.maxWords = Math.max(this.maxWords, words.length);
  }

  vocabulary(): Map<number, string[]> {
    const byLength = new Map<number, string[]>();
    for (const key of this.map.keys()) {
      if (key.includes(' ') || key.length < 5) continue;
      const list = byLength.get(key.length) ?? [];
      list.push(key);
      byLength.set(key.length, list);
    }
    return byLength;
  }
}

/** Units a column holding a length of time is named in. */
/** Units a length of time is kept in (resolution_hours, delivery_days). */
export const DURATION_UNITS: ReadonlySet<string> = new Set(['second', 'minute', 'hour', 'day', 'week', 'month', 'year']);

/** Which match to keep when one phrase names the same element twice: the stronger. */
const MATCH_RANK: Record<MatchKind, number> = { exact: 0, label: 1, layer: 1, lemma: 2, 'entity-column': 3, head: 4, holds: 4, comment: 5, part: 6 };

function sameTarget(left: SchemaTarget, right: SchemaTarget): boolean {
  return left.entity === right.entity && (left.kind === 'entity' ? right.kind === 'entity' : right.kind === 'column' && left.column === right.column);
}
