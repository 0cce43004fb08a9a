/** @querent/client: a TypeScript client of the Querent API, with no dependencies beyond fetch. */
export { QuerentClient } from './querent-client.ts';
export type {
  AnswerFormat, AnswerOf, AnsweredRun, AskOptions, Connection, ConnectionPage, Context, EmailAnswer, JsonAnswer, PendingRun,
  QuerentClientOptions, Run, RunOptions, TextAnswer,
} from './querent-client.ts';
export { QuerentProblemError } from './problem-error.ts';
export type { Problem } from './problem-error.ts';
export type { components, paths } from './openapi-types.ts';
