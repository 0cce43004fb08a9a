/**
 * Each condition of a reading in words ("status is cancelled", "order date in 2026", "price
 * above 100"), so that the interpretation, the sentence and the email state every filter.
 */
import type { ConditionNode } from '../readings/reading.ts';
import { columnOf, entityOf, type SchemaIndex } from '../schema/schema-model.ts';
import { columnLabel } from '../plan/labels.ts';
import { namesCountries, regionName } from '../schema/value-index.ts';

const COMPARE_WORDS: Record<string, string> = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most', eq: 'equal to', neq: 'not equal to' };
const TEXT_WORDS: Record<string, string> = { contains: 'contains', starts: 'starts with', ends: 'ends with' };

export function conditionPhrase(condition: ConditionNode, schema: SchemaIndex, root: string): string {
  if (condition.kind === 'segment') return condition.segment.label;
  if (condition.kind === 'either') return condition.options.map((option) => conditionPhrase(option, schema, root)).join(' or ');
  const column = columnOf(schema, condition.entity, condition.column);
  const label = columnLabel(entityOf(schema, condition.entity), column, root).label.toLowerCase();
  switch (condition.kind) {
    case 'equals': {
      // "country code is DE (Germany)": a country's code is said with its name.
      const named = (value: string) => {
        const country = namesCountries(column.words) ? regionName(value) : undefined;
        return country === undefined ? value : `${value} (${country})`;
      };
      const values = condition.values.map((value) => (typeof value === 'string' ? named(value) : String(value)));
      if (values.length === 1) return `${label} ${condition.negated ? 'is not' : 'is'} ${values[0]}`;
      return `${label} ${condition.negated ? 'is none of' : 'is one of'} ${values.join(', ')}`;
    }
    case 'compare':
      if (condition.against) return `${label} ${COMPARE_WORDS[condition.op] ?? condition.op} the average ${label}`;
      if (condition.otherColumn !== undefined) {
        const other = columnLabel(entityOf(schema, condition.entity), columnOf(schema, condition.entity, condition.otherColumn), root).label.toLowerCase();
        return `${label} ${COMPARE_WORDS[condition.op] ?? condition.op} ${other}`;
      }
      return condition.op === 'between'
        ? `${label} between ${condition.values[0]} and ${condition.values[1]}`
        : `${label} ${COMPARE_WORDS[condition.op] ?? condition.op} ${condition.values[0]}`;
    case 'text':
      return `${label} ${condition.negated ? 'does not contain' : TEXT_WORDS[condition.mode]} "${condition.text}"`;
    case 'period': {
      // "customer since" + "since 2020": the column's last word said once.
      const phrase = condition.period.phrase;
      const repeated = phrase.split(' ')[0] === label.split(' ').at(-1);
      return `${label} ${repeated ? phrase.slice(phrase.indexOf(' ') + 1) : phrase}`;
    }
    case 'missing':
      return `${label} ${condition.negated ? 'is set' : 'is empty'}`;
  }
}
