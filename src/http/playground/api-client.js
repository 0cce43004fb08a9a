// The few API calls the playground makes. The key goes only in the x-api-key header, never in a URL.

/** A problem+json answer (RFC 9457), or a failed run's error, as an exception. */
export class ApiProblem extends Error {
  /** @param {{ status?: number, code?: string, detail?: string, title?: string, suggestions?: string[], reason?: string }} problem */
  constructor(problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.problem = problem;
    this.code = problem.code ?? 'internal_error';
    this.suggestions = Array.isArray(problem.suggestions) ? problem.suggestions : [];
  }
}

/** How long one poll asks the server to hold the request (seconds; the API allows 0–60). */
const POLL_WAIT_SECONDS = 10;
/** Pages of connections read at most (100 each): the select stays usable. */
const MAX_CONNECTION_PAGES = 10;

/** @param {() => string | null} readKey */
export function createApiClient(readKey) {
  async function call(method, path, body) {
    const key = readKey();
    if (!key) throw new ApiProblem({ status: 401, code: 'missing_api_key', detail: 'Paste an API key first.' });
    const headers = { accept: 'application/json', 'x-api-key': key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(path, {
      method, headers, cache: 'no-store', credentials: 'omit',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = await response.json().catch(() => ({}));
    if (!response.ok) throw new ApiProblem({ status: response.status, ...payload });
    return { status: response.status, body: payload };
  }

  return {
    context: async () => (await call('GET', '/api/v1/context')).body,

    async connections() {
      const all = [];
      let cursor = null;
      for (let page = 0; page < MAX_CONNECTION_PAGES; page += 1) {
        const query = new URLSearchParams({ limit: '100' });
        if (cursor) query.set('cursor', cursor);
        const { body } = await call('GET', `/api/v1/connections?${query}`);
        all.push(...body.data);
        cursor = body.nextCursor;
        if (!cursor) break;
      }
      return all;
    },

    /**
     * Asks, then polls a pending run (202) until it ends. `onPending(run)` is told each time the
     * run is still queued or running. Resolves with the complete run; a decline or a failed run
     * rejects with an ApiProblem.
     */
    async ask({ connectionId, prompt, previousRunId }, onPending) {
      const body = { connectionId, prompt };
      if (previousRunId) body.previousRunId = previousRunId;
      let { body: run } = await call('POST', '/api/v1/chat', body);
      while (run.status === 'queued' || run.status === 'running') {
        onPending?.(run);
        ({ body: run } = await call('GET', `/api/v1/runs/${encodeURIComponent(run.runId)}?wait=${POLL_WAIT_SECONDS}`));
      }
      if (run.status === 'failed') throw new ApiProblem({ ...run.error, detail: run.error?.message, status: 200 });
      return run;
    },

    /** The run's answer rendered again in another form; free. */
    rerender: async (runId, format) =>
      (await call('GET', `/api/v1/runs/${encodeURIComponent(runId)}?format=${encodeURIComponent(format)}`)).body,
  };
}
