import type { ScoreMeasure } from '@leerzicht/contract';
import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BAND_BACKGROUND, bandOf } from '../lib/colours';

interface ScoreCellProps {
  /** The threshold measure that colours the cell (section 9). */
  measure: ScoreMeasure;
  value: number | null | undefined;
  children: ReactNode;
}

/** A table cell coloured good, middle or low by the thresholds; the band is also said in words for screen readers. */
export function ScoreCell({ measure, value, children }: ScoreCellProps) {
  const intl = useIntl();
  const band = bandOf(measure, value);
  return (
    <Table.Td
      ta="right"
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
