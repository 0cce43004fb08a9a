/**
 * "Sort the vessels by their tonnage.", "Order the ports by decreasing number of vessels.": a sort
 * verb opening a sentence asks for the rows in an order, and its "by" (however far from the verb)
 * or "according to" says the key. After "by" and a direction, the key follows ("by decreasing
 * number of vessels" sorts by that number, not by whatever is shown first). On a shipping schema the
 * engine was not tuned on.
 */
import { describe, expect, it } from 'vitest';
import { findCues, type Cue } from '../../../src/engine/question/cues.ts';
import { tokenize } from '../../../src/engine/question/tokens.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { planned } from '../summarise.ts';

const sortsOf = (question: string): Extract<Cue, { kind: 'sort' }>[] =>
  findCues(tokenize(question)).filter((cue): cue is Extract<Cue, { kind: 'sort' }> => cue.kind === 'sort');

describe('cues', () => {
  it('the "by" of a sentence a sort verb opens is a sort key, however far from the verb', () => {
    expect(sortsOf('Sort the vessels by their tonnage.')).toEqual([{ kind: 'sort', by: true, start: 3, end: 4 }]);
    expect(sortsOf('Arrange all the vessels according to tonnage')).toEqual([{ kind: 'sort', by: true, start: 4, end: 6 }]);
  });

  it('only in a sentence the verb opens', () => {
    expect(sortsOf('How many vessels are owned by each company?')).toEqual([]);
    expect(sortsOf('Vessels the crew had to sort were inspected by the port authority')).toEqual([]);
  });

  it('the verb asks for the rows only when the sentence says how to sort', () => {
    const leads = (question: string) => findCues(tokenize(question)).filter((cue) => cue.kind === 'lead');
    expect(leads('Sort the vessels in descending order of tonnage.')).toHaveLength(1);
    expect(leads('Sort the vessels.')).toEqual([]);
  });

  it('"by decreasing number of …" sorts by what follows the direction', () => {
    expect(sortsOf('ports by decreasing number of vessels')[0]).toMatchObject({ direction: 'desc', by: true, start: 1, end: 3 });
    expect(sortsOf('ports by descending order')[0]).toMatchObject({ direction: 'desc', by: false });
  });
});

const fixture = {
  catalog: catalog(
    entity({ name: 'port', rows: 40, columns: [['id', 'integer'], ['name', 'text'], ['country', 'text']] }),
    entity({ name: 'vessel', rows: 300, columns: [['id', 'integer'], ['name', 'text'], ['tonnage', 'number'], ['home_port_id', 'integer']], references: { home_port_id: 'port' } }),
  ),
  values: [{ entity: 'port', column: 'country', values: ['Norway', 'Chile'] }],
  now: new Date('2025-05-10T12:00:00Z'),
};

describe('readings', () => {
  it.each(['Sort the vessel names by their tonnage.', 'List the vessel names. Sort them by tonnage.', 'Sort the vessel names according to the tonnage.'])('"%s" lists the names sorted by tonnage', (question) => {
    const { summary } = planned(fixture, question);
    expect(summary.columns).toContain('vessel.name');
    expect(summary.order).toHaveLength(1);
    expect(summary.order[0]).toMatch(/tonnage asc$/);
  });

  it('"Order the countries by decreasing number of ports" sorts by the count, highest first', () => {
    const { summary } = planned(fixture, 'How many ports are there per country? Order the countries by decreasing number of ports.');
    expect(summary.dimensions).toEqual(['port.country']);
    expect(summary.measures).toEqual(['count(*)']);
    expect(summary.order).toHaveLength(1);
    expect(summary.order[0]).not.toMatch(/country/);
    expect(summary.order[0]).toMatch(/desc$/);
  });
});
