/** The tar.gz reader unpacks directories and files, keeps only owner permissions, and refuses escapes. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackTarGz } from '../../src/core/tar-gz.ts';
import { tempDir } from '../support/paths.ts';

/** One ustar entry: a 512-byte header (with its checksum), then the content padded to 512 bytes. */
function entry(name: string, content: string | null, mode = 0o644): Buffer {
  const header = Buffer.alloc(512);
  const body = content === null ? Buffer.alloc(0) : Buffer.from(content);
  header.write(name, 0, 100);
  header.write(mode.toString(8).padStart(7, '0'), 100);
  header.write(body.length.toString(8).padStart(11, '0'), 124);
  header.write(content === null ? '5' : '0', 156);
  header.write('ustar\u000000', 257);
  header.fill(' ', 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148);
  return Buffer.concat([header, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

function archive(directory: string, name: string, entries: Buffer[]): string {
  const file = path.join(directory, name);
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)])));
  return file;
}

describe('unpackTarGz', () => {
  const root = tempDir('tar');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes directories and files, with owner-only permissions', async () => {
    const big = 'x'.repeat(70_000);
    const file = archive(root, 'ok.tar.gz', [entry('/base/', null, 0o755), entry('/base/a.txt', 'hello', 0o644), entry('/base/big', big)]);
    const target = path.join(root, 'ok');
    await unpackTarGz(file, target);
    expect(fs.readFileSync(path.join(target, 'base/a.txt'), 'utf8')).toBe('hello');
    expect(fs.readFileSync(path.join(target, 'base/big'), 'utf8')).toBe(big);
    expect(fs.statSync(path.join(target, 'base/a.txt')).mode & 0o777).toBe(0o600);
  });

  it('refuses an entry that would land outside the target', async () => {
    const file = archive(root, 'evil.tar.gz', [entry('../escaped.txt', 'no')]);
    await expect(unpackTarGz(file, path.join(root, 'evil'))).rejects.toThrow('outside its directory');
    expect(fs.existsSync(path.join(root, 'escaped.txt'))).toBe(false);
  });

  it('unpacks a PGlite data directory dump that opens again', async () => {
    const source = await PGlite.create();
    await source.exec("CREATE TABLE t (v text); INSERT INTO t VALUES ('kept');");
    const dump = Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer());
    await source.close();
    const file = path.join(root, 'pglite.tar.gz');
    fs.writeFileSync(file, dump);
    const target = path.join(root, 'pgdata');
    await unpackTarGz(file, target);
    const copy = await PGlite.create(target);
    expect((await copy.query<{ v: string }>('SELECT v FROM t')).rows).toEqual([{ v: 'kept' }]);
    await copy.close();
  });
});
