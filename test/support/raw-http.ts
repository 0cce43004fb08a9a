import net from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Everything the server sent, as text. */
  readonly raw: string;
  /** Milliseconds from connecting until the server closed the connection (or `timeoutMs`). */
  readonly elapsedMs: number;
  /** Whether the server closed the connection within `timeoutMs`. */
  readonly closed: boolean;
}

/**
 * Writes `chunks` to a fresh TCP connection as they are (no HTTP client in between, so malformed
 * framing reaches the server) and collects what comes back until the server closes the
 * connection or `timeoutMs` passes.
 */
export function rawRequest(baseUrl: string, chunks: readonly (string | Buffer)[], timeoutMs = 5_000): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    let closed = false;
    const finish = (): void => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(received).toString('utf8');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }));
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), raw, elapsedMs: Date.now() - started, closed });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}
