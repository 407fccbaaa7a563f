import { SCRIPT_LOAD_TIMEOUT_MS } from '@leerzicht/contract';

/** A lazily loaded part of the app (script or style) failed to load or took too long. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`Loading a part of the app failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`Loading a part of the app took longer than ${SCRIPT_LOAD_TIMEOUT_MS} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * Imports a lazily loaded part of the app, giving up after the spec's timeout (section 4): a failed or late
 * script or style part rejects with a ChunkLoadError.
 */
export async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), SCRIPT_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    throw new ChunkLoadError(error);
  } finally {
    clearTimeout(timer);
  }
}
