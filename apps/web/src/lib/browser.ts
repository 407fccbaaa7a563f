/** Browser actions tests replace (jsdom cannot reload or scroll). */
export const browser = {
  reload: (): void => window.location.reload(),
  scrollToTop: (): void => window.scrollTo({ top: 0, left: 0 }),
};
