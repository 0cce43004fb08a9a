import { describe, expect, it } from 'vitest';
import { parseMysqlUrl } from '../../src/connectors/mysql/mysql-url.ts';

describe('parseMysqlUrl', () => {
  it('reads host, port, user, password and database, %-decoded', () => {
    expect(parseMysqlUrl('mysql://ann:p%40ss@db.example.com:3307/shop')).toEqual({
      connection: { host: 'db.example.com', port: 3307, user: 'ann', password: 'p@ss', database: 'shop' },
      sslMode: 'preferred',
    });
    expect(parseMysqlUrl('mariadb://[::1]/shop?socket=/run/mysqld/mysqld.sock&connect_timeout=2.5')).toMatchObject({
      connection: { host: '::1', socketPath: '/run/mysqld/mysqld.sock', database: 'shop' },
      connectTimeoutMs: 2500,
    });
  });

  it('maps ssl-mode (and its aliases) to TLS options', () => {
    const ssl = (query: string) => parseMysqlUrl(`mysql://h/db?${query}`);
    expect(ssl('ssl-mode=DISABLED').connection.ssl).toBeUndefined();
    expect(ssl('ssl-mode=REQUIRED').connection.ssl).toEqual({ rejectUnauthorized: false });
    expect(ssl('sslmode=verify-full')).toMatchObject({ sslMode: 'verify_identity', connection: { ssl: { rejectUnauthorized: true } } });
    expect(ssl('ssl-mode=VERIFY_CA').connection.ssl).toMatchObject({ rejectUnauthorized: true });
    expect(ssl('ssl=true').sslMode).toBe('verify_identity');
    expect(ssl('ssl=false').sslMode).toBe('disabled');
    expect(parseMysqlUrl('mysql://h/db', { sslMode: 'required' }).sslMode).toBe('required');
  });

  it('refuses bad URLs without repeating them', () => {
    const secret = 'hunter2-secret';
    for (const url of [`postgresql://u:${secret}@h/db`, `mysql://u:${secret}@h`, `mysql://u:${secret}@h/db?ssl-mode=maybe`, `mysql://u:${secret}@h:99999/db`, `mysql://u:${secret}@h/db?connect_timeout=-1`, `not a url ${secret}`, `mysql://u:%E0${secret}@h/db`]) {
      let message = '';
      try {
        parseMysqlUrl(url);
      } catch (error) {
        message = (error as Error).message;
        expect(error).toMatchObject({ code: 'invalid_request' });
      }
      expect(message, url).toMatch(/^The MySQL connection URL is not valid/);
      expect(message).not.toContain(secret);
    }
  });
});
