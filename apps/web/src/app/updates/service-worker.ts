/** Registers /service-worker.js (built apps only): it caches the app shell, never API answers. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/service-worker.js').catch(() => {
      // Without a worker the app works the same, only without the offline shell.
    });
  });
}
