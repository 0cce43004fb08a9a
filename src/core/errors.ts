/**
 * The one error catalogue. Every error the API can return is declared here once, with its stable
 * code, HTTP status and title; `test/errors-catalogue.test.ts` checks it against DESIGN.md.
 */
export const ERROR_CATALOGUE = {
  invalid_request: { status: 400, title: 'Invalid request' },
  unsupported_format: { status: 400, title: 'Unsupported format' },
  missing_api_key: { status: 401, title: 'Missing API key' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  insufficient_prompts: { status: 402, title: 'Insufficient prompts' },
  not_found: { status: 404, title: 'Not found' },
  connection_not_found: { status: 404, title: 'Connection not found' },
  run_not_found: { status: 404, title: 'Run not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  /** A run ended because its client went away before the answer (not charged). */
  run_cancelled: { status: 409, title: 'Run cancelled' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  question_not_understood: { status: 422, title: 'Question not understood' },
  rate_limited: { status: 429, title: 'Too many requests' },
  headers_too_large: { status: 431, title: 'Request headers too large' },
  internal_error: { status: 500, title: 'Internal error' },
  connection_unavailable: { status: 502, title: 'Connection unavailable' },
  query_timeout: { status: 504, title: 'Query timed out' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * An error meant for the caller. `detail` must be safe to show: it may name the bad value the
 * caller sent, never a connection string, a key or a driver message. The original error, if any,
 * goes in `cause` for the logs.
 */
export class QuerentError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  /** Extra members for the problem body, e.g. `{ suggestions }` or `{ errors }`. */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, detail: string, options: { cause?: unknown; extensions?: Record<string, unknown> } = {}) {
    super(detail, { cause: options.cause });
    this.name = 'QuerentError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.detail = detail;
    this.extensions = options.extensions ?? {};
  }
}

export function isQuerentError(error: unknown): error is QuerentError {
  return error instanceof QuerentError;
}

/** Whether the caller, not the service, is at fault (4xx). */
export function isCallerFault(code: ErrorCode): boolean {
  return ERROR_CATALOGUE[code].status < 500;
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}
