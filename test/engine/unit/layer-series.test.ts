/**
 * A metric the semantic layer defines, by a grain of the date it is dated by ("room revenue by
 * quarter in 2024"), by a table its rows point to ("room revenue by guest") or by a column of few
 * values whose name no other column there ends with ("room revenue by status"), is what the layer
 * itself says, and so are one of those with a grain ("by guest and year") and one of those cut by a
 * number said of the metric ("guests with room revenue above 5000"): answered without a verified
 * question, with a note saying so. A column whose name another shares ("country" of the guest and
 * the booking's billing country) is vouched for only when said with its table's noun ("by guest
 * country"). So is the metric over the rows of one segment its rows reach ("room revenue of regular
 * guests"). The same metric with a value said still needs the engine's confidence. The count of a segment's rows is vouched for alone, over a period of the segment's date
 * and by a grain of it ("solved tickets per quarter in 2024": by the resolution date), and by a group
 * over such a period ("solved tickets per agent in 2024"); so is the count
 * of a table's rows, by the groups a metric's are or a grain of their own date ("bookings per guest
 * in 2024"), but not by "each" guest, which asks for those with none too. On schemas of our own.
 */
import { expect, it } from 'vitest';
import type { Catalog } from '../../../src/connectors/catalog.ts';
import { planQuestion } from '../../../src/engine/builtin-engine.ts';
import { shippedModel } from '../../../src/engine/readings/model.ts';
import { vouchesFor, verifiedReadings } from '../../../src/engine/readings/verified.ts';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { entity } from '../fixtures/build-catalog.ts';
import { summarise } from '../summarise.ts';

const hotel: Catalog = {
  entities: [
    entity({ name: 'guest', rows: 900, columns: [['id', 'integer'], ['name', 'text'], ['country', 'text']] }),
    {
      ...entity({
        name: 'booking', rows: 20_000,
        columns: [['id', 'integer'], ['guest_id', 'integer'], ['status', 'text'], ['billing_country', 'text'], ['nights', 'integer'], ['room_rate', 'number'], ['booked_on', 'date'], ['arrival_date', 'date']],
        references: { guest_id: 'guest' },
      }),
      metrics: [{
        words: ['room revenue'], label: 'Room revenue', aggregate: 'sum' as const,
        expression: { kind: 'arithmetic' as const, op: '*' as const, left: { kind: 'field' as const, entity: 'booking', column: 'nights' }, right: { kind: 'field' as const, entity: 'booking', column: 'room_rate' } },
        conditions: [{ column: 'status', op: 'neq' as const, values: ['cancelled'] }], time: { entity: 'booking', column: 'arrival_date' }, unit: 'EUR',
      }],
    },
  ],
};
const values = [
  { entity: 'booking', column: 'status', values: ['confirmed', 'cancelled', 'no-show'] },
  { entity: 'booking', column: 'billing_country', values: ['Italy', 'Spain'] },
  { entity: 'guest', column: 'country', values: ['Italy', 'Spain', 'France'] },
];
const fixture = { catalog: hotel, values, now: new Date('2025-05-10T12:00:00Z') };

/** A question the layer must vouch for (answered at confidence 1): its summary and assumptions. */
function vouchedFor(question: string, context: Parameters<typeof planQuestion>[1] = fixture) {
  const result = planQuestion(question, context, { suggest: false });
  expect(result.ok && result.confidence, result.ok ? question : `${question}: ${result.reason}`).toBe(1);
  if (!result.ok) throw new Error(result.reason);
  return { summary: summarise(result.query), assumptions: result.assumptions };
}

/** Everything the layer vouches for on the day (a question loads only the metrics and segments it names). */
function allVouched(catalog: Catalog, columnValues: typeof values, now: Date) {
  const vouched = verifiedReadings(catalog, columnValues, shippedModel(), now);
  vouched.loadAll?.();
  return vouched;
}

it('answers the metric by a grain of its own date, and says the layer vouched for it', () => {
  const result = planQuestion('room revenue per quarter in 2024', fixture, { suggest: false });
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(summarise(result.query).dimensions).toEqual(['booking.arrival_date/quarter']);
  expect(summarise(result.query).filters).toContain('booking.arrival_date gte 2024-01-01');
  expect(result.confidence).toBe(1);
  expect(result.assumptions).toContain('Read as the semantic layer defines this measure, by groups its rows reach one way only.');
});

