import { describe, expect, it } from 'vitest';
import { toConnectionError, toQuerentError } from '../../src/connectors/mysql/mysql-errors.ts';

/** A server error as `mysql2` builds it. */
function serverError(errno: number, message: string, sqlState = 'HY000'): Error {
  return Object.assign(new Error(message), { errno, sqlState, code: 'ER_X', fatal: false });
}

describe('MySQL errors', () => {
  it('maps timeouts of both flavours to query_timeout', () => {
    expect(toQuerentError(serverError(3024, 'Query execution was interrupted, maximum statement execution time exceeded'), { timeoutMs: 500 })).toMatchObject({
      code: 'query_timeout',
      detail: 'The query took longer than the time limit (500 ms) and was stopped.',
    });
    expect(toQuerentError(serverError(1969, 'Query execution was interrupted (max_statement_time exceeded)', '70100'))).toMatchObject({ code: 'query_timeout' });
  });

  it('maps refused logins, unknown databases, sockets and TLS to connection_unavailable, never repeating the driver message', () => {
    const cases: [Error, RegExp][] = [
      [serverError(1045, "Access denied for user 'ann'@'10.0.0.1' (using password: YES)", '28000'), /authentication failed/],
      [serverError(1049, "Unknown database 'secret_db'", '42000'), /database does not exist/],
      [serverError(1044, "Access denied for user 'ann'@'%' to database 'secret_db'", '42000'), /may not use this database/],
      [Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:3306'), { code: 'ECONNREFUSED' }), /refused the connection/],
      [Object.assign(new Error('getaddrinfo ENOTFOUND secret.host'), { code: 'ENOTFOUND' }), /could not be resolved/],
      [Object.assign(new Error('Server does not support secure connection'), { code: 'HANDSHAKE_NO_SSL_SUPPORT' }), /TLS/],
      [Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), /TLS/],
    ];
    for (const [error, reason] of cases) {
      const mapped = toConnectionError(error);
      expect(mapped.code, error.message).toBe('connection_unavailable');
      expect(mapped.detail).toMatch(reason);
      expect(mapped.detail).not.toMatch(/secret|ann|10\.0\.0\.1/);
      expect(mapped.cause).toBe(error);
    }
  });

  it('maps a refused write to invalid_request and other failures to safe internal errors', () => {
    expect(toQuerentError(serverError(1792, 'Cannot execute statement in a READ ONLY transaction', '25006'))).toMatchObject({ code: 'invalid_request' });
    expect(toQuerentError(serverError(1146, "Table 'shop.secret' doesn't exist", '42S02'))).toMatchObject({ code: 'internal_error', detail: expect.stringMatching(/catalog needs refreshing/) });
    const other = toQuerentError(serverError(1366, "Incorrect integer value: 'secret' for column 'x'"));
    expect(other).toMatchObject({ code: 'internal_error', detail: 'The MySQL database failed to run the query (error 1366).' });
    expect(toConnectionError(serverError(1366, 'x')).code).toBe('connection_unavailable');
  });
});
