/**
 * Counts requests that failed authentication (no key, or a wrong or revoked one) per client
 * address in fixed windows, so that guessing keys, or flooding the key look-up, is cut off before
 * it reaches the store. In memory, per process.
 */
export interface AuthFailureLimit {
  /** Whole seconds until `address` may present unknown keys again; 0 when it may now. */
  blockedFor(address: string): number;
  recordFailure(address: string): void;
}

/** Above this many addresses tracked, expired windows are swept before a new one is added. */
const SWEEP_ABOVE = 10_000;

export function createAuthFailureLimit(options: { max: number; windowMs?: number; now?: () => number }): AuthFailureLimit {
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { failures: number; resetAt: number }>();

  const current = (address: string) => {
    const window = windows.get(address);
    if (window && window.resetAt <= now()) {
      windows.delete(address);
      return undefined;
    }
    return window;
  };

  return {
    blockedFor(address) {
      const window = current(address);
      return window && window.failures >= options.max ? Math.max(1, Math.ceil((window.resetAt - now()) / 1000)) : 0;
    },
    recordFailure(address) {
      const window = current(address);
      if (window) {
        window.failures += 1;
        return;
      }
      if (windows.size >= SWEEP_ABOVE) {
        for (const [tracked, { resetAt }] of windows) if (resetAt <= now()) windows.delete(tracked);
      }
      windows.set(address, { failures: 1, resetAt: now() + windowMs });
    },
  };
}