it('answers the metric by a table its rows point to, ranked either way', () => {
  const result = planQuestion('room revenue by guest', fixture, { suggest: false });
  expect(result.ok && result.confidence).toBe(1);
  if (result.ok) expect(summarise(result.query).dimensions).toEqual(['guest.id', 'guest.name']);
  const bottom = planQuestion('bottom 3 guests by room revenue', fixture, { suggest: false });
  expect(bottom.ok && bottom.confidence, bottom.ok ? '' : bottom.reason).toBe(1);
  if (bottom.ok) expect(summarise(bottom.query)).toMatchObject({ order: ['room_revenue asc'], limit: 3 });
});

it('answers the metric by one group and a grain of its date', () => {
  for (const question of ['room revenue by guest and year', 'room revenue by year and guest']) {
    const result = planQuestion(question, fixture, { suggest: false });
    expect(result.ok && result.confidence, question).toBe(1);
    if (result.ok) expect(summarise(result.query).dimensions).toEqual(['guest.id', 'guest.name', 'booking.arrival_date/year']);
  }
});

it('vouches for the metric by one group only, a column whose name another shares only said with its table\'s noun', () => {
  const vouched = [...allVouched(hotel, fixture.values, fixture.now).values()].filter((entry) => entry.layer === 'metric');
  expect(vouched.map((entry) => entry.question).sort()).toEqual([
    'room revenue by guest', 'room revenue by guest and month', 'room revenue by guest country', 'room revenue by guest country and month',
    'room revenue by month', 'room revenue by status', 'room revenue by status and month',
  ]);
  const byStatus = planQuestion('room revenue by status', fixture, { suggest: false });
  expect(byStatus.ok && byStatus.confidence).toBe(1);
  const byGuestCountry = planQuestion('room revenue by guest country', fixture, { suggest: false });
  expect(byGuestCountry.ok && byGuestCountry.confidence).toBe(1);
  if (byGuestCountry.ok) expect(summarise(byGuestCountry.query).dimensions).toEqual(['guest.country']);
  // "country" alone: the guest's, or the booking's billing country; the engine's own reading to weigh.
  const byCountry = planQuestion('room revenue by country', fixture, { suggest: false });
  expect(byCountry.ok && byCountry.confidence === 1).toBe(false);
  const entry = vouched.find((each) => each.question === 'room revenue by guest country')!;
  const guestCountry = (question: string) => {
    const { candidates, tokens } = readQuestion(question, hotel, fixture.values, shippedModel(), { ...DEFAULT_READ_OPTIONS, now: fixture.now });
    const found = candidates.find((candidate) => candidate.reading.groups.some((group) => group.kind === 'column' && group.column === 'country'));
    return vouchesFor(entry, found!.reading, tokens);
  };
  expect(guestCountry('room revenue by guest country')).toBe(true);
  expect(guestCountry('room revenue by country')).toBe(false);
  // Ranked, the column is shown and grouped by: said with its table's noun where it is shown.
  const ranked = vouchedFor('Which 2 guest countries have the most bookings?');
  expect(ranked.summary).toMatchObject({ measures: ['count(*)'], dimensions: ['guest.country'], limit: 2 });
});

it('vouches for a metric averaged over whole rows by groups of those rows only, never by what splits them', () => {
  const shop: Catalog = {
    entities: [
      entity({ name: 'client', rows: 100, columns: [['id', 'integer'], ['name', 'text']] }),
      entity({ name: 'item', rows: 50, columns: [['id', 'integer'], ['name', 'text']] }),
      entity({ name: 'sale', rows: 900, columns: [['id', 'integer'], ['client_id', 'integer'], ['sold_on', 'date']], references: { client_id: 'client' } }),
      {
        ...entity({ name: 'sale_line', rows: 5000, columns: [['id', 'integer'], ['sale_id', 'integer'], ['item_id', 'integer'], ['amount', 'number']], references: { sale_id: 'sale', item_id: 'item' } }),
        metrics: [{
          words: ['average sale value'], label: 'Average sale value', aggregate: 'avg' as const, column: 'amount',
          per: { aggregate: 'sum' as const, by: { entity: 'sale', column: 'id' } }, conditions: [], time: { entity: 'sale', column: 'sold_on' },
        }],
      },
    ],
  };
  const questions = [...allVouched(shop, [], fixture.now).values()].map((entry) => entry.question);
  expect(questions).toContain('average sale value by client');
  expect(questions).not.toContain('average sale value by item');
});

