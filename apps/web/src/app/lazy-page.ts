import { SCRIPT_LOAD_TIMEOUT_MS } from '@leerzicht/contract';
import type { ComponentType } from 'react';

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`Loading a part of the app took longer than ${SCRIPT_LOAD_TIMEOUT_MS} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** A route's `lazy` loader: imports a page module (giving up after the spec's timeout) and picks its component. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), SCRIPT_LOAD_TIMEOUT_MS);
    });
    try {
      return { Component: pick(await Promise.race([load(), timeout])) };
    } finally {
      clearTimeout(timer);
    }
  };
}
