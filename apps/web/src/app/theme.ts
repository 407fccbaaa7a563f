import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  DEFAULT_THEME,
  parseThemeColor,
  type CSSVariablesResolver,
  type TableScrollContainerProps,
  type VariantColorsResolver,
} from '@mantine/core';

/** Colours whose darkest shade is still too light for text on their own pale background. */
const BRIGHT_COLOURS = new Set(['yellow', 'orange', 'lime']);

/**
 * Light and subtle badges, buttons and alerts write their text in shade 6 on a 10% tint of the same colour: about
 * 3:1, below WCAG AA. Shade 9 (darkened further for the bright colours) gives at least 4.5:1.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'subtle') return colours;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color) return colours;
  const shade = input.theme.colors[parsed.color]?.[9];
  if (!shade) return colours;
  return { ...colours, color: BRIGHT_COLOURS.has(parsed.color) ? darken(shade, 0.45) : shade };
};

export const theme = createTheme({
  primaryColor: 'teal',
  // WCAG AA (4.5:1 on white) for links and filled buttons: teal 9 passes, the default teal 6 does not.
  primaryShade: { light: 9, dark: 7 },
  defaultRadius: 'md',
  variantColorResolver,
  components: {
    // Wide tables scroll sideways in a native container that the keyboard can reach (arrow keys scroll it).
    // Written out rather than with TableScrollContainer.extend, which would bring the component (and Mantine's
    // ScrollArea) into the start-up code.
    TableScrollContainer: {
      defaultProps: { type: 'native', tabIndex: 0 } satisfies Partial<TableScrollContainerProps>,
    },
  },
});

/** Dimmed text in gray 7 instead of gray 6, for a contrast of at least 4.5:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DEFAULT_THEME.colors.gray[7] },
  dark: {},
});
