/** Odoo exceptions as the test double raises them, and how /jsonrpc and /json/2 serialise them. */

export class OdooError extends Error {
  /** Python qualified name, e.g. 'odoo.exceptions.AccessError' (serialize_exception's `name`). */
  readonly qualifiedName: string;

  constructor(qualifiedName: string, message: string) {
    super(message);
    this.qualifiedName = qualifiedName;
  }
}

export const accessDenied = (): OdooError => new OdooError('odoo.exceptions.AccessDenied', 'Access Denied');
export const accessError = (message: string): OdooError => new OdooError('odoo.exceptions.AccessError', message);
export const valueError = (message: string): OdooError => new OdooError('builtins.ValueError', message);
export const typeError = (message: string): OdooError => new OdooError('builtins.TypeError', message);
export const missingError = (message: string): OdooError => new OdooError('odoo.exceptions.MissingError', message);

/** `serialize_exception` output: the `data` of a JSON-RPC error and the whole body of a /json/2 error. */
export function serializeError(error: OdooError, major: number): Record<string, unknown> {
  const data: Record<string, unknown> = {
    name: error.qualifiedName,
    message: error.message,
    arguments: [error.message],
    context: {},
    debug: `Traceback (most recent call last):\n  File "odoo/http.py", line 1, in _call_function\n${error.qualifiedName}: ${error.message}\n`,
  };
  // Servers up to 15 also send exception_type (reference §1.2).
  if (major <= 15) data.exception_type = exceptionType(error.qualifiedName);
  return data;
}

function exceptionType(name: string): string {
  if (name.endsWith('AccessDenied')) return 'access_denied';
  if (name.endsWith('AccessError')) return 'access_error';
  if (name.endsWith('MissingError')) return 'missing_error';
  if (name.endsWith('UserError') || name.endsWith('ValidationError')) return 'user_error';
  return 'internal_error';
}

/** HTTP status of a /json/2 error (reference §1.3: 401 bad key, 422 bad argument; the rest by exception class). */
export function json2Status(error: OdooError): number {
  const name = error.qualifiedName;
  if (name === 'odoo.exceptions.AccessDenied' || name === 'werkzeug.exceptions.Unauthorized') return 401;
  if (name === 'odoo.exceptions.AccessError') return 403;
  if (name === 'odoo.exceptions.MissingError' || name === 'werkzeug.exceptions.NotFound' || name === 'builtins.KeyError') return 404;
  if (name === 'werkzeug.exceptions.UnprocessableEntity' || name === 'builtins.TypeError' || name === 'builtins.ValueError'
    || name === 'odoo.exceptions.UserError' || name === 'odoo.exceptions.ValidationError') return 422;
  return 500;
}
