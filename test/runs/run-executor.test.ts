import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { RunExecutor, type QueuedRun } from '../../src/runs/run-executor.ts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('run executor', () => {
  it('bounds concurrency in all and per workspace, and starts waiting runs in order as others end', async () => {
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const ended = new Map<string, ReturnType<typeof deferred>>();
    const started: string[] = [];
    const executor = new RunExecutor({
      concurrency: 3, perWorkspace: 2, logger: pino({ level: 'silent' }),
      process: async (run: QueuedRun) => {
        started.push(run.id);
        const gate = deferred();
        gates.set(run.id, gate);
        await gate.promise;
        ended.get(run.id)?.resolve();
      },
    });
    const endOf = (id: string): Promise<void> => {
      const done = deferred();
      ended.set(id, done);
      return done.promise;
    };
    for (const id of ['a1', 'a2', 'a3', 'b1', 'b2']) executor.submit({ id, workspaceId: id[0]! });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'a2', 'b1']);
    const a1 = endOf('a1');
    gates.get('a1')!.resolve();
    await a1;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    const a3 = endOf('a3');
    for (const id of ['a2', 'b1', 'a3']) gates.get(id)!.resolve();
    await a3;
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
    gates.get('b2')!.resolve();
    await executor.close();
  });

  it('aborts runs in progress on close, and drops a cancelled run from the queue', async () => {
    let aborted = false;
    const started: string[] = [];
    const executor = new RunExecutor({
      concurrency: 1, perWorkspace: 1, logger: pino({ level: 'silent' }),
      process: (run, signal) => new Promise<void>((resolve) => {
        started.push(run.id);
        signal.addEventListener('abort', () => { aborted = true; resolve(); });
      }),
    });
    executor.submit({ id: 'r', workspaceId: 'w' });
    executor.submit({ id: 'queued', workspaceId: 'w' });
    executor.cancel('queued');
    await new Promise((resolve) => setImmediate(resolve));
    await executor.close();
    expect(aborted).toBe(true);
    expect(started).toEqual(['r']);
  });
});

describe('untilAborted', () => {
  it('rejects when the signal aborts, without cancelling the shared promise', async () => {
    const { untilAborted } = await import('../../src/core/abort.ts');
    let finish!: (value: number) => void;
    const shared = new Promise<number>((resolve) => (finish = resolve));
    const controller = new AbortController();
    const waiting = untilAborted(shared, controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    finish(42);
    await expect(untilAborted(shared)).resolves.toBe(42);
  });
});
