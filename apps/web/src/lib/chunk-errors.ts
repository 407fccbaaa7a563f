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
