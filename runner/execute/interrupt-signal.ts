/** Exit codes of a run stopped by a signal: 128 + signal number. */
export const SIGNAL_EXIT_CODES: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

export interface InterruptSignal {
  signal: AbortSignal;
  /** The signal's name once one arrived, else null. */
  received: () => string | null;
  dispose: () => void;
}

/**
 * Turns the first SIGINT/SIGTERM into an abort (the runner stops the current container, removes the run's
 * containers and writes what is done); a second one exits at once.
 */
export function listenForInterrupt(
  onSecond: (name: string) => void = (name) => process.exit(SIGNAL_EXIT_CODES[name] ?? 1),
): InterruptSignal {
  const controller = new AbortController();
  let received: string | null = null;
  const handlers = Object.keys(SIGNAL_EXIT_CODES).map((name) => {
    const handler = () => {
      if (received) return onSecond(name);
      received = name;
      process.stderr.write(
        `\n[run] ${name}: stopping the current container and cleaning up (again to force)\n`,
      );
      controller.abort(name);
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    received: () => received,
    dispose: () => {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}
