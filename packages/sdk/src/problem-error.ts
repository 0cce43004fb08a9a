import type { components } from './openapi-types.ts';

/** An RFC 9457 problem as the API answers it (application/problem+json). */
export type Problem = components['schemas']['Problem'];

/**
 * The API refused a call or could not answer it: the problem's `code` is stable (see the API's
 * error catalogue), `detail` says what was wrong. A question the engine cannot read is
 * `question_not_understood` (422) with `suggestions` to try instead; it is not charged.
 */
export class QuerentProblemError extends Error {
  /** The HTTP status, e.g. 401, 402, 422. */
  readonly status: number;
  /** e.g. `invalid_api_key`, `insufficient_prompts`, `question_not_understood`. */
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  /** For `question_not_understood`: the engine's reason (unknown_words, ambiguous, …). */
  readonly reason?: string;
  /** For `question_not_understood`: questions the connection can answer; empty otherwise. */
  readonly suggestions: readonly string[];
  /** The run the problem belongs to, when a run was made. */
  readonly runId?: string;
  /** The id the API logged the request under (quote it when reporting a problem). */
  readonly requestId?: string;
  /** The problem object as received. */
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(`${problem.code}: ${problem.detail}`);
    this.name = 'QuerentProblemError';
    this.problem = problem;
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.reason = problem.reason;
    this.suggestions = problem.suggestions ?? [];
    this.runId = problem.runId;
    this.requestId = problem.requestId || undefined;
  }
}

export function isProblem(body: unknown): body is Problem {
  if (body === null || typeof body !== 'object') return false;
  const { code, status, detail } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof status === 'number' && typeof detail === 'string';
}

/** HTTP statuses of the codes a failed run can carry (a run's error has a code, not a status). */
const RUN_ERROR_STATUS: Readonly<Record<string, number>> = {
  question_not_understood: 422,
  connection_not_found: 404,
  connection_unavailable: 502,
  query_timeout: 504,
  run_cancelled: 499,
};

/** The problem of a run that ended `failed`, as the API would answer it on the chat call. */
export function runProblem(runId: string, error: NonNullable<components['schemas']['Run']['error']>): Problem {
  const status = RUN_ERROR_STATUS[error.code] ?? 500;
  return {
    type: `https://querent.dev/problems/${error.code.replaceAll('_', '-')}`,
    title: error.code.replaceAll('_', ' '),
    status,
    detail: error.message,
    code: error.code,
    requestId: '',
    runId,
    ...(error.reason === undefined ? {} : { reason: error.reason }),
    ...(error.suggestions === undefined ? {} : { suggestions: error.suggestions }),
  };
}
