import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { useChartWidth } from './use-chart-width';

/** Observers that the test drives by hand: the browser's layout and scrolling do not exist in jsdom. */
const intersections: ((entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void)[] = [];
interface ResizeEntry {
  borderBoxSize: { inlineSize: number; blockSize: number }[];
  contentRect: { x: number; y: number; top: number; left: number; bottom: number; right: number };
}
const resizes: ((entries: ResizeEntry[]) => void)[] = [];
let disconnected = 0;

class FakeIntersectionObserver {
  constructor(callback: (entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void) {
    intersections.push(callback);
  }
  observe(): void {}
  disconnect(): void {
    disconnected++;
  }
}

class FakeResizeObserver {
  constructor(callback: (entries: ResizeEntry[]) => void) {
    resizes.push(callback);
  }
  observe(): void {}
  disconnect(): void {}
}

function Frame() {
  const { ref, width } = useChartWidth();
  return (
    <div ref={ref} data-testid="frame">
      {width}
    </div>
  );
}

afterEach(() => {
  intersections.length = 0;
  resizes.length = 0;
  disconnected = 0;
});

/** Reports a frame width through the resize observer (Mantine applies it on the next animation frame). */
async function resizeTo(width: number) {
  await act(async () => {
    const contentRect = { x: 0, y: 0, top: 0, left: 0, bottom: 300, right: width };
    for (const callback of resizes)
      callback([{ borderBoxSize: [{ inlineSize: width, blockSize: 300 }], contentRect }]);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

test('a chart frame gets its width only once it has come near the viewport, and keeps it', async () => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  render(<Frame />);
  const width = 640;
  await resizeTo(width);
  expect(screen.getByTestId('frame').textContent).toBe('0');

  act(() => intersections.forEach((callback) => callback([{ isIntersecting: false }])));
  expect(screen.getByTestId('frame').textContent).toBe('0');

  act(() => intersections.forEach((callback) => callback([{ isIntersecting: true }])));
  expect(screen.getByTestId('frame').textContent).toBe(String(width));
  expect(disconnected).toBeGreaterThan(0);

  // Scrolled away again: the chart stays drawn, and follows the frame's width.
  act(() => intersections.forEach((callback) => callback([{ isIntersecting: false }])));
  await resizeTo(width / 2);
  expect(screen.getByTestId('frame').textContent).toBe(String(width / 2));
});

test('without IntersectionObserver a frame counts as near: its width alone decides', async () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  render(<Frame />);
  expect(screen.getByTestId('frame').textContent).toBe('0');
  const width = 512;
  await resizeTo(width);
  expect(screen.getByTestId('frame').textContent).toBe(String(width));
});
