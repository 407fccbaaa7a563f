import type { ChildProcess } from 'node:child_process';

/**
 * Waits until a spawned server answers its health check. Fails at once when the process stops, and after
 * `timeoutMs`; both failures carry what the process printed (`output`) so the cause shows in the test's report.
 */
export async function untilHealthy(
  child: ChildProcess,
  base: string,
  options: { timeoutMs: number; output?: () => string },
): Promise<void> {
  const printed = () => (options.output ? `:\n${options.output()}` : '');
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server at ${base} stopped (exit ${child.exitCode})${printed()}`);
    try {
      if ((await fetch(`${base}/api/1.0/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${base} did not answer within ${options.timeoutMs / 1000} s${printed()}`);
}
