/**
 * "Which support agent solved the most tickets last year?" on the saas sample, whose layer dates its
 * "solved" segment by resolved_at and whose tickets also hold the status value "solved": a period
 * said with the verb dates the event, so no reading takes the status value and reads the period on the
 * tickets' opening date (that rival had made the question ambiguous). And one period after two verbs
 * joined by "and" dates both: "opened and resolved in 2025" had been answered as the tickets resolved
 * in 2025 and opened at any time.
 */
import { expect, it } from 'vitest';
import { useSampleSources } from './accuracy/sample-sql-checks.ts';
import { shippedModel } from '../../src/engine/readings/model.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../src/engine/readings/read-question.ts';
import { summarise } from './summarise.ts';

const now = new Date();
const sources = useSampleSources(now);

it('reads the period on the date of the event the verb names', () => {
  const { catalog, values } = sources.get('saas');
  const read = readQuestion('Which support agent solved the most tickets last year?', catalog, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates
    .map((candidate) => summarise(candidate.planned.query).filters.join(' '));
  expect(read.length).toBeGreaterThan(0);
  for (const filters of read) expect(filters).not.toContain('opened_at');
});

it('dates both verbs said before one period, or answers neither ("opened and resolved in 2025")', () => {
  const { catalog, values } = sources.get('saas');
  const read = readQuestion('How many tickets were opened and resolved in 2025?', catalog, values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates
    .map((candidate) => summarise(candidate.planned.query).filters.join(' '));
  for (const filters of read) expect(filters).not.toContain('opened_at not_null');
});
