/**
 * Links spans of the question to what the connection holds: entities and columns (by their
 * names, labels, comments, the semantic layer's synonyms, WordNet relatives, or a typo of an
 * unknown word), data values from the value index, and the semantic layer's metrics and segments.
 * Every link keeps how it matched; readings score that, links never decide.
 */
import { distance } from 'fastest-levenshtein';
import type { CatalogMetric, CatalogSegment } from '../../connectors/catalog.ts';
import { SenseIndex, type SenseRelation } from '../language/senses.ts';
import { lemmaOf } from '../language/nlp.ts';
import { wordNet } from '../language/wordnet.ts';
import type { MatchKind, SchemaIndex, SchemaTarget } from '../schema/schema-model.ts';
import { abbreviates } from '../schema/abbreviations.ts';
import type { ValueEntry, ValueIndex } from '../schema/value-index.ts';
import { CAPITALS_CODE, columnKey, valueWords } from '../schema/value-index.ts';
import { followsBe, isParticiple, objectOfLightVerb, type Token } from '../question/tokens.ts';
import { AGGREGATE_WORDS } from '../question/cues.ts';

/** `occurrence`: "times" after a count or a comparison ("ordered more than 3 times"), the rows of a table the question names. */
export type LinkMatch = MatchKind | `wordnet-${SenseRelation}` | 'fuzzy' | 'value' | 'value-quoted' | 'value-partial' | 'value-synonym' | 'occurrence';

export type LinkTarget =
  | SchemaTarget
  | { readonly kind: 'value'; readonly entity: string; readonly column: string; readonly value: string }
  | { readonly kind: 'metric'; readonly entity: string; readonly metric: CatalogMetric }
  | { readonly kind: 'segment'; readonly entity: string; readonly segment: CatalogSegment };

export interface Link {
  readonly start: number;
  readonly end: number;
  readonly target: LinkTarget;
  readonly match: LinkMatch;
  /** 0–1, how closely the words meet the target's name; a feature value, not a decision. */
  readonly strength: number;
}

/** Longest span tried, in words. */
const MAX_SPAN = 6;
/** Parts of speech a span may not start or end with (it would swallow grammar). */
const EDGE_BLOCKERS = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ', 'PRON', 'AUX', 'PART', 'PUNCT', 'SYM']);

const senseIndexes = new WeakMap<SchemaIndex, SenseIndex>();

function senseIndexOf(schema: SchemaIndex): SenseIndex {
  let index = senseIndexes.get(schema);
  if (!index) {
    index = new SenseIndex([...schema.terms.keys()].filter((key) => !key.includes(' ')));
    senseIndexes.set(schema, index);
  }
  return index;
}

export interface LinkSources {
  readonly schema: SchemaIndex;
  readonly values: ValueIndex;
}

/** Every link of every span of word tokens (quoted strings link to values only), none from `unlinked` tokens. */
export function findLinks(tokens: readonly Token[], sources: LinkSources, unlinked: ReadonlySet<number> = new Set()): Link[] {
  const links: Link[] = [];
  for (let start = 0; start < tokens.length; start += 1) {
    const token = tokens[start];
    if (unlinked.has(start)) continue;
    if (token.kind === 'quoted') {
      links.push(...quotedLinks(token, sources.values));
      continue;
    }
    if (token.kind !== 'word') continue;
    for (let end = Math.min(tokens.length, start + Math.max(MAX_SPAN, sources.schema.maxPhraseWords)); end > start; end -= 1) {
      if (wordSpan(tokens, start, end)) links.push(...termLinks(tokens, start, end, sources.schema), ...layerLinks(tokens, start, end, sources.schema));
      if (valueSpan(tokens, start, end)) links.push(...valueLinks(tokens, start, end, sources.values));
    }
    links.push(...senseLinks(tokens, start, sources.schema, links), ...synonymValueLinks(token, sources.values, links));
  }
  return withoutShadowedLinks([...links, ...stateLinks(links, tokens, sources.values), ...compoundLinks(links, tokens)], tokens, sources.schema);
}

/**
 * "approved medicines", "VIP customers", "members that are not active": a column that holds only yes
 * and no ('Yes'/'No', 'Y'/'N'), named by an adjective or participle, by a word right before its own
 * rows, or after "is"/"are", names its yes, as "discontinued" names a yes/no column's true.
 */
