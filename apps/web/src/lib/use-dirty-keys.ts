import { useCallback, useRef, useState } from 'react';

/**
 * Which editors of a page hold unsaved text, for the page's one leave guard (a router allows one blocker at a time).
 * `changeFor(key)` is stable per key, so an editor can call it from an effect without looping.
 */
export function useDirtyKeys() {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const callbacks = useRef(new Map<string, (isDirty: boolean) => void>());
  const changeFor = useCallback((key: string) => {
    let callback = callbacks.current.get(key);
    if (!callback) {
      callback = (isDirty: boolean) =>
        setDirty((current) => {
          if (current.has(key) === isDirty) return current;
          const next = new Set(current);
          if (isDirty) next.add(key);
          else next.delete(key);
          return next;
        });
      callbacks.current.set(key, callback);
    }
    return callback;
  }, []);
  return { anyDirty: dirty.size > 0, changeFor };
}
