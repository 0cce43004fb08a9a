import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/core/logger.ts';
import { QuerentError } from '../../src/core/errors.ts';

const PROMPT = 'revenue of Zyxwvut Holdings in march';

/** A log line per call, as the server writes them. */
function capture(level = 'trace') {
  const lines: string[] = [];
  const destination = new Writable({ write(chunk, _encoding, done) { lines.push(chunk.toString()); done(); } });
  return { logger: createLogger(level, destination), lines };
}

/** Errors in the logs keep their type, code, message and frames, never the statement or its parameters. */
describe('logged errors', () => {
  const driverError = () => {
    const mysql = Object.assign(new Error(`Unknown column 'x' in 'where clause' near "${PROMPT}"`), {
      code: 'ER_BAD_FIELD_ERROR', errno: 1054, sql: `SELECT count(*) FROM orders WHERE name = '${PROMPT}'`, sqlMessage: PROMPT,
    });
    const pglite = Object.assign(new Error(`invalid input syntax for type integer: "${PROMPT}"`), {
      code: '22P02', query: 'SELECT $1::int', params: [PROMPT], detail: `Key (name)=(${PROMPT}) already exists.`, where: PROMPT,
    });
    return new QuerentError('internal_error', 'The database failed to run the query.', { cause: Object.assign(mysql, { cause: pglite }) });
  };

  it.each(['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const)('leave out parameters and quoted values at %s', (level) => {
    const { logger, lines } = capture();
    logger[level]({ err: driverError(), runId: 'run_x' }, 'run failed unexpectedly');
    logger[level]({ error: driverError() }, 'with another key');
    const output = lines.join('');
    expect(output).not.toContain('Zyxwvut');
    const logged = JSON.parse(lines[0]!);
    expect(logged.err).toMatchObject({
      type: 'QuerentError', code: 'internal_error', message: 'The database failed to run the query.',
      cause: { type: 'Error', code: 'ER_BAD_FIELD_ERROR', cause: { code: '22P02', message: 'invalid input syntax for type integer: "…"' } },
    });
    expect(logged.err.stack).toMatch(/^\s+at /);
    expect(Object.keys(logged.err.cause)).toEqual(expect.not.arrayContaining(['sql', 'sqlMessage', 'params', 'query', 'detail', 'where']));
  });
});