it('vouches for the metric by a group it vouches for, cut by a number said of the metric', () => {
  const result = planQuestion('guests with room revenue above 5000 in 2024', fixture, { suggest: false });
  expect(result.ok, result.ok ? '' : result.reason).toBe(true);
  if (!result.ok) return;
  expect(result.confidence).toBe(1);
  const summary = summarise(result.query);
  expect(summary.dimensions).toEqual(['guest.id', 'guest.name']);
  expect(summary.having).toHaveLength(1);
  expect(summary.having[0]).toMatch(/ gt 5000$/);
  // The number may come first, or "in" the metric.
  for (const question of ['guests with more than 5000 in room revenue in 2024', 'guests with over 5000 room revenue in 2024']) {
    const before = planQuestion(question, fixture, { suggest: false });
    expect(before.ok && before.confidence, question).toBe(1);
    if (before.ok) expect(summarise(before.query).having, question).toEqual(summary.having);
  }
  // A cut by another number than the metric's is the engine's own reading to weigh.
  const byNights = planQuestion('guests with more than 20 nights', fixture, { suggest: false });
  expect(byNights.ok && byNights.confidence === 1).toBe(false);
});

it('vouches for the count of a segment\'s rows by a grain of its date, over a period of it, or by a group it reaches one way', () => {
  const helpdesk: Catalog = {
    entities: [
      entity({ name: 'agent', rows: 30, columns: [['id', 'integer'], ['name', 'text']] }),
      {
        ...entity({ name: 'ticket', rows: 9000, columns: [['id', 'integer'], ['agent_id', 'integer'], ['status', 'text'], ['opened_on', 'date'], ['resolved_on', 'date']], references: { agent_id: 'agent' } }),
        segments: [{ words: ['solved'], label: 'solved tickets', conditions: [{ column: 'status', op: 'eq' as const, values: ['solved'] }], time: 'resolved_on' }],
      },
    ],
  };
  const desk = { catalog: helpdesk, values: [{ entity: 'ticket', column: 'status', values: ['open', 'solved'] }], now: fixture.now };
  const vouched = [...allVouched(helpdesk, desk.values, desk.now).values()].map((entry) => entry.question);
  expect(vouched).toEqual(expect.arrayContaining(['how many solved tickets', 'solved tickets by month this year']));
  const perQuarter = planQuestion('number of solved tickets per quarter in 2024', desk, { suggest: false });
  expect(perQuarter.ok && perQuarter.confidence, perQuarter.ok ? '' : perQuarter.reason).toBe(1);
  if (perQuarter.ok) expect(summarise(perQuarter.query).dimensions).toEqual(['ticket.resolved_on/quarter']);
  if (perQuarter.ok) expect(perQuarter.assumptions).toContain('Read as the semantic layer defines these rows, counted by the date it dates them by or by groups they reach one way only.');
  const perAgent = planQuestion('number of solved tickets per agent', desk, { suggest: false });
  expect(perAgent.ok && perAgent.confidence, perAgent.ok ? '' : perAgent.reason).toBe(1);
  if (perAgent.ok) expect(summarise(perAgent.query).dimensions).toEqual(['agent.id', 'agent.name']);
  // …over a period of the segment's own date too.
  expect(vouchedFor('number of solved tickets per agent in 2024', desk).summary.filters).toContain('ticket.resolved_on gte 2024-01-01');
  // Cut by a number said of its count, the same vouched reading keeps the groups that pass.
  const cut = planQuestion('agents whose number of solved tickets is above 50', desk, { suggest: false });
  expect(cut.ok && cut.confidence, cut.ok ? '' : cut.reason).toBe(1);
  if (cut.ok) expect(summarise(cut.query).having).toEqual([expect.stringMatching(/ gt 50$/)]);
  // By a date of another kind than the segment's own, the engine's own reading to weigh.
  const perOpened = planQuestion('number of solved tickets by month opened', desk, { suggest: false });
  expect(perOpened.ok && perOpened.confidence === 1).toBe(false);
});

it('vouches for a metric over the rows of one segment its rows reach, not with a value besides', () => {
  const [guest, booking] = hotel.entities;
  const withRegulars: Catalog = {
    entities: [{ ...guest, columns: [...guest.columns, { name: 'visits', type: 'integer', nativeType: 'integer', nullable: true }], segments: [{ words: ['regular'], label: 'regular guests', conditions: [{ column: 'visits', op: 'gte' as const, values: [5] }] }] }, booking],
  };
  const regulars = { catalog: withRegulars, values, now: fixture.now };
  const result = planQuestion('room revenue of regular guests in 2024', regulars, { suggest: false });
  expect(result.ok && result.confidence, result.ok ? '' : result.reason).toBe(1);
  if (result.ok) expect(summarise(result.query).filters).toContain('guest.visits gte 5');
  const withValue = planQuestion('room revenue of regular guests from Spain', regulars, { suggest: false });
  expect(withValue.ok && withValue.confidence === 1).toBe(false);
});

