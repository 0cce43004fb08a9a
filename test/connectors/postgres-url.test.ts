import { describe, expect, it } from 'vitest';
import { parsePostgresUrl } from '../../src/connectors/postgres/postgres-url.ts';

describe('parsePostgresUrl', () => {
  it('reads user, password, host, port and database, decoding escapes', () => {
    expect(parsePostgresUrl('postgresql://ann%40corp:p%3Ass%2Fw@db.example.com:6543/sales%20db')).toEqual({
      connection: { host: 'db.example.com', port: 6543, user: 'ann@corp', password: 'p:ss/w', database: 'sales db', ssl: false },
      schemas: [],
      sslmode: 'prefer',
    });
  });

  it('takes our own schema parameter out, and keeps sslmode as libpq means it', () => {
    const parsed = parsePostgresUrl('postgres://u@h/db?schema=sales,%20crm&sslmode=require&channel_binding=require');
    expect(parsed.schemas).toEqual(['sales', 'crm']);
    expect(parsed.connection.ssl).toEqual({ rejectUnauthorized: false });
    expect(parsePostgresUrl('postgresql://u@h/db?sslmode=verify-full').connection.ssl).toEqual({ rejectUnauthorized: true });
    expect(parsePostgresUrl('postgresql://u@h/db?sslmode=verify-ca').connection.ssl).toMatchObject({ rejectUnauthorized: true });
    expect(parsePostgresUrl('postgresql://u@h/db?sslmode=disable').connection.ssl).toBe(false);
    expect(parsePostgresUrl('postgresql://u@h/db?sslmode=disable', { sslmode: 'require' }).sslmode).toBe('require');
  });

  it('supports IPv6 hosts, Unix socket directories and connect_timeout', () => {
    expect(parsePostgresUrl('postgresql://u@[::1]:5432/db').connection.host).toBe('::1');
    expect(parsePostgresUrl('postgresql:///db?host=/var/run/postgresql').connection.host).toBe('/var/run/postgresql');
    expect(parsePostgresUrl('postgresql://u@h/db?connect_timeout=2.5').connectTimeoutMs).toBe(2500);
  });

  it('refuses what is not a postgresql URL, without repeating it', () => {
    for (const url of ['not a url s3cret', 'mysql://u:s3cret@h/db', 'postgresql://u:s3cret@h/db?sslmode=always', 'postgresql://u:s3cret@h:0/db', 'postgresql://u:s3cret%zz@h/db']) {
      expect(() => parsePostgresUrl(url), url).toThrow(expect.objectContaining({ code: 'invalid_request' }));
      try {
        parsePostgresUrl(url);
      } catch (error) {
        expect((error as Error).message).not.toContain('s3cret');
      }
    }
  });
});
