import {
  createTheme,
  darken,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type TableScrollContainerProps,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // WCAG AA (4.5:1 on white) for links and filled buttons: teal 9 passes, the default teal 6 does not.
  primaryShade: { light: 9, dark: 7 },
  defaultRadius: 'md',
  components: {
    // Wide tables scroll sideways in a native container that the keyboard can reach (arrow keys scroll it).
    // Written out rather than with TableScrollContainer.extend, which would bring the component (and Mantine's
    // ScrollArea) into the start-up code.
    TableScrollContainer: {
      defaultProps: { type: 'native', tabIndex: 0 } satisfies Partial<TableScrollContainerProps>,
    },
  },
});

/** Colours whose darkest shade is still too light for text on their own pale background. */
const BRIGHT_COLOURS = new Set(['yellow', 'orange', 'lime']);

/**
 * Light variants (badges, buttons, alerts) write their text in shade 6 on a 10% tint of the same colour: about
 * 3:1, below WCAG AA, and less still on their hover tint. Shade 9 darkened by a fifth (the bright colours by almost
 * half) gives at least 4.5:1 on both.
 */
function lightVariantTextColours(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    const shade = shades[9];
    variables[`--mantine-color-${name}-light-color`] = darken(shade, BRIGHT_COLOURS.has(name) ? 0.45 : 0.2);
  }
  return variables;
}

/** Dimmed text in gray 7 instead of gray 6, for a contrast of at least 4.5:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DEFAULT_THEME.colors.gray[7], ...lightVariantTextColours() },
  dark: {},
});
