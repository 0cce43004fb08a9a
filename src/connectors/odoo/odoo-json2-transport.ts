/**
 * `POST /json/2/<model>/<method>` (Odoo 19+): named parameters in the body, the API key as a
 * bearer token, the database in `X-Odoo-Database`. Success is HTTP 200 with the method's raw
 * result; failures are real HTTP statuses with `{ name, message, … }` bodies.
 */
import { OdooServerError } from './odoo-errors.ts';
import {
  assertReadCall,
  endpointUrl,
  postJson,
  unexpectedAnswer,
  type OdooCall,
  type OdooCallOptions,
  type OdooEndpoint,
  type OdooTransport,
} from './odoo-transport.ts';

export function createJson2Transport(endpoint: OdooEndpoint): OdooTransport {
  const fetchImpl = endpoint.fetch ?? fetch;
  const headers = { Authorization: `bearer ${endpoint.apiKey}`, 'X-Odoo-Database': endpoint.database };

  async function call(request: OdooCall, options: OdooCallOptions): Promise<unknown> {
    assertReadCall(request.model, request.method);
    const url = endpointUrl(endpoint.url, `/json/2/${request.model}/${request.method}`);
    const answer = await postJson(fetchImpl, url, request.params, headers, options);
    if (answer.status === 200) return answer.body ?? null;
    const body = typeof answer.body === 'object' && answer.body !== null ? (answer.body as { name?: unknown; message?: unknown }) : undefined;
    if (body === undefined || typeof body.name !== 'string') throw unexpectedAnswer(answer, request.model);
    throw new OdooServerError({
      exceptionName: body.name,
      serverMessage: typeof body.message === 'string' ? body.message : '',
      httpStatus: answer.status,
      model: request.model,
    });
  }

  return {
    protocol: 'json2',

    async authenticate(options) {
      // The key names its user; any call checks it. `fields_get` of one field of res.users is the cheapest read.
      await call({ model: 'res.users', method: 'fields_get', params: { allfields: ['id'], attributes: ['type'] }, positional: [] }, options);
    },

    call,
  };
}
