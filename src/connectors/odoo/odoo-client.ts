/**
 * The read-only guard and the one door to Odoo. Every model call goes through {@link OdooClient.call},
 * which refuses, before any request is built, a method outside {@link ODOO_READ_METHODS}, a grouping
 * method the server version does not have, and `read_group` without `lazy: false`. It probes the
 * server version once (`common.version`), picks the transport (JSON-2 from 19 on, else JSON-RPC),
 * and adds the same context to every call.
 */
import { QuerentError } from '../../core/errors.ts';
import { createJson2Transport } from './odoo-json2-transport.ts';
import { createJsonRpcTransport, probeOdooVersion } from './odoo-jsonrpc-transport.ts';
import {
  ODOO_READ_METHODS,
  assertReadCall,
  protocolFor,
  type OdooEndpoint,
  type OdooReadMethod,
  type OdooServerVersion,
  type OdooTransport,
} from './odoo-transport.ts';

export { ODOO_READ_METHODS, type OdooReadMethod };

export interface OdooClientOptions extends OdooEndpoint {
  /** Companies whose records are read (`allowed_company_ids`); default: every company of the user, as Odoo does. */
  readonly companyIds?: readonly number[];
  /** Language of labels and names (`context.lang`). Default `en_US`. */
  readonly lang?: string;
  /** Milliseconds per call unless the call says otherwise. Default 30 000. */
  readonly timeoutMs?: number;
  /** Forces a protocol instead of choosing by version (tests). */
  readonly protocol?: OdooTransport['protocol'];
}

export interface OdooCallSettings {
  readonly signal?: AbortSignal;
  /** Milliseconds; default the client's. */
  readonly timeoutMs?: number;
  /** `context.active_test`: false includes archived records. Default true. */
  readonly activeTest?: boolean;
}

export interface OdooClient {
  /** The server's version, probed once (again after a failure). */
  version(options?: OdooCallSettings): Promise<OdooServerVersion>;
  /** Probes the version and checks the credentials. */
  connect(options?: OdooCallSettings): Promise<void>;
  /** One read call with named parameters; `context` is added here. */
  call(model: string, method: string, params: Readonly<Record<string, unknown>>, options?: OdooCallSettings): Promise<unknown>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Parameters the JSON-RPC transport passes positionally, per method. `name_search`'s second
 * parameter was renamed (`args` → `domain`), so only its position is stable.
 */
const POSITIONAL: Readonly<Record<OdooReadMethod, readonly string[]>> = {
  fields_get: [],
  search_read: ['domain'],
  search_count: ['domain'],
  read_group: ['domain', 'fields', 'groupby'],
  formatted_read_group: ['domain', 'groupby', 'aggregates'],
  name_search: ['name', 'domain'],
  read: ['ids', 'fields'],
};

/** Refuses a call that is not a read, or not a read this server version answers safely. Sends nothing. */
export function assertAllowedCall(model: string, method: string, params: Readonly<Record<string, unknown>>, version?: OdooServerVersion): asserts method is OdooReadMethod {
  assertReadCall(model, method);
  if ('context' in params) throw new QuerentError('invalid_request', 'The context of an Odoo call is set by the connector, not the caller.');
  if (method === 'read_group') {
    // lazy=True applies only the first groupby and renames the count key.
    if (params['lazy'] !== false) throw new QuerentError('invalid_request', 'read_group must be called with lazy: false.');
    if (version !== undefined && version.major >= 19) throw new QuerentError('invalid_request', 'read_group is deprecated from Odoo 19; use formatted_read_group.');
  }
  if (method === 'formatted_read_group' && version !== undefined && version.major < 19) {
    throw new QuerentError('invalid_request', `formatted_read_group does not exist before Odoo 19 (the server runs ${version.text}).`);
  }
}

export function createOdooClient(options: OdooClientOptions): OdooClient {
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.companyIds !== undefined && !options.companyIds.every((id) => Number.isInteger(id) && id > 0)) {
    throw new QuerentError('invalid_request', 'companyIds must be positive integers.');
  }
  let probed: Promise<{ version: OdooServerVersion; transport: OdooTransport }> | undefined;

  function settle(settings: OdooCallSettings) {
    return { timeoutMs: settings.timeoutMs ?? defaultTimeoutMs, ...(settings.signal === undefined ? {} : { signal: settings.signal }) };
  }

  function connection(settings: OdooCallSettings) {
    probed ??= (async () => {
      const version = await probeOdooVersion(options, settle(settings));
      const protocol = options.protocol ?? protocolFor(version);
      const transport = protocol === 'json2' ? createJson2Transport(options) : createJsonRpcTransport(options);
      return { version, transport };
    })();
    // A server that was down, or a fixed URL, works again without a restart.
    probed.catch(() => {
      probed = undefined;
    });
    return probed;
  }

  function context(settings: OdooCallSettings): Record<string, unknown> {
    return {
      lang: options.lang ?? 'en_US',
      // Datetimes are read and bucketed in UTC; `odoo-values.ts` prints them as ISO strings.
      tz: 'UTC',
      active_test: settings.activeTest ?? true,
      ...(options.companyIds === undefined ? {} : { allowed_company_ids: [...options.companyIds] }),
    };
  }

  return {
    async version(settings = {}) {
      return (await connection(settings)).version;
    },

    async connect(settings = {}) {
      const { transport } = await connection(settings);
      await transport.authenticate(settle(settings));
    },

    async call(model, method, params, settings = {}) {
      // Checked before the version probe, so a refused call sends nothing at all.
      assertAllowedCall(model, method, params);
      const { version, transport } = await connection(settings);
      assertAllowedCall(model, method, params, version);
      const call = { model, method, params: { ...params, context: context(settings) }, positional: POSITIONAL[method] };
      return transport.call(call, settle(settings));
    },
  };
}
