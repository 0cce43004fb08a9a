/** Checks a figure's spec the two ways a consumer would meet it: the JSON schema and the compiler. */
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { compile, type TopLevelSpec } from 'vega-lite';
import * as vega from 'vega';

const schema = createRequire(import.meta.url)('vega-lite/vega-lite-schema.json') as Record<string, unknown>;
const ajv = new Ajv({ strict: false, allowUnionTypes: true, validateFormats: false });
const validate = ajv.compile(schema);

/** Schema errors as readable lines; empty when the spec is valid Vega-Lite. */
export function schemaErrors(spec: Record<string, unknown>): string[] {
  if (validate(spec)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}

/** Compiles to Vega and returns what vega-lite warned about; throws on an invalid spec. */
export function compileWarnings(spec: Record<string, unknown>): string[] {
  const warnings: string[] = [];
  const base = vega.logger(vega.None);
  const logger = Object.assign(base, {
    warn: (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
      return logger;
    },
  });
  compile(spec as unknown as TopLevelSpec, { logger });
  return warnings;
}