function stateLinks(links: readonly Link[], tokens: readonly Token[], values: ValueIndex): Link[] {
  const beforeItsRows = (link: Link) => links.some((other) => other.start === link.end && other.target.kind === 'entity' && other.target.entity === link.target.entity);
  return links.flatMap((link) => {
    if (link.target.kind !== 'column') return [];
    const yes = values.yesValues.get(columnKey(link.target.entity, link.target.column));
    if (yes === undefined || !(isStateWord(tokens[link.end - 1]) || beforeItsRows(link) || followsBe(tokens, link.start))) return [];
    return [{ ...link, target: { kind: 'value', entity: link.target.entity, column: link.target.column, value: yes }, match: 'value' }];
  });
}

/** A word that says a state of the rows: an adjective or a participle. */
export function isStateWord(token: Token | undefined): boolean {
  return token?.pos === 'ADJ' || token?.pos === 'VERB';
}

const WHOLE_NAMES: ReadonlySet<LinkMatch> = new Set(['exact', 'lemma', 'label', 'layer']);
const PARTIAL_NAMES: ReadonlySet<LinkMatch> = new Set(['head', 'part']);
/** WordNet relations between nouns: a word so linked names a kind, a whole or a part of the target, not its event. */
const RELATED_NOUNS: ReadonlySet<LinkMatch> = new Set(['wordnet-synonym', 'wordnet-hypernym', 'wordnet-hyponym']);

/**
 * Links that stronger names of the same words shadow:
 * - the semantic layer says what its words mean on their entity: read as a bare column of that
 *   entity they would drop a metric's conditions (revenue without its filters), read as the bare
 *   entity a segment's ("customers" are the partners with a customer rank); a word the layer
 *   defines as a metric is that metric, not a column of another entity the layer also gave it to
 *   or whose name it is only a part of ("revenue" is not prorated_revenue);
 * - words that are a table's whole name do not also name other tables by a part of theirs
 *   ("orders" is not order_lines);
 * - a word related only through WordNet to an entity that the question names by its own name
 *   elsewhere (or to a key that points to it) is another thing, not that entity again ("products
 *   in stock": a state, not the products). A verb, or a word derived from one, so related says the
 *   entity's own event ("orders placed").
 */
function withoutShadowedLinks(links: readonly Link[], tokens: readonly Token[], schema: SchemaIndex): Link[] {
  const spanOf = (link: Link): string => `${link.start}:${link.end}`;
  const onEntity = (link: Link): string => `${spanOf(link)}:${link.target.entity}`;
  const metrics = new Set(links.filter((link) => link.target.kind === 'metric').map(onEntity));
  const primaryMetricSpans = new Set(links.filter((link) => link.target.kind === 'metric' && !link.target.metric.fallback).map(spanOf));
  const segments = new Set(links.filter((link) => link.target.kind === 'segment').map(onEntity));
  const wholeNames = new Set(links.filter((link) => link.target.kind === 'entity' && WHOLE_NAMES.has(link.match)).map(spanOf));
  const namedEntities = links.filter((link) => link.target.kind === 'entity' && WHOLE_NAMES.has(link.match));
  // What a link stands for: its entity, or the entity a key column of it points to.
  const standsFor = ({ target }: Link): string => {
    if (target.kind !== 'column') return target.entity;
    return schema.entityByName.get(target.entity)?.foreignKeys.find((key) => key.columns.length === 1 && key.columns[0] === target.column)?.refEntity ?? target.entity;
  };
  const namedElsewhere = (link: Link) => namedEntities.some((named) => named.target.entity === standsFor(link) && (named.end <= link.start || named.start >= link.end));
  return links.filter((link) => {
    if (RELATED_NOUNS.has(link.match) && (link.target.kind === 'entity' || link.target.kind === 'column') && tokens[link.end - 1].pos !== 'VERB' && namedElsewhere(link)) return false;
    if (link.target.kind === 'column') return !metrics.has(onEntity(link)) && !((link.match === 'layer' || PARTIAL_NAMES.has(link.match)) && primaryMetricSpans.has(spanOf(link)));
    if (link.target.kind !== 'entity') return true;
    return !segments.has(onEntity(link)) && !(PARTIAL_NAMES.has(link.match) && wholeNames.has(spanOf(link)));
  });
}

/**
 * "room price", "student age": an entity's name followed by one of its columns names that column,
 * as one span (unless a single name already covers both words for it). Not when the column's word
 * is a verb ("subscriptions churned" says what they did) or only a part of the column's name.
 */
