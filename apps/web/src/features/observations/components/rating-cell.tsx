import { Table, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ratingBand, type RatingBand } from '../lib/aspects';

const BACKGROUND: Record<RatingBand, string> = {
  low: 'var(--mantine-color-red-1)',
  middle: 'transparent',
  good: 'var(--mantine-color-green-1)',
};

/** A rating 1-5, coloured (1-2 a concern, 4-5 good) and said in words for screen readers. */
export function RatingCell({ rating }: { rating: number | null }) {
  const intl = useIntl();
  if (rating === null) return <Table.Td ta="center">–</Table.Td>;
  const band = ratingBand(rating);
  return (
    <Table.Td ta="center" data-band={band} style={{ background: BACKGROUND[band] }}>
      {rating}
      {band !== 'middle' && (
        <VisuallyHidden>{` (${intl.formatMessage({ id: band === 'low' ? 'observations.band.low' : 'observations.band.good' })})`}</VisuallyHidden>
      )}
    </Table.Td>
  );
}
