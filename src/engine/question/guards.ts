/**
 * Questions the engine refuses before reading them: requests to change data (Querent only
 * reads), SQL pasted in place of a question, and forecasts (the data holds what happened).
 */
import type { DeclineCode } from '../declines.ts';
import type { Token } from './tokens.ts';

/**
 * Verbs that ask for a change to the data wherever they stand, in their base form ("please delete
 * …", "can you update …"); an inflected form describes the data ("the user who created the file").
 */
const WRITE_VERBS = new Set([
  'delete', 'drop', 'update', 'insert', 'truncate', 'alter', 'remove', 'erase', 'wipe', 'purge', 'destroy', 'grant', 'revoke',
  'rename', 'modify', 'overwrite', 'upsert', 'merge', 'replace', 'create', 'execute', 'exec', 'commit', 'rollback',
]);
/**
 * Verbs that ask for a change only as a command at the start, as written ("set the price…", "cancel
 * order 5"; "cancelled orders" describes them).
 * At the start, a write verb is a command however the tagger reads it ("drop table items").
 */
const WRITE_COMMANDS = new Set(['set', 'change', 'add', 'edit', 'cancel', 'move', 'reset', 'clear', 'assign', 'kill', 'increase', 'decrease', 'raise', 'lower']);
const FORECAST_WORDS = new Set(['predict', 'prediction', 'forecast', 'projection', 'project', 'extrapolate', 'estimate']);

export interface Refusal {
  readonly code: DeclineCode;
  readonly detail: string;
}

/** `now` places years said in the future ("what will our MRR be in 2030"). */
export function refusalOf(tokens: readonly Token[], now: Date = new Date()): Refusal | undefined {
  const words = tokens.filter((token) => token.kind === 'word');
  const write = words.find((token, index) => (WRITE_VERBS.has(token.lower) && token.pos !== 'NOUN' && token.pos !== 'ADJ') || (index === 0 && (WRITE_COMMANDS.has(token.lower) || WRITE_VERBS.has(token.lower))));
  if (write) return { code: 'writes_data', detail: write.lower };
  if (words.some((token) => token.lower === 'select') && words.some((token) => token.lower === 'from')) return { code: 'sql_text', detail: '' };
  if (words.some((token) => FORECAST_WORDS.has(token.lemma) && token.pos === 'VERB') || words.some((token) => (token.lemma === 'forecast' || token.lemma === 'prediction' || token.lemma === 'projection'))) {
    return { code: 'forecast', detail: '' };
  }
  const futureYear = tokens.some((token) => token.kind === 'number' && Number.isInteger(token.value) && (token.value ?? 0) > now.getUTCFullYear() && (token.value ?? 0) < 3000);
  if (words.some((token) => token.lower === 'will' || token.lower === 'gonna') && (futureYear || words.some((token) => ['next', 'future', 'upcoming', 'tomorrow'].includes(token.lower)))) return { code: 'forecast', detail: '' };
  return undefined;
}
