/**
 * A reading whose answer is known before it runs is not what was asked: filters no row passes
 * together, a count of the distinct values of what each group is grouped by (or of the rows each
 * group of their own name holds), and a count of rows grouped by their own key (1 each). On a bookshop schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import type { Filter, LogicalQuery } from '../../../src/query/logical-query.ts';
import { isDegenerate, noRowPasses } from '../../../src/engine/readings/degenerate.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

const bookshop = catalog(
  entity({ name: 'author', rows: 200, columns: [['id', 'integer'], ['author_name', 'text']] }),
  entity({ name: 'book', rows: 500, references: { author_id: 'author' }, columns: [['id', 'integer'], ['title', 'text'], ['author_id', 'integer'], ['price', 'number'], ['pages', 'integer']] }),
  entity({ name: 'book_author', rows: 700, references: { book_id: 'book', author_id: 'author' }, columns: [['book_id', 'integer'], ['author_id', 'integer']] }),
);
const schema = schemaIndexOf(bookshop);

const on = (column: string, op: Filter['op'], ...values: Filter['values']): Filter => ({ kind: 'filter', expression: { kind: 'field', entity: 'book', column }, op, values });

it('finds filters on one column that no row passes together', () => {
  expect(noRowPasses([on('price', 'gt', 100), on('price', 'lt', 50)])).toBe(true);
  expect(noRowPasses([on('price', 'gt', 50), on('price', 'lte', 50)])).toBe(true);
  expect(noRowPasses([on('genre', 'eq', 'Poetry'), on('genre', 'eq', 'Drama')])).toBe(true);
  expect(noRowPasses([on('price', 'eq', 30), on('price', 'between', 40, 60)])).toBe(true);
  expect(noRowPasses([on('price', 'gt', 50), on('price', 'lt', 100)])).toBe(false);
  expect(noRowPasses([on('price', 'gte', 50), on('price', 'lte', 50)])).toBe(false);
  expect(noRowPasses([on('genre', 'in', 'Poetry', 'Drama'), on('genre', 'eq', 'drama')])).toBe(false);
  expect(noRowPasses([on('price', 'gt', 100), on('pages', 'lt', 50)])).toBe(false);
});

it('finds a count of the distinct keys each group holds one of, through a join', () => {
  const query: LogicalQuery = {
    kind: 'select', root: 'book_author', filters: [], having: [], order: [], columns: [],
    joins: [{ fromEntity: 'book_author', fromColumns: ['author_id'], toEntity: 'author', toColumns: ['id'] }],
    dimensions: [{ id: 'author_id', label: 'Author', field: { kind: 'field', entity: 'author', column: 'id' } }],
    measures: [{ id: 'authors', label: 'Authors', aggregate: 'count_distinct', expression: { kind: 'field', entity: 'book_author', column: 'author_id' } }],
  };
  expect(isDegenerate(query, schema)).toBe(true);
  expect(isDegenerate({ ...query, measures: [{ ...query.measures[0], expression: { kind: 'field', entity: 'book_author', column: 'book_id' } }] }, schema)).toBe(false);
});

it('finds a count of the distinct rows each group of their own name holds, through a join', () => {
  const query: LogicalQuery = {
    kind: 'select', root: 'book', filters: [], having: [], order: [], columns: [],
    joins: [{ fromEntity: 'book', fromColumns: ['author_id'], toEntity: 'author', toColumns: ['id'] }],
    dimensions: [{ id: 'author_name', label: 'Author', field: { kind: 'field', entity: 'author', column: 'author_name' } }],
    measures: [{ id: 'authors', label: 'Authors', aggregate: 'count_distinct', expression: { kind: 'field', entity: 'book', column: 'author_id' } }],
  };
  expect(isDegenerate(query, schema)).toBe(true);
  // The distinct titles each author wrote are many.
  expect(isDegenerate({ ...query, measures: [{ ...query.measures[0], expression: { kind: 'field', entity: 'book', column: 'title' } }] }, schema)).toBe(false);
});

it('finds a count of rows grouped by their own key, also through many-to-one joins', () => {
  const perBook: LogicalQuery = {
    kind: 'select', root: 'book', filters: [], having: [], order: [], columns: [], joins: [],
    dimensions: [{ id: 'id', label: 'Book', field: { kind: 'field', entity: 'book', column: 'id' } }],
    measures: [{ id: 'books', label: 'Books', aggregate: 'count' }],
  };
  expect(isDegenerate(perBook, schema)).toBe(true);
  expect(isDegenerate({ ...perBook, joins: [{ fromEntity: 'book', fromColumns: ['author_id'], toEntity: 'author', toColumns: ['id'] }] }, schema)).toBe(true);
  // Each author's books, and each book's author rows, are counts of many.
  expect(isDegenerate({ ...perBook, dimensions: [{ id: 'author_id', label: 'Author', field: { kind: 'field', entity: 'book', column: 'author_id' } }] }, schema)).toBe(false);
  expect(isDegenerate({ ...perBook, root: 'book_author', joins: [{ fromEntity: 'book_author', fromColumns: ['book_id'], toEntity: 'book', toColumns: ['id'] }], dimensions: [{ id: 'id', label: 'Book', field: { kind: 'field', entity: 'book', column: 'id' } }] }, schema)).toBe(false);
});

it('never reads two bounds of one column on the same rows when they contradict', () => {
  const shop = catalog(entity({ name: 'book', rows: 500, columns: [['id', 'integer'], ['title', 'text'], ['publisher', 'text'], ['price', 'number']] }));
  const { candidates } = readQuestion('Which publishers have books with a price over 100 and books with a price under 50?', shop, [], bestReadingModel(), { ...DEFAULT_READ_OPTIONS, now: new Date('2025-05-10T12:00:00Z') });
  for (const candidate of candidates) expect(noRowPasses(candidate.planned.query.filters)).toBe(false);
});
