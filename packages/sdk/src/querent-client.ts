import type { components } from './openapi-types.ts';
import { QuerentProblemError, isProblem, runProblem } from './problem-error.ts';

export type Run = components['schemas']['Run'];
export type PendingRun = components['schemas']['PendingRun'];
export type Connection = components['schemas']['Connection'];
export type Context = components['schemas']['Context'];
export type TextAnswer = components['schemas']['TextAnswer'];
export type JsonAnswer = components['schemas']['JsonAnswer'];
export type EmailAnswer = components['schemas']['EmailAnswer'];
export type AnswerFormat = Run['format'];
export type AnswerOf<F extends AnswerFormat> = F extends 'text' ? TextAnswer : F extends 'email' ? EmailAnswer : JsonAnswer;
/** A run that ended with an answer, in the form asked for. */
export type AnsweredRun<F extends AnswerFormat = 'json'> = Omit<Run, 'status' | 'format' | 'answer' | 'error'> & {
  readonly status: 'complete';
  readonly format: F;
  readonly answer: AnswerOf<F>;
};
export type ConnectionPage = { readonly data: Connection[]; readonly nextCursor: string | null };

export interface QuerentClientOptions {
  /** An API key, `qk_…`; sent as `x-api-key`. */
  readonly apiKey: string;
  /** Where the API listens. Default `http://localhost:8080`. */
  readonly baseUrl?: string;
  /** Retries of a call after a network error, 429 or 503 (the same Idempotency-Key each time). Default 3. */
  readonly retries?: number;
  /** First wait before a retry, ms, doubled at each retry (a Retry-After header takes precedence, up to 60 s). Default 500. */
  readonly retryDelayMs?: number;
  /** How long each poll of a run that is not done holds the request, seconds (0–60). Default 30. */
  readonly pollWaitSeconds?: number;
  /** The fetch to use (a proxy-aware one, a mock in tests). Default the global fetch. */
  readonly fetch?: typeof fetch;
}

export interface AskOptions<F extends AnswerFormat> {
  readonly connectionId: number;
  readonly prompt: string;
  /** A complete run of the same connection this question follows up ("and last year?"). */
  readonly previousRunId?: string;
  /** json (default): text, interpretation, tables, figures and query; text: sentences; email: a message. */
  readonly format?: F;
  /** Sent as Idempotency-Key (a retry with it returns the same run, charged once). Default: a new UUID per ask. */
  readonly idempotencyKey?: string;
  /**
   * Stops waiting: the call rejects with the signal's reason. The run the API accepted goes on
   * (it may be charged when it completes); `run()` reads it later with its id.
   */
  readonly signal?: AbortSignal;
}

export interface RunOptions<F extends AnswerFormat> {
  /** Hold the request until the run ends or this many seconds pass (0–60). Default 0. */
  readonly wait?: number;
  /** Re-render a complete answer in this form (free). Default the form it was asked in. */
  readonly format?: F;
  readonly signal?: AbortSignal;
}

const DEFAULT_BASE_URL = 'http://localhost:8080';
const MAX_RETRY_AFTER_MS = 60_000;
/** Statuses worth a retry: rate limited, or the service (re)starting. */
const RETRY_STATUSES = new Set([429, 503]);

/**
 * A client of the Querent API (v1). Every call throws `QuerentProblemError` when the API answers
 * with a problem; network errors, 429 and 503 are retried first.
 *
 * ```ts
 * const querent = new QuerentClient({ apiKey: process.env.QUERENT_API_KEY! });
 * const run = await querent.ask({ connectionId: 1, prompt: 'how many customers per segment' });
 * console.log(run.answer.text, run.answer.tables[0].rows);
 * ```
 */
export class QuerentClient {
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #retries: number;
  readonly #retryDelayMs: number;
  readonly #pollWaitSeconds: number;
  readonly #fetch: typeof fetch;

