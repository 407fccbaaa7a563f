import { Anchor } from '@mantine/core';
import { useIntl } from 'react-intl';
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard: past the header and the menu to the page (hidden until it has focus). */
export function SkipLink() {
  const intl = useIntl();
  return (
    <Anchor
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skipLink}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {intl.formatMessage({ id: 'shell.skipToContent' })}
    </Anchor>
  );
}
