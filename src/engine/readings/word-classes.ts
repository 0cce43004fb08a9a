/**
 * Which words of a question carry meaning a reading may not drop, and which carry none: the
 * classes the word accounting (accounting.ts) and the decision (decide.ts) read words by.
 */
import { DIGIT_ORDINAL, type Token } from '../question/tokens.ts';

/** Parts of speech that carry meaning a reading may not drop. */
export const MEANINGFUL_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/**
 * Words of arithmetic between quantities ("revenue minus credit notes", "price divided by cost"):
 * tagged as conjunctions or verbs, but no reading here computes with them, and one that drops
 * them answers another question.
 */
export const ARITHMETIC_LEMMAS: ReadonlySet<string> = new Set(['minus', 'plus', 'divide', 'multiply', 'subtract', 'deduct']);

/**
 * A word a reading may not leave unread: a noun, adjective, name or number, arithmetic, or a word
 * of a hyphenated compound ("left-handed", "state-owned": an adjective, whatever its parts' tags).
 */
export function carriesMeaning(token: Token): boolean {
  return MEANINGFUL_POS.has(token.pos) || ARITHMETIC_LEMMAS.has(token.lemma) || HOW_OFTEN_OR_WHEN.has(token.lower) || SHORT_OF.has(token.lower) || ORDINAL_WORDS.has(token.lower) || DIGIT_ORDINAL.test(token.lower)
    || (token.pos === 'VERB' && (CHANGE_OF_STATE.has(token.lemma) || LEAVING_OUT.has(token.lemma))) || (token.hyphenated === true && !GRAMMAR_POS.has(token.pos))
    || NEGATED_PARTICIPLE.test(token.lower);
}

/** "unshipped", "unpaid", "unassigned": a state said negated, whatever the tagger makes of it. */
const NEGATED_PARTICIPLE = /^un[a-z]{3,}(ed|en|id)$/;

/**
 * Verbs that leave rows out ("skip the cancelled orders", "omit drafts"): a reading that does not
 * read them keeps what they leave out, the opposite of what was asked.
 */
const LEAVING_OUT: ReadonlySet<string> = new Set(['exclude', 'omit', 'ignore', 'skip', 'disregard', 'remove', 'discard']);

/**
 * Verbs of a change from one state to another ("trials that converted", "accounts that upgraded",
 * "renewed subscriptions"): they pick the rows that changed, which no reading here can tell from
 * the rows' present state, so one that leaves them unread answers another question.
 */
const CHANGE_OF_STATE: ReadonlySet<string> = new Set([
  'convert', 'upgrade', 'downgrade', 'renew', 'switch', 'migrate', 'reactivate', 'revert', 'transfer', 'promote', 'demote', 'escalate', 'reopen',
]);

/**
 * Adverbs of frequency and time ("customers who ordered twice", "ordered again", "shipped late",
 * "products sold recently"): they change which rows count, and no reading here carries them, so
 * one that leaves them unread answers another question.
 */
const HOW_OFTEN_OR_WHEN: ReadonlySet<string> = new Set([
  'once', 'twice', 'thrice', 'again', 'repeatedly', 'often', 'frequently', 'regularly', 'rarely', 'seldom', 'usually', 'always',
  'recently', 'lately', 'late', 'early', 'soon',
]);

/**
 * Adverbs of degree that fall short of what they qualify ("partially paid", "mostly delivered",
 * "almost full"): they pick other rows than the state alone, and no reading here carries them, so
 * one that leaves them unread answers another question. ("fully paid" is only "paid".)
 */
const SHORT_OF: ReadonlySet<string> = new Set([
  'partially', 'partly', 'half', 'mostly', 'largely', 'mainly', 'nearly', 'almost', 'barely', 'hardly', 'scarcely', 'somewhat', 'slightly', 'virtually',
]);

/**
 * "the second newest account", "the 3rd largest order": a place counted from the top, which no
 * reading here carries ("first" and "last" are cues of their own). Tagged as adverbs, they would
 * be dropped, and the answer would be the newest account.
 */
const ORDINAL_WORDS: ReadonlySet<string> = new Set(['second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'penultimate']);

/** Parts of speech that carry no meaning of their own for a query. */
export const GRAMMAR_POS = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'PRON', 'AUX', 'PUNCT', 'SYM', 'INTJ', 'SPACE', 'X']);
/** Words of the request itself ("please show me"), and nouns that stand for rows or columns in general. */
const EMPTY_WORDS = new Set([
  'be', 'have', 'do', 'please', 'kindly', 'thanks', 'thank', 'hi', 'hello', 'ok', 'okay', 'want', 'need', 'like', 'know', 'see', 'look',
  'show', 'list', 'give', 'find', 'tell', 'get', 'return', 'display', 'provide', 'fetch', 'retrieve', 'report', 'identify', 'compute',
  'calculate', 'determine', 'count', 'name', 'information', 'info', 'detail', 'record', 'entry', 'row', 'data', 'result', 'everything', 'there',
  'also', 'respectively', 'respective', 'corresponding', 'currently', 'overall', 'exactly', 'altogether', 'together', 'along', 'well',
  'out', 'up', 'can', 'could', 'would', 'will', 'shall', 'should', 'may', 'might', 'must', 'so', 'far', 'just', 'really', 'actually',
  'order', 'each', 'all', 'every', 'different', 'distinct', 'unique', 'various',
]);

export function isEmptyWord(token: Token): boolean {
  return (EMPTY_WORDS.has(token.lemma) && !isDone(token)) || EMPTY_WORDS.has(token.lower);
}

/** "done" is no auxiliary: "how many tasks are done?" says a state of the tasks. */
export function isDone(token: Token): boolean {
  return token.lower === 'done';
}

/** Words that ask of every member of a group ("each employee", "every agent", "all categories"). */
export const EVERY_MEMBER: ReadonlySet<string> = new Set(['each', 'every', 'all']);
