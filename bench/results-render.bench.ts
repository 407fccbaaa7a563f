/**
 * Render time of the group results page and the pupil page after their data has arrived (a pre-filled
 * QueryClient), in jsdom: 30 pupils × 8 school years × 5 subjects of generated data. Prints the median of
 * several runs; the target is under 200 ms each. Also the size of the group's answer (raw and gzip) and the time
 * to parse and unpack it. Run: `npm run bench` (npx tsx bench/results-render.bench.ts).
 */
import { JSDOM } from 'jsdom';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { packYearClassResult, readYearClassResult } from '@leerzicht/contract';

const PUPILS = 30;
const YEARS = 8;
const SUBJECTS = 5;
const RUNS = 9;
const TARGET_MS = 200;

function installDom(): void {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  });
  const globals = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in globals) continue;
    globals[key] = (dom.window as unknown as Record<string, unknown>)[key];
  }
  globals.window = dom.window;
  globals.document = dom.window.document;
  Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true });
  dom.window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globals.ResizeObserver = ResizeObserverStub;
  dom.window.ResizeObserver = ResizeObserverStub;
  dom.window.HTMLElement.prototype.scrollIntoView = () => {};
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  installDom();
  // Imported after the DOM exists: React DOM and Mantine look for it when they load.
  const [
    { createElement },
    { createRoot },
    { flushSync },
    { MantineProvider },
    { QueryClient, QueryClientProvider },
    intl,
    router,
  ] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('react-dom'),
    import('@mantine/core'),
    import('@tanstack/react-query'),
    import('react-intl'),
    import('react-router'),
  ]);
  const { loadCatalogue } = await import('../apps/web/src/i18n/messages');
  const dutch = await loadCatalogue('nl');
  const { CurrentProfileProvider } = await import('../apps/web/src/lib/current-profile');
  const { GroupResultsPage } =
    await import('../apps/web/src/features/group-results/pages/group-results-page');
  const { PupilPage } = await import('../apps/web/src/features/pupil-results/pages/pupil-page');
  const { profile, school } = await import('../apps/web/src/test/fixtures');
  const { schoolQueryOptions } = await import('../apps/web/src/entities/school');
  const { yearClassResultQueryOptions } = await import('../apps/web/src/entities/group');
  const { pupilQueryOptions } = await import('../apps/web/src/entities/pupil');
  const { userSettingsQueryOptions } = await import('../apps/web/src/entities/results');
  const { SETTINGS } = await import('../apps/web/src/test/result-fixtures');
  const { generateResults } = await import('./generate-results');

  const data = generateResults(PUPILS, YEARS, SUBJECTS, profile.currentSchoolYear);
  const scoreCount = data.result.pupils.reduce((sum, pupil) => sum + pupil.scores.length, 0);

  function prefilled() {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(schoolQueryOptions(school.id, profile.currentSchoolYear).queryKey, school);
    client.setQueryData(userSettingsQueryOptions().queryKey, SETTINGS);
    client.setQueryData(yearClassResultQueryOptions(data.result.group.id).queryKey, data.result);
    client.setQueryData(pupilQueryOptions(data.pupil.id, school.id).queryKey, data.pupil);
    return client;
  }

  async function renderOnce(
    path: string,
    Page: () => ReturnType<typeof createElement> | null,
  ): Promise<{ ms: number; rows: number }> {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    const memory = router.createMemoryRouter(
      [
        { path: '/app/schools/:schoolId/groups/:yearclassId/results', Component: Page },
        { path: '/app/schools/:schoolId/pupils/:pupilId', Component: Page },
      ],
      { initialEntries: [path] },
    );
    const tree = createElement(
      intl.IntlProvider,
      { locale: 'nl', defaultLocale: 'nl', messages: dutch },
      createElement(
        MantineProvider,
        null,
        createElement(
          QueryClientProvider,
          { client: prefilled() },
          createElement(CurrentProfileProvider, {
            profile,
            children: createElement(router.RouterProvider, { router: memory }),
          }),
        ),
      ),
    );
    // flushSync renders and commits synchronously: the time until the tables are in the DOM.
    const start = performance.now();
    flushSync(() => root.render(tree));
    const ms = performance.now() - start;
    const rows = container.querySelectorAll('tbody tr').length;
    root.unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    container.remove();
    return { ms, rows };
  }

  async function measure(label: string, path: string, Page: () => ReturnType<typeof createElement> | null) {
    await renderOnce(path, Page); // warm-up: module and style caches
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const result = await renderOnce(path, Page);
      times.push(result.ms);
      rows = result.rows;
    }
    const value = median(times);
    const verdict = value < TARGET_MS ? 'ok' : 'OVER TARGET';
    console.log(
      `${label.padEnd(20)} median ${value.toFixed(1).padStart(7)} ms  (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}; ${RUNS} runs; ${rows} table rows)  ${verdict}`,
    );
    return value;
  }

  console.log(
    `Results render benchmark (jsdom): ${PUPILS} pupils × ${YEARS} years × ${SUBJECTS} subjects, ${scoreCount} national scores; target < ${TARGET_MS} ms`,
  );
  const answer = JSON.stringify(packYearClassResult(data.result));
  const unpackTimes = Array.from({ length: RUNS }, () => {
    const start = performance.now();
    readYearClassResult(JSON.parse(answer));
    return performance.now() - start;
  });
  console.log(
    `group answer         ${(answer.length / 1024).toFixed(1)} KB raw, ${(gzipSync(answer).length / 1024).toFixed(1)} KB gzip; parse and unpack median ${median(unpackTimes).toFixed(1)} ms`,
  );
  const group = await measure(
    'group results page',
    `/app/schools/${school.id}/groups/${data.result.group.id}/results`,
    GroupResultsPage,
  );
  const pupil = await measure('pupil page', `/app/schools/${school.id}/pupils/${data.pupil.id}`, PupilPage);
  if (group >= TARGET_MS || pupil >= TARGET_MS) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