  constructor(options: QuerentClientOptions) {
    if (!options.apiKey) throw new TypeError('QuerentClient: apiKey is required.');
    this.#apiKey = options.apiKey;
    this.#baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.#retries = options.retries ?? 3;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#pollWaitSeconds = Math.min(60, Math.max(0, Math.round(options.pollWaitSeconds ?? 30)));
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** The workspace of the key and the prompts it has left. Free. */
  async context(options: { signal?: AbortSignal } = {}): Promise<Context> {
    return (await this.#request<Context>('GET', '/api/v1/context', { signal: options.signal })).body;
  }

  /** One page of the workspace's connections, sample ones included. Free. */
  async connections(options: { limit?: number; cursor?: string; kind?: Connection['kind']; signal?: AbortSignal } = {}): Promise<ConnectionPage> {
    const query = new URLSearchParams();
    if (options.limit !== undefined) query.set('limit', String(options.limit));
    if (options.cursor !== undefined) query.set('cursor', options.cursor);
    if (options.kind !== undefined) query.set('kind', options.kind);
    const path = `/api/v1/connections${query.size > 0 ? `?${query}` : ''}`;
    return (await this.#request<ConnectionPage>('GET', path, { signal: options.signal })).body;
  }

  /** A run of the workspace, as it stands (or once it ends, with `wait`). Free. */
  async run<F extends AnswerFormat = AnswerFormat>(runId: string, options: RunOptions<F> = {}): Promise<Run> {
    const query = new URLSearchParams();
    if (options.wait !== undefined) query.set('wait', String(options.wait));
    if (options.format !== undefined) query.set('format', options.format);
    const path = `/api/v1/runs/${encodeURIComponent(runId)}${query.size > 0 ? `?${query}` : ''}`;
    return (await this.#request<Run>('GET', path, { signal: options.signal })).body;
  }

  /**
   * Asks a question and resolves with the answered run. When the API answers 202 (not done within
   * its sync window), follows the run by long-polling `GET /runs/{id}?wait=` until it ends.
   * Costs 1 prompt per answer. Throws `QuerentProblemError` when the question is declined
   * (`question_not_understood`, with suggestions), the prompts are spent (`insufficient_prompts`)
   * or the run fails.
   */
  async ask<F extends AnswerFormat = 'json'>(options: AskOptions<F>): Promise<AnsweredRun<F>> {
    const format = options.format ?? 'json';
    const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
    const { status, body } = await this.#request<Run | PendingRun>('POST', `/api/v1/chat?format=${encodeURIComponent(format)}`, {
      body: { connectionId: options.connectionId, prompt: options.prompt, ...(options.previousRunId ? { previousRunId: options.previousRunId } : {}) },
      headers: { 'idempotency-key': idempotencyKey },
      signal: options.signal,
    });
    let run = status === 202 ? undefined : (body as Run);
    while (!run || run.status === 'queued' || run.status === 'running') {
      run = await this.run(body.runId, { wait: this.#pollWaitSeconds, format, signal: options.signal });
    }
    if (run.status === 'failed') throw new QuerentProblemError(runProblem(run.runId, run.error ?? { code: 'internal_error', message: 'The run failed.' }));
    return run as unknown as AnsweredRun<F>;
  }

  /** One call, retried after a network error, 429 or 503 with the same headers (so the same Idempotency-Key). */
  async #request<T>(
    method: 'GET' | 'POST', path: string,
    options: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': this.#apiKey, ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = {
      method, headers, signal: options.signal, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    };
    for (let attempt = 0; ; attempt += 1) {
      options.signal?.throwIfAborted();
      let response: Response;
      try {
        response = await this.#fetch(this.#baseUrl + path, init);
      } catch (error) {
        if (options.signal?.aborted || attempt >= this.#retries) throw options.signal?.aborted ? options.signal.reason : error;
        await sleep(this.#backoff(attempt), options.signal);
        continue;
      }
      if (RETRY_STATUSES.has(response.status) && attempt < this.#retries) {
        await response.body?.cancel();
        await sleep(retryAfterMs(response.headers.get('retry-after')) ?? this.#backoff(attempt), options.signal);
        continue;
      }
      const text = await response.text();
      const body = parseJson(text);
      if (response.ok) return { status: response.status, body: body as T };
      if (isProblem(body)) throw new QuerentProblemError(body);
      throw new QuerentProblemError({
        type: 'about:blank', title: response.statusText || 'Unexpected response', status: response.status, code: 'unexpected_response',
        detail: `${method} ${path} answered ${response.status} without a problem object: ${text.slice(0, 200)}`, requestId: response.headers.get('x-request-id') ?? '',
      });
    }
  }

  #backoff(attempt: number): number {
    return this.#retryDelayMs * 2 ** attempt * (0.75 + Math.random() / 2);
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds (or an HTTP date), as ms; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : undefined;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const done = (): void => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