function compoundLinks(links: readonly Link[], tokens: readonly Token[]): Link[] {
  const compounds: Link[] = [];
  for (const entity of links) {
    if (entity.target.kind !== 'entity') continue;
    for (const column of links) {
      const target = column.target;
      if (column.start !== entity.end || target.kind !== 'column' || target.entity !== entity.target.entity) continue;
      if (column.match === 'part' || tokens[column.end - 1].pos === 'VERB') continue;
      const covered = links.some((other) => other.start === entity.start && other.end === column.end && other.target.kind === 'column' && other.target.column === target.column);
      if (covered) continue;
      compounds.push({ start: entity.start, end: column.end, target: column.target, match: 'entity-column', strength: 0.95 * Math.min(entity.strength, column.strength) });
    }
  }
  return compounds;
}

/** A value may hold commas ("Tokyo, Japan"), never at its edges. */
function valueSpan(tokens: readonly Token[], start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) {
    const token = tokens[index];
    if (token.kind !== 'word' && !(token.kind === 'symbol' && token.text === ',' && index > start && index < end - 1)) return false;
  }
  return true;
}

function wordSpan(tokens: readonly Token[], start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) if (tokens[index].kind !== 'word') return false;
  // Grammar words never name anything on their own, nor begin or end a name ("member_of" is no "of").
  return !EDGE_BLOCKERS.has(tokens[start].pos) && !EDGE_BLOCKERS.has(tokens[end - 1].pos);
}

const MATCH_STRENGTH: Record<MatchKind, number> = { exact: 1, lemma: 0.95, label: 0.95, layer: 0.95, 'entity-column': 0.9, head: 0.8, holds: 0.8, comment: 0.7, part: 0.5 };

function termLinks(tokens: readonly Token[], start: number, end: number, schema: SchemaIndex): Link[] {
  const span = tokens.slice(start, end);
  // The lemma in context ("shipping" as a verb: ship), as written, and in isolation (shipping) — a schema's words are read in isolation.
  const keys = [span.map((token) => token.lemma), span.map((token) => token.lower), span.map((token) => lemmaOf(token.lower))].map((words) => words.join(' '));
  const named = keys.map((key) => schema.terms.get(key)).find((found) => found !== undefined);
  // "first name" for frst_nm, "drivers" for drvr: the words the schema wrote short, spelled out.
  const shortened = named || schema.shortForms.length === 0 ? undefined : schema.terms.get(span.map((token) => shortFormOf(token.lemma, schema) ?? token.lemma).join(' '));
  const entries = named ?? shortened?.map((entry) => (entry.match === 'exact' ? { ...entry, match: 'lemma' as const } : entry));
  if (!entries) return [];
  // As for compounds found in the question: "subscriptions started this year" says what they did.
  const endsWithVerb = span.length > 1 && span[span.length - 1].pos === 'VERB';
  return entries.filter((entry) => !(endsWithVerb && entry.match === 'entity-column')).map((entry) => ({
    start,
    end,
    target: entry.target,
    match: entry.match,
    strength: MATCH_STRENGTH[entry.match] * (entry.match === 'head' || entry.match === 'part' ? Math.sqrt(entry.covered / entry.nameLength) : 1),
  }));
}

/** The schema's short form of a question's word (drivers → drvr), when the schema writes it short. */
function shortFormOf(lemma: string, schema: SchemaIndex): string | undefined {
  return schema.shortForms.find((short) => abbreviates(short, lemma));
}

/** The forms a question word may take in a value: its lemma, as written, and its lemma in isolation. */
function formsOf(token: Token): string[] {
  // "the highest amount" names no priority "high": a graded adjective is no value of its base.
  if (graded(token)) return [token.lower];
  return [...new Set([token.lemma, token.lower, lemmaOf(token.lower), ...(CAPITALS_CODE.test(token.text) ? [token.text] : [])])];
}

function graded(token: Token): boolean {
  return (token.pos === 'ADJ' || token.pos === 'ADV') && token.lower !== token.lemma && /(er|est)$/.test(token.lower);
}

function valueLinks(tokens: readonly Token[], start: number, end: number, values: ValueIndex): Link[] {
  // "Mid-Market accounts": a capitalised compound stays one word, which names a value of its parts.
  if (end - start === 1 && tokens[start].text.includes('-')) return compoundValueLinks(tokens[start], values);
  const entries = formsOf(tokens[start]).flatMap((form) => values.byFirstWord.get(form) ?? []);
  if (entries.length === 0 || saysWhatHappened(tokens, start, end)) return [];
  const words = tokens.slice(start, end).filter((token) => token.kind === 'word');
  const links: Link[] = [];
  for (const entry of new Set(entries)) {
    if (entry.words.length !== words.length) continue;
    if (entry.words.every((word, offset) => formsOf(words[offset]).includes(word))) {
      const exact = words.map((token) => token.text).join(' ').toLowerCase() === entry.value.replace(/[^A-Za-z0-9À-ÿ]+/g, ' ').trim().toLowerCase();
      // A code written in capitals is written as it is: "UPS" is no plural of "UP".
      if (!exact && words.some((token) => CAPITALS_CODE.test(token.text))) continue;
      links.push({ start, end, target: valueTarget(entry), match: 'value', strength: exact ? 1 : 0.9 });
    }
  }
  return links;
}