it('vouches for a figure by the rows of a table that only a segment of that table narrows: the segment picks groups, not their figures', () => {
  const [guest, booking] = hotel.entities;
  const withRegulars: Catalog = {
    entities: [{ ...guest, columns: [...guest.columns, { name: 'visits', type: 'integer', nativeType: 'integer', nullable: true }], segments: [{ words: ['regular guest'], label: 'regular guests', conditions: [{ column: 'visits', op: 'gte' as const, values: [5] }] }] }, booking],
  };
  const regulars = { catalog: withRegulars, values, now: fixture.now };
  const perRegular = vouchedFor('bookings per regular guest in 2024', regulars);
  expect(perRegular.summary).toMatchObject({ root: 'booking', measures: ['count(*)'], filters: expect.arrayContaining(['guest.visits gte 5', 'booking.booked_on gte 2024-01-01']) });
  const eachRegular = vouchedFor('How many bookings has each regular guest made in 2024?', regulars);
  expect(eachRegular.summary).toMatchObject({ root: 'guest', filters: ['guest.visits gte 5'], counts: [expect.stringContaining('booking.booked_on gte 2024-01-01')] });
  // A value of the guests besides is another condition on them: the engine's own reading to weigh.
  const fromSpain = planQuestion('bookings per regular guest from Spain in 2024', regulars, { suggest: false });
  expect(fromSpain.ok && fromSpain.confidence === 1).toBe(false);
});

it('vouches for the count of a table\'s rows by a group it reaches one way or a grain of its date, cut by a number of them, "each" group listed whole', () => {
  const perGuest = vouchedFor('bookings per guest in 2024');
  expect(perGuest.summary).toMatchObject({ measures: ['count(*)'], dimensions: ['guest.id', 'guest.name'], filters: expect.arrayContaining(['booking.booked_on gte 2024-01-01']) });
  expect(perGuest.assumptions).toContain('Counted as rows of this table, by their own date or by groups they reach one way only.');
  expect(vouchedFor('guests with more than 3 bookings').summary.having).toEqual([expect.stringMatching(/ gt 3$/)]);
  // Every guest, those with no booking too: a count by groups shows none of those, so every guest is listed with the count beside.
  const each = vouchedFor('How many bookings has each guest made in 2024?');
  expect(each.summary).toMatchObject({ root: 'guest', measures: [], dimensions: [], columns: ['guest.id', 'guest.name'], filters: [], counts: ['count(booking.guest_id->guest | booking.booked_on gte 2024-01-01; booking.booked_on lt 2025-01-01)'] });
  expect(each.assumptions).toContainEqual(expect.stringMatching(/^Every guest is listed, one with no \w+ with 0\.$/));
});

it('vouches for an aggregate of a column said by its name, by a group it vouches for, never of a column a filtered metric aggregates', () => {
  const [guest, booking] = hotel.entities;
  const withDeposit: Catalog = { entities: [guest, { ...booking, columns: [...booking.columns, { name: 'deposit', type: 'number', nativeType: 'numeric', nullable: true }] }] };
  const hotelWithDeposit = { catalog: withDeposit, values, now: fixture.now };
  const byGuest = vouchedFor('average deposit per guest', hotelWithDeposit);
  expect(byGuest.summary).toMatchObject({ measures: ['avg(booking.deposit)'], dimensions: ['guest.id', 'guest.name'] });
  expect(byGuest.assumptions).toContain('Read as the column named, over all its rows, by their own date or by groups they reach one way only.');
  expect(vouchedFor('average deposit per guest in 2024', hotelWithDeposit).summary.filters).toContain('booking.booked_on gte 2024-01-01');
  expect(vouchedFor('average deposit by month in 2024', hotelWithDeposit).summary.dimensions).toEqual(['booking.booked_on/month']);
  // A date has a lowest and a highest.
  expect(vouchedFor('the earliest arrival date per guest', hotelWithDeposit).summary.measures).toEqual(['min(booking.arrival_date)']);
  // The room rate is part of the room revenue, which leaves cancelled bookings out: its plain average is another figure.
  const rate = planQuestion('average room rate per guest', hotelWithDeposit, { suggest: false });
  expect(rate.ok && rate.confidence === 1).toBe(false);
});
