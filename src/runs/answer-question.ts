import type { PreviousQuestion, QuestionEngine } from '../engine/question-engine.ts';
import type { ConnectorRegistry } from '../services/connector-registry.ts';
import type { ConnectionRecord } from '../store/connections-repository.ts';
import type { RunOutput } from './run-output.ts';
import type { Connector } from '../connectors/connector.ts';
import type { Catalog } from '../connectors/catalog.ts';
import type { LogicalQuery } from '../query/logical-query.ts';
import { QuerentError, isQuerentError } from '../core/errors.ts';
import { declineMessage } from '../engine/declines.ts';
import { describeTie, findTiedCut } from './tied-cut.ts';
import { executeOnce, rowsOnConnection } from './rows-of.ts';

export interface AnswerDependencies {
  readonly engine: QuestionEngine;
  readonly registry: ConnectorRegistry;
  readonly queryTimeoutMs: number;
  readonly maxRows: number;
}

/** Where the time of one run went, in ms; filled in as the stages pass (so also when one throws). */
export interface AnswerTimings {
  /** The question engine's planning (question + catalog → logical query). */
  planningMs?: number;
  /** Executing the compiled statement on the data source. */
  queryMs?: number;
}

/** What a run asks: its question and, for a follow-up, the earlier question and query it refines. */
export interface AnswerRequest {
  readonly question: string;
  readonly previous?: PreviousQuestion;
}

/** Question → logical query → compiled statement → result: the work of one run. */
export async function answerQuestion(
  deps: AnswerDependencies, connection: ConnectionRecord, request: AnswerRequest, signal: AbortSignal, timings: AnswerTimings = {},
): Promise<RunOutput> {
  const { question, previous } = request;
  const connector = await deps.registry.connector(connection);
  const { catalog, values } = await deps.registry.knowledge(connection, { signal });
  const executeOptions = { signal, timeoutMs: deps.queryTimeoutMs, maxRows: deps.maxRows };
  const planningStarted = performance.now();
  const execute = executeOnce(connector, executeOptions);
  const rowsOf = rowsOnConnection(connector, catalog, executeOptions, execute);
  const plan = await deps.engine.plan(question, { catalog, values, now: new Date(), rowsOf, ...(previous ? { previous } : {}) });
  timings.planningMs = performance.now() - planningStarted;
  if (!plan.ok) {
    throw new QuerentError('question_not_understood', plan.reason, { extensions: { reason: plan.code, suggestions: plan.suggestions } });
  }
  const compiled = compileOrDecline(connector, plan.query, catalog);
  const queryStarted = performance.now();
  const result = await execute(compiled);
  const tie = await findTiedCut(connector, plan.query, catalog, result, executeOptions);
  timings.queryMs = performance.now() - queryStarted;
  if (tie) {
    throw new QuerentError('question_not_understood', declineMessage('tied_at_cut', describeTie(tie)), { extensions: { reason: 'tied_at_cut', suggestions: [] } });
  }
  return {
    question,
    query: plan.query,
    compiled,
    result,
    interpretation: plan.interpretation,
    assumptions: plan.assumptions,
    conditions: plan.conditions,
    definitions: plan.definitions ?? [],
    connectionName: connection.name,
    answeredAt: new Date().toISOString(),
  };
}

/**
 * A plan the connection's kind cannot express (e.g. a ratio on Odoo's read_group) is a question
 * this connection cannot answer: 422, not charged, rather than a failure.
 */
function compileOrDecline(connector: Connector, query: LogicalQuery, catalog: Catalog) {
  try {
    return connector.compile(query, catalog);
  } catch (error) {
    if (isQuerentError(error) && error.code === 'invalid_request') {
      throw new QuerentError('question_not_understood', `This connection cannot answer that question: ${error.detail}`, {
        cause: error, extensions: { reason: 'not_expressible', suggestions: [] },
      });
    }
    throw error;
  }
}
