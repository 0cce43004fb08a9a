import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey, parseSecretKey } from '../../src/services/secret-box.ts';
import { tempDir } from '../support/paths.ts';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(crypto.randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('postgresql://u:hunter2@db/x');
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed)).toBe('postgresql://u:hunter2@db/x');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses tampered or foreign ciphertexts', () => {
    const sealed = box.seal('secret');
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0]! ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64')].join('.'))).toThrow();
    expect(() => createSecretBox(crypto.randomBytes(32)).open(sealed)).toThrow();
  });

  it('reads keys as hex or base64 and keeps a generated one in the data directory', () => {
    const key = crypto.randomBytes(32);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(() => parseSecretKey('short')).toThrow(/32 bytes/);
    const dir = tempDir('secret');
    const first = loadSecretKey(undefined, dir);
    expect(loadSecretKey(undefined, dir)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
