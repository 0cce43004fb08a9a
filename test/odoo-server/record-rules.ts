/** What every search adds to a domain: the `active` filter and the multi-company record rule. */
import type pg from 'pg';
import { compileDomain, domainMentions } from './domain-compiler.ts';
import { getField } from './model-registry.ts';
import type { ModelDefinition, OdooMajor } from './model-types.ts';
import { fieldSql, type SqlContext } from './sql-context.ts';

/** One authenticated call: who calls, with which context, against which database. */
export interface OdooEnvironment {
  pool: pg.Pool;
  major: OdooMajor;
  uid: number;
  /** `context.allowed_company_ids`, or all the user's companies when absent (odoo/api.py). */
  companyIds: number[];
  context: Record<string, unknown>;
}

/** The WHERE clause of a search: the caller's domain, archived records hidden, other companies' records hidden. */
export function searchWhere(model: ModelDefinition, alias: string, domain: unknown, environment: OdooEnvironment, context: SqlContext): string {
  const clauses = [compileDomain(model, alias, domain, context)];
  if (getField(model, 'active', environment.major) !== undefined && environment.context.active_test !== false && !domainMentions(domain, 'active')) {
    clauses.push(`${alias}.active IS TRUE`);
  }
  clauses.push(companyRule(model, alias, environment, context));
  return clauses.join(' AND ');
}

/** Odoo's usual rule: `['|', ('company_id', '=', False), ('company_id', 'in', company_ids)]`. */
export function companyRule(model: ModelDefinition, alias: string, environment: OdooEnvironment, context: SqlContext): string {
  if (model.name === 'res.company') return `${alias}.id = ANY(${context.bind(environment.companyIds)}::int[])`;
  if (getField(model, 'company_id', environment.major) === undefined) return 'TRUE';
  const company = fieldSql(model, alias, 'company_id', context);
  return `(${company} IS NULL OR ${company} = ANY(${context.bind(environment.companyIds)}::int[]))`;
}
