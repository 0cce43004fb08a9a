/**
 * The Odoo connector (`kind: odoo`): wires the client (read-only guard + transports), the
 * introspector, the compiler and the value normaliser. Connects lazily; `test()` probes the
 * version and checks the credentials.
 */
import type { Catalog } from '../catalog.ts';
import type { CompiledQuery, Connector, ExecuteOptions, ResultTable } from '../connector.ts';
import { QuerentError } from '../../core/errors.ts';
import type { LogicalQuery } from '../../query/logical-query.ts';
import { DEFAULT_TIMEOUT_MS, createOdooClient, type OdooClient } from './odoo-client.ts';
import { compileOdoo } from './odoo-compiler.ts';
import { toConnectionError, toQuerentError } from './odoo-errors.ts';
import { introspectOdoo, sampleOdooValues } from './odoo-introspector.ts';
import { renderCall, type OdooPlan, type RenderedCall } from './odoo-plan.ts';
import { countRelated, resolveRelated } from './odoo-related.ts';
import { resolveAverages } from './odoo-average.ts';
import { mergeParts, type MergedPlan } from './odoo-merge.ts';
import { toResultTable } from './odoo-values.ts';

export interface OdooConnectorOptions {
  /** Base URL of the Odoo server, e.g. `https://acme.odoo.com`. Credentials in it are ignored. */
  readonly url: string;
  readonly database: string;
  /** The login of the (ideally dedicated, low-privilege) user the API key belongs to. */
  readonly login: string;
  /** API key (Preferences → Account Security), used as the password (≤18) or bearer token (19+). */
  readonly apiKey: string;
  /** Rows a result holds at most (the rest is cut and `truncated` set). Default 1 000. */
  readonly maxRows?: number;
  /** `allowed_company_ids` on every call; default every company of the user (Odoo's own default). */
  readonly companyIds?: number[];
  /** Milliseconds per call. Default 30 000. */
  readonly timeoutMs?: number;
  /** Injected in tests; default the global `fetch`. */
  readonly fetch?: typeof fetch;
}

const DEFAULT_MAX_ROWS = 1_000;
/** `test()` gives the server this long per call. */
const TEST_TIMEOUT_MS = 10_000;

export function createOdooConnector(options: OdooConnectorOptions): Connector {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isInteger(maxRows) || maxRows < 1) throw new QuerentError('invalid_request', 'maxRows must be a positive integer.');
  for (const [name, value] of [['url', options.url], ['database', options.database], ['login', options.login], ['apiKey', options.apiKey]] as const) {
    if (typeof value !== 'string' || value.length === 0) throw new QuerentError('invalid_request', `The Odoo connection needs a ${name}.`);
  }
  if (!URL.canParse(options.url) || !/^https?:$/.test(new URL(options.url).protocol)) {
    throw new QuerentError('invalid_request', 'The Odoo URL must be an http(s) address, e.g. https://acme.odoo.com.');
  }
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client: OdooClient = createOdooClient({
    url: options.url,
    database: options.database,
    login: options.login,
    apiKey: options.apiKey,
    timeoutMs: defaultTimeoutMs,
    ...(options.companyIds === undefined ? {} : { companyIds: options.companyIds }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  // Known after the first probe; the compiled text then shows the call this server gets.
  let serverMajor: number | undefined;
  const rememberVersion = async (signal?: AbortSignal) => {
    serverMajor = (await client.version(signal === undefined ? {} : { signal })).major;
    return serverMajor;
  };

  return {
    kind: 'odoo',

    async introspect(settings = {}): Promise<Catalog> {
      try {
        await rememberVersion(settings.signal);
        return await introspectOdoo(client, settings);
      } catch (error) {
        if (settings.signal?.aborted) throw error;
        throw toQuerentError(error);
      }
    },

    async sampleValues(catalog, settings = {}) {
      try {
        return await sampleOdooValues(client, catalog, settings);
      } catch (error) {
        if (settings.signal?.aborted) throw error;
        throw toQuerentError(error);
      }
    },

    compile(query: LogicalQuery, catalog: Catalog): CompiledQuery {
      return compileOdoo(query, catalog, { maxRows, ...(serverMajor === undefined ? {} : { serverMajor }) });
    },

    async execute(compiled: CompiledQuery, settings: ExecuteOptions = {}): Promise<ResultTable> {
      if (compiled.language !== 'odoo-rpc' || compiled.dialect !== 'odoo') {
        throw new QuerentError('internal_error', `A ${compiled.dialect} query cannot run on an Odoo connection.`);
      }
      const plan = compiled.params[0] as OdooPlan | MergedPlan | undefined;
      if (plan === undefined || typeof plan !== 'object' || typeof plan.kind !== 'string') {
        throw new QuerentError('internal_error', 'The compiled Odoo query carries no call plan.');
      }
      try {
        const major = await rememberVersion(settings.signal);
        const read = (call: RenderedCall, activeTest: boolean) => client.call(call.model, call.method, call.params, {
          timeoutMs: settings.timeoutMs ?? defaultTimeoutMs,
          activeTest,
          ...(settings.signal === undefined ? {} : { signal: settings.signal }),
        });
        const rowCap = settings.maxRows ?? maxRows;
        const run = async (part: OdooPlan, cap: number): Promise<ResultTable> => {
          const averaged = await resolveAverages(part, async (average) => (await run(average, cap)).rows);
          const resolved = await resolveRelated(averaged, major, read);
          const result = await countRelated(resolved, await read(renderCall(resolved, major), resolved.activeTest), major, read, cap);
          return toResultTable(resolved, result, major, cap);
        };
        if (plan.kind !== 'merged') return await run(plan, rowCap);
        // Every group of each part is read (each part's limit is the row cap and one more).
        const tables = [];
        for (const part of plan.parts) tables.push(await run(part, rowCap));
        return mergeParts(plan, tables, rowCap);
      } catch (error) {
        if (settings.signal?.aborted) throw error;
        throw toQuerentError(error);
      }
    },

    async test(settings = {}) {
      try {
        await client.connect({ timeoutMs: TEST_TIMEOUT_MS, ...(settings.signal === undefined ? {} : { signal: settings.signal }) });
      } catch (error) {
        if (settings.signal?.aborted) throw error;
        throw toConnectionError(error);
      }
    },

    async close() {
      // Stateless HTTP: nothing to release.
    },
  };
}
