import { useCallback, useRef, useState } from 'react';
import { useElementSize, useMergedRef } from '@mantine/hooks';

/** How far outside the viewport a chart is already drawn, so that scrolling rarely meets an empty frame. */
const NEAR_VIEWPORT = '600px 0px';

/**
 * The width to draw a chart at: its frame's width once the frame has come near the viewport, 0 before (draw
 * nothing). A school page holds dozens of charts, most of them below the fold; drawing them all at once took
 * more than half a second of script after the page had loaded. The frame keeps its height, so the page does not
 * jump when a chart appears. Without IntersectionObserver every chart counts as near; without layout (jsdom) the
 * width stays 0.
 */
export function useChartWidth() {
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const nearRef = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        watch.disconnect();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    watch.observe(element);
    observer.current = watch;
  }, []);
  const ref = useMergedRef(sizeRef, nearRef);
  return { ref, width: near ? width : 0 };
}
