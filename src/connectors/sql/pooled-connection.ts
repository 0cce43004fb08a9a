/** Taking a connection from a driver's pool, so that a run's AbortSignal stops the wait. */

/** The reason an aborted signal carries, as an Error. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The query was aborted.', 'AbortError');
}

/**
 * Waits for `connecting` (already mapped to QuerentErrors), giving up when the signal aborts
 * first; a connection that arrives after the abort goes back through `giveBack`.
 */
export async function acquireUnlessAborted<Connection>(
  connecting: Promise<Connection>,
  signal: AbortSignal | undefined,
  giveBack: (connection: Connection) => void,
): Promise<Connection> {
  if (signal === undefined) return connecting;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([connecting, aborted]);
  } catch (error) {
    connecting.then(giveBack, () => {});
    throw error;
  } finally {
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}