function compoundValueLinks(token: Token, values: ValueIndex): Link[] {
  const words = valueWords(token.text);
  return (values.byFirstWord.get(words[0] ?? '') ?? []).filter((entry) => entry.words.join(' ') === words.join(' '))
    .map((entry) => ({ start: token.index, end: token.index + 1, target: valueTarget(entry), match: 'value', strength: entry.value.toLowerCase() === token.lower ? 1 : 0.9 }));
}

/**
 * Prepositions after a participle that say to where or for what something happened ("by" is left
 * out: "missed by channel" groups the missed ones).
 */
const EVENT_PREPOSITIONS = new Set(['to', 'for', 'from', 'with', 'via', 'through']);

/**
 * "orders shipped to Germany", "tickets escalated to the second line": a participle with such a
 * preposition after it says what happened to the rows, not the state they are in now (orders shipped
 * to Germany include the delivered ones), so it names no value of a status.
 */
function saysWhatHappened(tokens: readonly Token[], start: number, end: number): boolean {
  const word = tokens[start];
  return end - start === 1 && isParticiple(word) && EVENT_PREPOSITIONS.has(tokens[end]?.lower ?? '');
}

function valueTarget(entry: ValueEntry): LinkTarget {
  return { kind: 'value', entity: entry.entity, column: entry.column, value: entry.value };
}

/** A quoted string names a value as written, or (less surely) the value whose words it holds. */
function quotedLinks(token: Token, values: ValueIndex): Link[] {
  const words = valueWords(token.text);
  const entries = words.length > 0 ? values.byFirstWord.get(words[0]) ?? [] : [];
  const exact = entries.filter((entry) => entry.value.toLowerCase() === token.text.toLowerCase());
  if (exact.length > 0) return exact.map((entry) => ({ start: token.index, end: token.index + 1, target: valueTarget(entry), match: 'value-quoted', strength: 1 }));
  return entries
    .filter((entry) => entry.words.join(' ') === words.join(' '))
    .map((entry) => ({ start: token.index, end: token.index + 1, target: valueTarget(entry), match: 'value-partial', strength: 0.8 }));
}

/** Metrics and segments of the semantic layer, by their words. */
function layerLinks(tokens: readonly Token[], start: number, end: number, schema: SchemaIndex): Link[] {
  const span = tokens.slice(start, end);
  const forms = new Set([span, withoutInversion(span), ...participleAfter(span)].flatMap((words) => [words.map((token) => token.lemma), words.map((token) => token.lower), words.map((token) => lemmaOf(token.lower))]).map((words) => words.join(' ')));
  // "tickets opened by email": a verb in another form than a segment's word says that something
  // happened to the rows, not that they are in that state now (the tickets opened, not the open ones).
  const eventOnly = span.length === 1 && span[0].pos === 'VERB' && span[0].lower !== span[0].lemma;
  const links: Link[] = [];
  for (const entity of schema.entities) {
    for (const metric of entity.metrics) {
      if (metric.words.some((word) => forms.has(word))) links.push({ start, end, target: { kind: 'metric', entity: entity.name, metric }, match: 'layer', strength: 1 });
    }
    for (const segment of entity.segments) {
      if (segment.words.some((word) => (eventOnly ? word === span[0].lower : forms.has(word)))) links.push({ start, end, target: { kind: 'segment', entity: entity.name, segment }, match: 'layer', strength: 1 });
    }
  }
  return links;
}

/**
 * "how many units did we sell", "how much discount did we give": a question's inverted "did we"
 * inside a term of the semantic layer ("units sold", "discount given") splits it, and is left out.
 */
function withoutInversion(span: readonly Token[]): readonly Token[] {
  const at = span.findIndex((token, index) => index > 0 && index < span.length - 2 && (token.lemma === 'do' || token.lemma === 'have') && span[index + 1].pos === 'PRON');
  return at < 0 ? span : [...span.slice(0, at), ...span.slice(at + 2)];
}

