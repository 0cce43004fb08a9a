import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../support/http-client.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** A container runtime is present when `docker info` reaches a daemon (the client alone is not enough). */
const hasDocker = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 20_000 }).status === 0;

async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run('docker', args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 20 * 60_000 });
  return stdout.trim();
}

describe('container image (Dockerfile)', () => {
  const tag = `querent-test:${process.pid}`;
  let container: string | undefined;
  afterAll(async () => {
    if (container) await docker('rm', '-f', container).catch(() => undefined);
    if (hasDocker) await docker('rmi', '-f', tag).catch(() => undefined);
  });

  it('runs on production dependencies only: nothing the image runs imports a dev dependency', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>; devDependencies: Record<string, string>;
    };
    const files = ['src', 'scripts'].flatMap((dir) => fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts')).map((file) => path.join(ROOT, dir, file)));
    const imported = new Set<string>();
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const statics = source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gm);
      const dynamics = source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g);
      for (const match of [...statics, ...dynamics]) {
        const specifier = match[1]!;
        if (specifier.startsWith('node:') || specifier.startsWith('.')) continue;
        imported.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });

  it.skipIf(!hasDocker)(`builds and runs the image${hasDocker ? '' : ' (needs a container runtime: not present here)'}`, async () => {
    await docker('build', '-t', tag, '.');
    container = await docker('run', '-d', '-p', '127.0.0.1::8080', tag);
    const port = (await docker('port', container, '8080/tcp')).split('\n')[0]!.split(':').at(-1);
    const baseUrl = `http://127.0.0.1:${port}`;
    let ready = false;
    for (let attempt = 0; attempt < 120 && !ready; attempt += 1) {
      ready = await fetch(`${baseUrl}/readyz`).then((response) => response.ok, () => false);
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(ready, await docker('logs', container)).toBe(true);
    const key = /API key \(shown once, keep it secret\): (\S+)/.exec(await docker('logs', container))?.[1];
    expect(key).toMatch(/^qk_/);
    const connections = (await api(baseUrl, '/api/v1/connections', { key })).body.data as Array<{ id: number; name: string }>;
    const wholesale = connections.find((connection) => /wholesale/i.test(connection.name))!;
    const answer = await api(baseUrl, '/api/v1/chat?format=text', { key, body: { connectionId: wholesale.id, prompt: 'how many customers per segment' } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.answer.text).toMatch(/\d/);
    expect(await docker('exec', container, 'id', '-u')).not.toBe('0');
  }, 25 * 60_000);
});
