/**
 * The answer in a few words, for a figure's title and an email's subject: what was measured, by
 * what, over which scope ("Top 5 customers by revenue in 2026"). Made from the answer, never from
 * the question as it was typed.
 */
import type { AnswerInput } from './answer.ts';
import { classifyResult, type ClassifiedResult } from './result-shape.ts';
import { labelFromName, type ColumnInfo } from './result-columns.ts';
import { scopePhrase } from './scope-phrase.ts';
import { joinList, lowerFirst, plural, upperFirst, withPhrase } from './text-words.ts';

export function answerTitle(input: AnswerInput, classified: ClassifiedResult = classifyResult(input.query, input.result)): string {
  return withPhrase(subjectOf(input, classified), scopePhrase(input));
}

function subjectOf(input: AnswerInput, { shape, rows }: ClassifiedResult): string {
  switch (shape.kind) {
    case 'single':
      return measured(shape.measures, []);
    case 'ranking': {
      const which = shape.direction === 'desc' ? 'Top' : 'Bottom';
      return `${which} ${rows.length} ${plural(lowerFirst(shape.category.label), rows.length)} by ${lowerFirst(shape.measure.label)}`;
    }
    case 'time-series':
      return measured([shape.measure], shape.series === undefined ? [shape.time] : [shape.time, shape.series]);
    case 'breakdown':
      return measured([shape.measure], shape.series === undefined ? [shape.category] : [shape.category, shape.series]);
    case 'grid':
    case 'list': {
      const measures = shape.columns.filter((column) => column.role === 'measure');
      if (measures.length > 0) return measured(measures, shape.columns.filter((column) => column.role === 'dimension'));
      return listed(input, shape.columns);
    }
    case 'empty': {
      const { measures, dimensions } = input.query;
      if (measures.length === 0) return labelFromName(input.query.root);
      return measured(measures, dimensions);
    }
  }
}

/** "Revenue", "Revenue and orders by month and region". */
function measured(measures: readonly Pick<ColumnInfo, 'label'>[], by: readonly Pick<ColumnInfo, 'label'>[]): string {
  const what = upperFirst(joinList(measures.map((measure, index) => (index === 0 ? measure.label : lowerFirst(measure.label)))));
  return by.length === 0 ? what : `${what} by ${joinList(by.map((column) => lowerFirst(column.label)))}`;
}

/** One column names what is listed ("Countries"); several are rows of the query's entity ("Orders"). */
function listed(input: AnswerInput, columns: readonly ColumnInfo[]): string {
  const [only] = columns;
  return columns.length === 1 && only !== undefined ? upperFirst(plural(lowerFirst(only.label))) : labelFromName(input.query.root);
}