/** "trials expired", "orders returned": a participle after its noun says what "expired trials" says. */
function participleAfter(span: readonly Token[]): (readonly Token[])[] {
  return span.length === 2 && (span[1].pos === 'VERB' || span[1].pos === 'ADJ') && span[1].lower.endsWith('ed') ? [[span[1], span[0]]] : [];
}

/**
 * One word with no link by name: its WordNet relatives among the schema's words, or, for a word
 * WordNet does not know (a typo), a schema word one or two edits away.
 */
function senseLinks(tokens: readonly Token[], index: number, schema: SchemaIndex, found: readonly Link[]): Link[] {
  const token = tokens[index];
  if (found.some((link) => link.start === index && link.end === index + 1) || EDGE_BLOCKERS.has(token.pos) || token.lower.length < 3) return [];
  // Words that count or total ("total", "average") compute; their WordNet relatives ("total" → amount) name nothing.
  if (isDegreeForm(token) || AGGREGATE_WORDS.has(token.lower)) return [];
  // "placed an order": the object names what the verb would, and names it better.
  if (objectOfLightVerb(tokens, index) !== undefined) return [];
  const links: Link[] = [];
  for (const related of senseIndexOf(schema).related(token.lemma, token.pos === 'VERB' ? ['v'] : undefined)) {
    for (const entry of schema.terms.get(related.word) ?? []) {
      // A verb related to the event a date records ("born": birth_date) names that date.
      const eventOfDate = entry.match === 'part' && token.pos === 'VERB' && isDateTarget(schema, entry.target);
      if (entry.match !== 'exact' && entry.match !== 'head' && entry.match !== 'lemma' && entry.match !== 'label' && !eventOfDate) continue;
      links.push({ start: index, end: index + 1, target: entry.target, match: `wordnet-${related.relation}`, strength: related.score * MATCH_STRENGTH[entry.match] });
    }
  }
  if (links.length === 0 && !wordNet().knows(token.lemma) && !wordNet().knows(token.lower)) links.push(...fuzzyLinks(token, schema));
  return links;
}

function isDateTarget(schema: SchemaIndex, target: SchemaTarget): boolean {
  return target.kind === 'column' && schema.entityByName.get(target.entity)?.columnByName.get(target.column)?.isDate === true;
}

/** "highest", "larger": a comparative or superlative orders or compares; its WordNet relatives ("high" → level) name nothing. */
function isDegreeForm(token: Token): boolean {
  return (token.pos === 'ADJ' || token.pos === 'ADV') && token.lower !== token.lemma && /(?:est|er)$/.test(token.lower);
}

/**
 * A name with no value of its own in the data, but a WordNet synonym that is one ("UK" → United
 * Kingdom, "check" → cheque).
 */
function synonymValueLinks(token: Token, values: ValueIndex, found: readonly Link[]): Link[] {
  if ((token.pos !== 'NOUN' && token.pos !== 'PROPN') || found.some((link) => link.start === token.index && link.target.kind === 'value')) return [];
  const links: Link[] = [];
  for (const synset of wordNet().senses(token.lower, 'n').slice(0, 2)) {
    for (const word of synset.words) {
      const words = valueWords(word);
      if (words.length === 0 || word === token.lower) continue;
      for (const entry of values.byFirstWord.get(words[0]) ?? []) {
        if (entry.words.join(' ') === words.join(' ')) links.push({ start: token.index, end: token.index + 1, target: valueTarget(entry), match: 'value-synonym', strength: 0.8 });
      }
    }
  }
  return links;
}

/** Typo tolerance: the single schema word closest to an unknown word of five letters or more. */
function fuzzyLinks(token: Token, schema: SchemaIndex): Link[] {
  const word = token.lemma;
  if (word.length < 5) return [];
  const maxDistance = word.length >= 8 ? 2 : 1;
  let bestDistance = maxDistance + 1;
  let bestWords: string[] = [];
  for (let length = word.length - maxDistance; length <= word.length + maxDistance; length += 1) {
    for (const candidate of schema.vocabularyByLength.get(length) ?? []) {
      if (candidate[0] !== word[0]) continue;
      const found = distance(word, candidate);
      if (found < bestDistance) {
        bestDistance = found;
        bestWords = [candidate];
      } else if (found === bestDistance) bestWords.push(candidate);
    }
  }
  if (bestWords.length !== 1) return [];
  return (schema.terms.get(bestWords[0]) ?? [])
    .filter((entry) => entry.match === 'exact' || entry.match === 'head')
    .map((entry) => ({ start: token.index, end: token.index + 1, target: entry.target, match: 'fuzzy' as const, strength: 0.6 / bestDistance }));
}
