import { Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import classes from './sticky-table.module.css';

export interface ScrollState {
  /** The table is wider than its container. */
  overflowing: boolean;
  /** There are columns to the right of the visible part. */
  moreRight: boolean;
}

/** Whether a scroll container overflows sideways and has more to its right (1 px slack for rounding). */
export function scrollState(element: {
  scrollWidth: number;
  clientWidth: number;
  scrollLeft: number;
}): ScrollState {
  const overflowing = element.scrollWidth > element.clientWidth + 1;
  return {
    overflowing,
    moreRight: overflowing && element.scrollLeft + element.clientWidth < element.scrollWidth - 1,
  };
}

const SCROLL_CONTAINER = '.mantine-TableScrollContainer-scrollContainer';

/**
 * Around a table in Mantine's scroll container: when the table is wider than the screen, says so above it and fades
 * the right edge while there is more to scroll to. Nothing shows when the table fits.
 */
export function TableScrollHint({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScrollState>({ overflowing: false, moreRight: false });
  useEffect(() => {
    const container = ref.current?.querySelector<HTMLElement>(SCROLL_CONTAINER);
    if (!container) return;
    const update = () =>
      setState((current) => {
        const next = scrollState(container);
        return next.overflowing === current.overflowing && next.moreRight === current.moreRight
          ? current
          : next;
      });
    update();
    container.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(container);
    return () => {
      container.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return (
    <div>
      {state.overflowing && (
        <Text size="xs" c="gray.7" data-testid="scroll-hint">
          {intl.formatMessage({ id: 'results.scrollHint' })}
        </Text>
      )}
      <div ref={ref} className={classes.scrollHint} data-more-right={state.moreRight || undefined}>
        {children}
      </div>
    </div>
  );
}
