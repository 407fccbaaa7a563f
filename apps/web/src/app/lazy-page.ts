import { SCRIPT_LOAD_TIMEOUT_MS } from '@leerzicht/contract';
import type { ComponentType } from 'react';
import { ChunkLoadError } from '../lib/chunk-errors';

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`Loading a part of the app took longer than ${SCRIPT_LOAD_TIMEOUT_MS} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * A route's `lazy` loader: imports a page module (giving up after the spec's timeout) and picks its
 * component. A failed or late script or style part rejects with a ChunkLoadError, which the error view
 * answers with a reload button.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), SCRIPT_LOAD_TIMEOUT_MS);
    });
    let module: M;
    try {
      module = await Promise.race([load(), timeout]);
    } catch (error) {
      throw new ChunkLoadError(error);
    } finally {
      clearTimeout(timer);
    }
    return { Component: pick(module) };
  };
}
