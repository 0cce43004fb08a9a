/** The replies that depend on how far a run got: pending (202), failed (its problem), or a file. */
import type { FastifyReply } from 'fastify';
import type { RunRecord } from '../store/runs-repository.ts';
import type { FileFormat } from '../render/answer.ts';
import type { RunOutput } from '../runs/run-output.ts';
import { renderFile } from '../render/render-answer.ts';
import { toAnswerInput } from '../runs/run-output.ts';
import { runError } from '../runs/run-envelope.ts';
import { sendProblem } from './problem.ts';

/** Seconds a poller is told to wait before asking again. */
const RETRY_AFTER_SECONDS = 2;

/**
 * 202 with where to poll. A file format asked for is carried in the poll link, so that polling
 * answers with the file once the run is complete.
 */
export function sendPending(reply: FastifyReply, run: RunRecord, fileFormat?: FileFormat): FastifyReply {
  const poll = `/api/v1/runs/${run.id}?wait=30${fileFormat ? `&format=${fileFormat}` : ''}`;
  return reply.status(202).header('location', `/api/v1/runs/${run.id}`).header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ runId: run.id, status: run.status, poll });
}

/** A failed run as the problem its error names, with the run id (and the decline's reason and suggestions). */
export function sendRunProblem(reply: FastifyReply, run: RunRecord): FastifyReply {
  return sendProblem(reply, runError(run));
}

/**
 * A complete run's first table as a file download; a run not yet ended answers 202 (poll for the
 * file), a failed one its problem: there is no file to give, and a 200 with JSON would be taken for it.
 */
export async function sendRunFile(reply: FastifyReply, run: RunRecord, format: FileFormat): Promise<FastifyReply> {
  if (run.status === 'failed') return sendRunProblem(reply, run);
  if (run.status !== 'complete' || !run.output) return sendPending(reply, run, format);
  const file = await renderFile(format, toAnswerInput(run.output as RunOutput));
  return reply.status(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${run.id}.${file.extension}"`)
    .header('x-querent-truncated', String(file.truncated))
    .send(file.body);
}
