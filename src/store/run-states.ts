/** Run states, declared once and reused in SQL and TypeScript. */
export const RUN_STATES = ['queued', 'running', 'complete', 'failed'] as const;
export type RunState = (typeof RUN_STATES)[number];

export const UNFINISHED_STATES: readonly RunState[] = ['queued', 'running'];

export function isFinished(state: RunState): boolean {
  return state === 'complete' || state === 'failed';
}
