import type { ScoreBand } from '@leerzicht/contract';
import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BAND_BACKGROUND } from './colours';

interface ScoreCellProps {
  /** The result's one verdict (see useVerdict): every cell of a result gets the same colour. */
  band: ScoreBand | null;
  children: ReactNode;
  title?: string;
}

/** A table cell coloured by the result's verdict; the verdict is also said in words for screen readers. */
export function ScoreCell({ band, children, title }: ScoreCellProps) {
  const intl = useIntl();
  return (
    <Table.Td
      ta="right"
      title={title}
      data-band={band ?? undefined}
      style={band ? { background: BAND_BACKGROUND[band] } : undefined}
    >
      {children}
      {band && band !== 'middle' && (
        <VisuallyHidden>{` (${intl.formatMessage({ id: band === 'good' ? 'results.band.good' : 'results.band.low' })})`}</VisuallyHidden>
      )}
    </Table.Td>
  );
}
