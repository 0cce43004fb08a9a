/**
 * Builds the engine's index of a catalog once and caches it (keyed by the catalog object):
 * entity and column roles, and a phrase → schema element map so that linking a question is a
 * handful of map lookups whatever the size of the schema.
 */
import type { Catalog, CatalogEntity } from '../connectors/catalog.ts';
import { classifyColumn, displayColumnsOf, mainDateOf, primaryAmountOf } from './column-roles.ts';
import type { ColumnInfo, EntityInfo, MatchKind, SchemaIndex, SchemaTarget, TermEntry } from './schema-model.ts';
import { SchemaWords } from './schema-words.ts';
import { conceptOf, synonymsOf } from './thesaurus.ts';
import { stemVariants } from './words.ts';

const cache = new WeakMap<Catalog, SchemaIndex>();

/** Words too general to name a column on their own. */
const GENERIC_PARTS = new Set(['id', 'at', 'of', 'by', 'on', 'in', 'is', 'has', 'to', 'the', 'a', 'no', 'number', 'date', 'time', 'value', 'code', 'type']);

const ENTITY_HEAD_SCORE = 0.85;

const SCORES: Record<MatchKind, number> = { exact: 1, lemma: 0.95, synonym: 0.8, head: 0.65, part: 0.4, fuzzy: 0.5 };

export function schemaIndexOf(catalog: Catalog): SchemaIndex {
  const cached = cache.get(catalog);
  if (cached) return cached;
  const built = buildSchemaIndex(catalog);
  cache.set(catalog, built);
  return built;
}

function buildSchemaIndex(catalog: Catalog): SchemaIndex {
  const words = new SchemaWords(catalog);
  const incoming = new Map<string, { fromEntity: string; foreignKey: CatalogEntity['foreignKeys'][number] }[]>();
  for (const entity of catalog.entities) {
    for (const foreignKey of entity.foreignKeys) {
      const list = incoming.get(foreignKey.refEntity) ?? [];
      list.push({ fromEntity: entity.name, foreignKey });
      incoming.set(foreignKey.refEntity, list);
    }
  }
  const entities = catalog.entities.map((entity) => entityInfo(entity, words, incoming.get(entity.name) ?? []));
  const terms = new TermBuilder();
  for (const entity of entities) addEntityTerms(terms, entity);
  const entityWords = new Set<string>();
  const numericWords = new Set<string>();
  for (const entity of entities) {
    for (const word of entity.words) {
      entityWords.add(word);
      for (const synonym of synonymsOf(word)) entityWords.add(synonym);
    }
    for (const column of entity.columns) if (column.isNumeric) for (const word of column.words) numericWords.add(word);
  }
  for (const word of ['revenue', 'sale', 'price', 'cost', 'amount', 'total', 'value', 'quantity', 'unit']) numericWords.add(word);
  return {
    entities,
    entityByName: new Map(entities.map((entity) => [entity.name, entity])),
    terms: terms.map,
    maxPhraseWords: terms.maxWords,
    vocabularyByLength: terms.vocabulary(),
    entityWords,
    numericWords,
  };
}

function entityInfo(entity: CatalogEntity, words: SchemaWords, incoming: EntityInfo['incoming']): EntityInfo {
  const entityWords = words.entityWords(entity.table);
  const columns = entity.columns.map((column) => ({
    ...classifyColumn(entity, column, words.wordsOf(column.name), words.labelWords(column.label)),
    nameWords: words.nameWordsOf(column.name),
    ...synonymWordsOf(words, column.synonyms),
  }));
  const labelWords = words.labelWords(entity.label);
  return {
    name: entity.name,
    table: entity.table,
    words: entityWords,
    nameWords: words.entityNameWords(entity.table),
    ...(labelWords ? { labelWords } : {}),
    ...synonymWordsOf(words, entity.synonyms),
    columns,
    columnByName: new Map(columns.map((column) => [column.name, column])),
    primaryKey: entity.primaryKey,
    foreignKeys: entity.foreignKeys,
    incoming,
    displayColumns: displayColumnsOf(entityWords, columns),
    mainDate: mainDateOf(entityWords, columns),
    primaryAmount: primaryAmountOf(entityWords, columns),
    rowCount: entity.rowCount,
  };
}

/** A semantic layer's synonyms ("customer" for res.partner) as word lists, linked like labels. */
function synonymWordsOf(words: SchemaWords, synonyms: readonly string[] | undefined): { synonymWords?: readonly (readonly string[])[] } {
  const synonymWords = (synonyms ?? []).map((synonym) => words.labelWords(synonym)).filter((list): list is string[] => list !== undefined && list.length > 0);
  return synonymWords.length > 0 ? { synonymWords } : {};
}

function addEntityTerms(terms: TermBuilder, entity: EntityInfo): void {
  const target: SchemaTarget = { kind: 'entity', entity: entity.name };
  terms.addWithVariants(entity.words, target, 'exact');
  if (entity.labelWords) terms.addWithVariants(entity.labelWords, target, 'exact');
  for (const synonym of entity.synonymWords ?? []) terms.addWithVariants(synonym, target, 'exact');
  terms.add([entity.table.toLowerCase()], target, 'exact');
  // The head noun of a table name names the table well ("tickets" → support_tickets).
  if (entity.words.length > 1) terms.add(entity.words.slice(-1), target, 'head', ENTITY_HEAD_SCORE);
  for (const column of entity.columns) addColumnTerms(terms, entity, column);
}

