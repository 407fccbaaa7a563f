import { SCRIPT_LOAD_TIMEOUT_MS } from '@leerzicht/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, ChunkLoadTimeoutError, isChunkLoadError, loadChunk } from './chunk-errors';

describe('loadChunk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module once it has loaded', async () => {
    const module = { page: 'login' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
  });

  it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error: unknown = await loadChunk(() => Promise.reject(cause)).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error) && error.cause).toBe(cause);
  });

  it(`gives up after the spec's ${SCRIPT_LOAD_TIMEOUT_MS} ms, not before`, async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    const loading = loadChunk(() => new Promise<never>(() => {})).catch((reason: unknown) => {
      settled = reason;
    });
    await vi.advanceTimersByTimeAsync(SCRIPT_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(isChunkLoadError(settled)).toBe(true);
    expect(isChunkLoadError(settled) && settled.cause).toBeInstanceOf(ChunkLoadTimeoutError);
  });
});
