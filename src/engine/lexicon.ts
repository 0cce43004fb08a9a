/**
 * General English words the engine treats specially: words that carry no meaning for the query
 * (fillers), words that ask for a write, and written-out numbers.
 */

/**
 * Words that may appear in a question without changing the query. A question word that is not
 * one of these, not a cue, not a period and not linked to the schema or the data makes the engine
 * decline: it may be the important part of the question.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'from', 'with', 'and', 'or', 'for', 'as', 'into', 'onto', 'by',
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'do', 'does', 'did', 'done', 'doing', 'have', 'has',
  'had', 'having', 'will', 'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must',
  'there', 'their', 'theirs', 'them', 'they', 'it', 'its', 'this', 'that', 'these', 'those', 'here',
  'i', 'me', 'my', 'we', 'our', 'ours', 'us', 'you', 'your', 'he', 'she', 'his', 'her', 'him',
  'what', 'which', 'who', 'whom', 'whose', 'where', 'how', 'why', 'when',
  'please', 'pls', 'plz', 'kindly', 'thanks', 'thank', 'hi', 'hello', 'hey', 'ok', 'okay',
  'tell', 'know', 'want', 'wanna', 'like', 'need', 'see', 'get', 'give', 'show', 'list', 'display', 'find',
  'return', 'provide', 'fetch', 'retrieve', 'compute', 'calculate', 'determine', 'identify',
  'name', 'names', 'all', 'every', 'any', 'some', 'either', 'also', 'just', 'only', 'currently',
  'so', 'far', 'ever', 'now', 'then', 'than', 'there', 'exist', 'existing', 'recorded', 'record', 'records',
  'entry', 'entries', 'row', 'rows', 'data', 'information', 'info', 'detail', 'details', 'table', 'everything', 'column', 'columns', 'field', 'fields', 'attribute', 'attributes',
  'make', 'made', 'place', 'placed', 'happen', 'happened', 'come', 'came', 'belong', 'belonging', 'related',
  'associated', 'corresponding', 'respective', 'respectively', 'along', 'together', 'including', 'include',
  'database', 'system', 'overall', 'altogether', 'exactly', 'roughly', 'approximately', 'about', 'around',
  'whole', 'entire', 'full', 'one', 'ones', 'thing', 'things', 'stuff', 'lot', 'lots', 'many', 'much',
  'did', 'does', 'got', 'go', 'went', 'going', 'generate', 'generated', 'bring', 'brought', 'take', 'taken',
  'look', 'looking', 'check', 'quick', 'quickly', 'briefly', 'summary', 'summarize', 'summarise', 'overview',
  'breakdown', 'break', 'down', 'up', 'out', 'off', 'via', 'through', 'using', 'use', 'used', 'based',
  'if', 'whether', 'respective', 'corresponding', 'value', 'values', 'figure', 'figures', 'number',
  'amount', 'count', 'total', 'each', 'per', 'yet', 'still',
  'r', 'u', 'ur', 'thx', 'right', 'anymore', 'because', 'compare', 'comparing', 'offer', 'offers', 'offered', 'issued', 'created', 'opened', 'sent', 'registered', 'submitted', 'raised', 'logged', 'assigned', 'ever', 'live', 'lives', 'living', 'located', 'situated', 'reside', 'resides', 'residing', 'work', 'works', 'working', 'correspond', 'corresponds', 'well', 'listed', 'recorded', 'handle', 'handled', 'process', 'processed', 'receive', 'received', 'serve', 'served', 'took', 'won', 'hey', 'question', 'answer', 'result', 'results', 'anyone', 'someone', 'people', 'everyone',
]);

/** Words that can never be a value worth filtering on, even when a column holds them. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'with', 'from', 'and', 'or', 'is', 'are', 'was', 'were',
  'be', 'it', 'its', 'this', 'that', 'these', 'those', 'i', 'me', 'my', 'we', 'us', 'our', 'you', 'your', 'he', 'she',
  'they', 'them', 'their', 'what', 'which', 'who', 'how', 'do', 'does', 'did', 'have', 'has', 'had', 'not', 'no', 'as',
  'than', 'then', 'there', 'here', 'if', 'so', 'all', 'any', 'each', 'every', 'some', 'please', 'show', 'list', 'give',
]);

/** Words before a value in predicate position: "pickings that are done". */
export const COPULAS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'as']);

/** Words that ask for a change to the data: such questions are declined, never planned. */
export const UNSAFE_WORDS: ReadonlySet<string> = new Set([
  'delete', 'deleted', 'deleting', 'drop', 'dropping', 'update', 'updating', 'insert', 'inserting', 'truncate',
  'alter', 'remove', 'removing', 'erase', 'wipe', 'purge', 'destroy', 'grant', 'revoke', 'rename', 'modify',
  'overwrite', 'upsert', 'merge', 'replace', 'create', 'execute', 'exec', 'commit', 'rollback',
]);

/** Words that ask for a forecast: the data holds what happened, not what will. */
export const FORECAST_WORDS: ReadonlySet<string> = new Set(['predict', 'predicted', 'prediction', 'predictions', 'forecast', 'forecasts', 'forecasted', 'projection', 'projections', 'projected', 'extrapolate']);

/** Unsafe only at the start of a sentence (imperative), since they are ordinary words elsewhere. */
export const UNSAFE_LEADING_WORDS: ReadonlySet<string> = new Set(['set', 'change', 'add', 'edit', 'cancel', 'move', 'reset', 'clear', 'assign', 'kill']);

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };

export function isNumberWord(word: string): boolean {
  return word in UNITS || word in TENS || word in SCALES || word === 'dozen';
}

/**
 * Value of a run of written-out number words ("twenty five", "two hundred", "a dozen"),
 * or undefined when the words do not form a number.
 */
export function numberFromWords(words: readonly string[]): number | undefined {
  if (words.length === 0) return undefined;
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of words) {
    if (word in UNITS) current += UNITS[word];
    else if (word in TENS) current += TENS[word];
    else if (word === 'dozen') current = (current || 1) * 12;
    else if (word in SCALES) {
      current = (current || 1) * SCALES[word];
      if (SCALES[word] >= 1_000) {
        total += current;
        current = 0;
      }
    } else return undefined;
    seen = true;
  }
  return seen ? total + current : undefined;
}
