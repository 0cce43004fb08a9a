import type { RunRecord } from '../store/runs-repository.ts';
import type { Answer, AnswerFormat } from '../render/answer.ts';
import { renderAnswer } from '../render/render-answer.ts';
import { QuerentError, isErrorCode } from '../core/errors.ts';
import { toAnswerInput, type RunOutput } from './run-output.ts';

export interface RunEnvelope {
  readonly runId: string;
  readonly status: string;
  readonly connectionId: number;
  readonly format: string;
  readonly prompt: string;
  readonly createdAt: string;
  readonly completedAt: string | null;
  /** For a follow-up, the run it refines; else null. */
  readonly previousRunId: string | null;
  readonly answer?: Answer;
  readonly error?: { readonly code: string; readonly message: string; readonly reason?: string; readonly suggestions?: readonly string[] };
}

/** A failed run's error as the problem it names, with the run id (and a decline's reason and suggestions). */
export function runError(run: RunRecord): QuerentError {
  const error = run.error ?? { code: 'internal_error', message: 'The run failed.' };
  return new QuerentError(isErrorCode(error.code) ? error.code : 'internal_error', error.message, {
    extensions: { runId: run.id, ...(error.reason ? { reason: error.reason } : {}), ...(error.suggestions ? { suggestions: error.suggestions } : {}) },
  });
}

/** The run as callers see it; a complete run's answer is rendered in `format` (free to change on read). */
export async function runEnvelope(run: RunRecord, format: AnswerFormat = run.format as AnswerFormat): Promise<RunEnvelope> {
  const envelope: RunEnvelope = {
    runId: run.id,
    status: run.status,
    connectionId: run.connectionId,
    format,
    prompt: run.prompt,
    createdAt: run.createdAt,
    completedAt: run.completedAt,
    previousRunId: run.previousRunId,
  };
  if (run.status === 'complete' && run.output) {
    return { ...envelope, answer: await renderAnswer(format, toAnswerInput(run.output as RunOutput)) };
  }
  if (run.status === 'failed' && run.error) return { ...envelope, error: run.error };
  return envelope;
}
