/**
 * Unpacks a gzipped ustar archive (as PGlite's `dumpDataDir('gzip')` writes them: directories and
 * regular files) into a directory, streaming, so a data directory of tens of MB never sits in
 * memory whole. Entries that would land outside the target are refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BLOCK = 512;

function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  const value = text(header, start, length).trim();
  return value === '' ? 0 : Number.parseInt(value, 8);
}

function targetPath(root: string, header: Buffer): string {
  const prefix = text(header, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
  const relative = path.normalize(name.replace(/^\/+/, ''));
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`Archive entry outside its directory: ${name}`);
  return path.join(root, relative);
}

/** Writes every directory and file of `archive` under `target` (created if missing). */
export async function unpackTarGz(archive: string, target: string): Promise<void> {
  fs.mkdirSync(target, { recursive: true });
  let pending: Buffer = Buffer.alloc(0);
  let file: { fd: number; left: number; padding: number } | undefined;
  let ended = false;

  for await (const chunk of fs.createReadStream(archive).pipe(zlib.createGunzip()) as AsyncIterable<Buffer>) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (!ended) {
      if (file) {
        const take = Math.min(file.left, pending.length);
        if (take > 0) fs.writeSync(file.fd, pending, 0, take);
        pending = pending.subarray(take);
        file.left -= take;
        if (file.left > 0) break;
        if (pending.length < file.padding) break;
        pending = pending.subarray(file.padding);
        fs.closeSync(file.fd);
        file = undefined;
        continue;
      }
      if (pending.length < BLOCK) break;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const type = String.fromCharCode(header[156]!);
      const destination = targetPath(target, header);
      const size = octal(header, 124, 12);
      const mode = octal(header, 100, 8) & 0o700;
      if (type === '5') {
        fs.mkdirSync(destination, { recursive: true, mode: mode | 0o700 });
      } else if (type === '0' || type === '\0') {
        fs.mkdirSync(path.dirname(destination), { recursive: true });
        file = { fd: fs.openSync(destination, 'w', mode || 0o600), left: size, padding: (BLOCK - (size % BLOCK)) % BLOCK };
      } else {
        throw new Error(`Unsupported archive entry type "${type}" for ${destination}`);
      }
    }
  }
  if (file) {
    fs.closeSync(file.fd);
    throw new Error(`Archive ${archive} ends in the middle of a file`);
  }
}
