/**
 * How an error appears in a log line: its type, code, message and stack frames, and the same for
 * its causes; nothing else. Driver errors carry the statement and its parameters (mysql2's `sql`,
 * PGlite's `query` and `params`, PostgreSQL's `detail` and `where`), and parameters hold values
 * taken from the prompt, so the default serializer (which copies every own property) would write
 * them out. Quoted text in messages is elided for the same reason: drivers quote the bad value.
 */
export interface LoggedError {
  readonly type: string;
  readonly code?: string | number;
  readonly message: string;
  readonly stack?: string;
  readonly cause?: LoggedError;
}

/** Causes followed at most, in case of a cycle. */
const MAX_CAUSES = 5;

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]' };
  const { code } = error as { code?: unknown };
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name || error.constructor?.name || 'Error',
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message: elideQuoted(error.message),
    ...(error.stack ? { stack: framesOf(error.stack) } : {}),
    ...(cause !== undefined && depth < MAX_CAUSES ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}

/** `invalid input syntax for type integer: "top 5 customers"` → `… integer: "…"`. */
function elideQuoted(text: string): string {
  return text
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/`(?:[^`\\]|\\.)*`/g, '`…`')
    .replace(/\((?:[^()]*)\)=\((?:[^()]*)\)/g, '(…)=(…)');
}

/** The stack without its first line, which repeats the message. */
function framesOf(stack: string): string {
  return stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
}