function addColumnTerms(terms: TermBuilder, entity: EntityInfo, column: ColumnInfo): void {
  const target: SchemaTarget = { kind: 'column', entity: entity.name, column: column.name };
  // created_at, updated_on: the trailing preposition is not part of the name.
  const columnWords = column.words.length > 1 && ['at', 'on'].includes(column.words[column.words.length - 1]) ? column.words.slice(0, -1) : column.words;
  if (columnWords !== column.words) terms.add(column.words, target, 'exact');
  terms.addWithVariants(columnWords, target, 'exact');
  if (column.labelWords) terms.addWithVariants(column.labelWords, target, 'exact');
  for (const synonym of column.synonymWords ?? []) terms.addWithVariants(synonym, target, 'exact');
  terms.add([column.name.toLowerCase()], target, 'exact');
  const startsWithEntity = entity.words.every((word, position) => columnWords[position] === word);
  // "customer country" names customers.country; but "accounts created" is a subject and its verb.
  const participle = /ed$/.test(columnWords[columnWords.length - 1] ?? '');
  if (!startsWithEntity && !participle) terms.addWithVariants([...entity.words, ...columnWords], target, 'lemma');
  const last = columnWords[columnWords.length - 1];
  if (column.isPrimaryKey || column.isForeignKey || last === 'id') {
    // "the ids of customers": a key by its bare head word, weakly, the primary key first.
    if (columnWords.length > 1) terms.add(columnWords.slice(-1), target, 'head', column.isPrimaryKey ? 0.55 : 0.5);
    return;
  }
  // order_status_code, phone_number: "status" and "phone" name them as well.
  const core = columnWords.length > 1 && ['code', 'number', 'no', 'flag', 'value', 'text', 'desc', 'day', 'hour', 'minute', 'second', 'week', 'month', 'year', 'pct', 'percent', 'eur', 'usd'].includes(last) ? columnWords.slice(0, -1) : columnWords;
  if (core !== columnWords) terms.addWithVariants(core, target, 'lemma');
  const own = startsWithEntity && core.length > entity.words.length ? core.slice(entity.words.length) : undefined;
  if (own) terms.addWithVariants(own, target, 'head');
  if (columnWords.length > 1) terms.addWithVariants(columnWords.slice(-1), target, 'head');
  if (core.length > 1 && core !== columnWords) terms.addWithVariants(core.slice(-1), target, 'head');
  // "type code" for customer_type_code, "unit price" for product_unit_price: the name's last words.
  for (let start = 1; start < columnWords.length - 1; start += 1) {
    if (!GENERIC_PARTS.has(columnWords[start])) terms.add(columnWords.slice(start), target, 'head', 0.8);
  }
  for (const word of core.slice(0, -1)) {
    if (GENERIC_PARTS.has(word) || entity.words.includes(word)) continue;
    terms.addWithVariants([word], target, 'part');
  }
}

class TermBuilder {
  readonly map = new Map<string, TermEntry[]>();
  maxWords = 1;

  add(words: readonly string[], target: SchemaTarget, match: MatchKind, score = SCORES[match]): void {
    if (words.length === 0) return;
    const key = words.join(' ');
    const list = this.map.get(key) ?? [];
    const existing = list.findIndex((entry) => sameTarget(entry.target, target));
    if (existing >= 0) {
      if (list[existing].score >= score) return;
      list.splice(existing, 1);
    }
    list.push({ target, match, score, words });
    this.map.set(key, list);
    this.maxWords = Math.max(this.maxWords, words.length);
  }

  /** Adds the phrase, its verb-stem forms and its one-word synonym substitutions. */
  addWithVariants(words: readonly string[], target: SchemaTarget, match: MatchKind): void {
    const base = SCORES[match];
    this.add(words, target, match, base);
    words.forEach((word, position) => {
      const replace = (replacement: string, score: number, kind: MatchKind): void => {
        this.add([...words.slice(0, position), replacement, ...words.slice(position + 1)], target, kind, score);
      };
      // Verb stems of schema words ("rating" → rate) are weaker than the words themselves.
      for (const variant of stemVariants(word).slice(1)) replace(variant, base * (/(ed|ing)$/.test(word) ? 0.75 : SCORES.lemma), match === 'exact' ? 'lemma' : match);
      // Concept words (revenue, price…) are resolved by the planner, not by plain synonymy.
      stemVariants(word).forEach((form, index) => {
        // Synonyms of a verb stem are a long way from the name (issued → issue → ticket): weak.
        const factor = index === 0 || /ed$/.test(word) ? SCORES.synonym : SCORES.synonym * 0.5;
        for (const synonym of synonymsOf(form)) {
          if (conceptOf(synonym) === 'money' && conceptOf(word) !== 'money') continue;
          replace(synonym, base * factor, match === 'exact' || match === 'lemma' ? 'synonym' : match);
        }
      });
    });
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

function sameTarget(left: SchemaTarget, right: SchemaTarget): boolean {
  return left.entity === right.entity && (left.kind === 'entity' ? right.kind === 'entity' : right.kind === 'column' && left.column === right.column);
}
