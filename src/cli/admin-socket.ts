import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Querent } from '../querent.ts';
import { QuerentError, isQuerentError } from '../core/errors.ts';
import { COMMANDS, type CommandArgs, type CommandResult } from './commands.ts';

/**
 * While `querent serve` holds the embedded store, CLI commands are carried out by the server:
 * the CLI sends them over this Unix socket (mode 0600, so only the same user can), and what they
 * change takes effect in the server at once.
 */
export function adminSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, 'querent.sock');
  if (Buffer.byteLength(inside) < 100) return inside;
  const digest = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `querent-${digest}.sock`);
}

const MAX_BODY = 64 * 1024;

export async function listenAdminSocket(querent: Querent, socketPath: string): Promise<http.Server> {
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', async () => {
      const reply = (status: number, body: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      try {
        const { name, args } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name: string; args: CommandArgs };
        const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
        if (!command) throw new QuerentError('invalid_request', `Unknown command "${name}".`);
        reply(200, { result: await command(querent, args) });
      } catch (error) {
        if (!isQuerentError(error)) querent.logger.error({ err: error }, 'admin command failed');
        reply(isQuerentError(error) ? error.status : 500, {
          error: isQuerentError(error) ? error.detail : 'The command failed on the server; see its log.',
        });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  server.unref();
  return server;
}

/** Sends a command to a running server; undefined when no server listens on the socket. */
export async function sendAdminCommand(socketPath: string, name: string, args: CommandArgs): Promise<CommandResult | undefined> {
  if (!fs.existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/command', method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { result?: CommandResult; error?: string };
          if (body.result) resolve(body.result);
          else reject(new CommandRefused(body.error ?? 'The server refused the command.'));
        } catch {
          reject(new CommandRefused('The server sent an unreadable answer.'));
        }
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
    request.end(JSON.stringify({ name, args }));
  });
}

export class CommandRefused extends Error {}
