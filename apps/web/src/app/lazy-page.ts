import type { ComponentType } from 'react';
import { loadChunk } from '../lib/chunk-errors';

/**
 * A route's `lazy` loader: imports a page module (giving up after the spec's timeout) and picks its
 * component. A failed or late script or style part rejects with a ChunkLoadError, which the error view
 * answers with a reload button.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => ({ Component: pick(await loadChunk(load)) });
}
