/**
 * Terse schemas (`wrkr`, `shft_len_hr`): a name that is no word is said by the noun phrase its
 * comment opens with ("Workers employed at a plant" → worker), and by that phrase's head noun. A
 * name of words keeps to its own words, whatever its comment says. On a schema the engine was not
 * tuned on.
 */
import { expect, it } from 'vitest';
import { commentHeadOf } from '../../../src/engine/schema/schema-words.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const plant = catalog(
  entity({ name: 'wrkr', rows: 300, description: 'Workers employed at a plant', columns: [['id', 'integer'], ['full_nm', 'text'], ['shft_len_hr', 'number', { description: 'Shift length in hours' }]] }),
  entity({ name: 'machine', rows: 40, description: 'Presses and lathes on the shop floor', columns: [['id', 'integer'], ['label', 'text']] }),
);

it('reads the noun phrase a comment opens with', () => {
  expect(commentHeadOf('Workers employed at a plant')).toEqual(['worker']);
  expect(commentHeadOf('Shift length in hours')).toEqual(['shift', 'length']);
  expect(commentHeadOf('Date paid; empty unless paid')).toBeUndefined();
  expect(commentHeadOf('True when a claim was filed')).toBeUndefined();
  expect(commentHeadOf('VAN delivery van, REF refrigerated truck')).toBeUndefined();
});

it('names a terse table and column by their comments, a table of words by its name only', () => {
  const terms = schemaIndexOf(plant).terms;
  expect(terms.get('worker')?.map((entry) => entry.target)).toContainEqual({ kind: 'entity', entity: 'wrkr' });
  expect(terms.get('shift length')?.map((entry) => entry.target)).toContainEqual({ kind: 'column', entity: 'wrkr', column: 'shft_len_hr' });
  expect(terms.get('press')).toBeUndefined();
});

it('answers about the terse table in the words of its comment', () => {
  const [best] = readQuestion('how many workers are there', plant, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(best && summarise(best.planned.query)).toMatchObject({ root: 'wrkr', measures: ['count(*)'] });
  // …and labels its answer in those words.
  expect(best?.planned.query.measures.map((measure) => [measure.id, measure.label])).toEqual([['workers_count', 'Number of workers']]);
  const [shifts] = readQuestion('average shift length', plant, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(shifts?.planned.query.measures.map((measure) => measure.label)).toEqual(['Average shift length']);
});

it('reads a word the schema writes short by its consonants or first letters', () => {
  const depot = catalog(
    entity({ name: 'drvr', rows: 200, columns: [['id', 'integer'], ['frst_nm', 'text'], ['rtrd_flg', 'boolean']] }),
    entity({ name: 'veh', rows: 90, columns: [['id', 'integer'], ['plate', 'text'], ['acq_dt', 'date']] }),
  );
  const best = (question: string) => {
    const [candidate] = readQuestion(question, depot, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
    return candidate && summarise(candidate.planned.query);
  };
  expect(best('list the first names of the drivers')).toMatchObject({ root: 'drvr', columns: ['drvr.frst_nm'] });
  expect(best('how many vehicles are there')).toMatchObject({ root: 'veh', measures: ['count(*)'] });
});

it('takes a name of the first letters of its comment\'s noun as written short ("inc": Incidents on trips)', () => {
  const trips = catalog(entity({ name: 'inc', rows: 900, description: 'Incidents on trips: delays, breakdowns', columns: [['id', 'integer'], ['inc_dt', 'date'], ['cost_amt', 'number']] }));
  const [best] = readQuestion('how many incidents were there', trips, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(best && summarise(best.planned.query)).toMatchObject({ root: 'inc', measures: ['count(*)'] });
});

it('names people by a first and a last name also when the first is written short', () => {
  const crew = catalog(entity({ name: 'drvr', rows: 200, columns: [['id', 'integer'], ['frst_nm', 'text'], ['last_nm', 'text'], ['lic_cd', 'text']] }));
  expect(schemaIndexOf(crew).entityByName.get('drvr')?.displayColumns.map((column) => column.name)).toEqual(['frst_nm', 'last_nm']);
});

it('reads a column name that begins with its own table\'s name written short as that name ("dname" of dept)', () => {
  const office = catalog(
    entity({ name: 'division', rows: 12, columns: [['dno', 'integer'], ['dname', 'text'], ['dlocation', 'text']] }),
    entity({ name: 'worker', rows: 400, columns: [['wid', 'integer'], ['dno', 'integer'], ['w_lname', 'text']], references: { dno: 'division' } }),
  );
  const entities = schemaIndexOf(office).entityByName;
  expect(entities.get('division')?.columnByName.get('dname')?.words).toEqual(['division', 'name']);
  expect(entities.get('division')?.columnByName.get('dlocation')?.words).toEqual(['division', 'location']);
  expect(entities.get('worker')?.columnByName.get('w_lname')?.words).toEqual(['worker', 'last', 'name']);
  // A key to another table keeps its own words: authorship.authid is the author's, not the authorship's.
  const papers = catalog(
    entity({ name: 'author', rows: 50, columns: [['authid', 'integer'], ['lname', 'text']] }),
    entity({ name: 'authorship', rows: 90, columns: [['authid', 'integer'], ['authorder', 'integer']], references: { authid: 'author' } }),
  );
  expect(schemaIndexOf(papers).entityByName.get('authorship')?.columnByName.get('authid')?.words).toEqual(['auth', 'id']);
  const [best] = readQuestion('list the division names', office, [], shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates;
  expect(best && summarise(best.planned.query)).toMatchObject({ root: 'division', columns: ['division.dname'] });
});
