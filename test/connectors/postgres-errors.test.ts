import { describe, expect, it } from 'vitest';
import { QuerentError } from '../../src/core/errors.ts';
import { toConnectionError, toQuerentError } from '../../src/connectors/postgres/postgres-errors.ts';

/** A driver error as `pg` builds it from the server's ErrorResponse: its message may name the user or the statement. */
function serverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

function nodeError(code: string): Error {
  return Object.assign(new Error(`connect ${code} secret-host.internal:5432`), { code });
}

describe('PostgreSQL errors → QuerentError', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['statement timeout', serverError('57014', 'canceling statement due to statement timeout'), 'query_timeout', /time limit/],
    ['wrong password', serverError('28P01', 'password authentication failed for user "alice_secret"'), 'connection_unavailable', /authentication failed/],
    ['login refused', serverError('28000', 'no pg_hba.conf entry for host "10.0.0.1", user "alice_secret"'), 'connection_unavailable', /refused the login/],
    ['unknown database', serverError('3D000', 'database "payroll_secret" does not exist'), 'connection_unavailable', /does not exist/],
    ['connection refused', nodeError('ECONNREFUSED'), 'connection_unavailable', /refused the connection/],
    ['unknown host', nodeError('ENOTFOUND'), 'connection_unavailable', /could not be resolved/],
    ['bad certificate', nodeError('DEPTH_ZERO_SELF_SIGNED_CERT'), 'connection_unavailable', /TLS/],
    ['no TLS on server', new Error('The server does not support SSL connections'), 'connection_unavailable', /TLS/],
    ['connect timeout', new Error('timeout expired'), 'connection_unavailable', /did not answer in time/],
    ['both addresses refused', new AggregateError([nodeError('ECONNREFUSED'), nodeError('ECONNREFUSED')], 'all failed'), 'connection_unavailable', /refused the connection/],
    ['server shutting down', serverError('57P01', 'terminating connection due to administrator command'), 'connection_unavailable', /shutting down/],
    ['read-only transaction', serverError('25006', 'cannot execute INSERT in a read-only transaction'), 'invalid_request', /read-only/],
    ['bad value', serverError('22P02', 'invalid input syntax for type integer: "abc_secret"'), 'invalid_request', /does not fit/],
    ['permission denied', serverError('42501', 'permission denied for table salaries_secret'), 'connection_unavailable', /does not let/],
    ['missing table', serverError('42P01', 'relation "ghost_secret" does not exist'), 'internal_error', /catalog needs refreshing/],
    ['anything else', new TypeError('boom_secret'), 'internal_error', /failed to run/],
  ];
  for (const [name, error, code, detail] of cases) {
    it(`${name} → ${code}, with a safe detail and the original as cause`, () => {
      const mapped = toQuerentError(error, { timeoutMs: 30_000 });
      expect(mapped.code).toBe(code);
      expect(mapped.detail).toMatch(detail);
      expect(mapped.detail).not.toMatch(/secret/);
      expect(mapped.cause).toBe(error);
    });
  }

  it('passes QuerentErrors through', () => {
    const error = new QuerentError('query_timeout', 'x');
    expect(toQuerentError(error)).toBe(error);
  });

  it('counts every failure of a connection test as connection_unavailable', () => {
    expect(toConnectionError(serverError('57014', 'canceling statement due to statement timeout')).code).toBe('connection_unavailable');
    expect(toConnectionError(new TypeError('boom')).code).toBe('connection_unavailable');
  });
});
