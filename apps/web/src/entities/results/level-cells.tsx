import { functionalLevelLabel } from '@leerzicht/contract';
import { Table } from '@mantine/core';
import { useIntl } from 'react-intl';
import { dleLabel, referenceLabel } from './format';

interface LevelCellsProps {
  score: {
    functionalLevel: Parameters<typeof functionalLevelLabel>[0];
    dle: number | null;
    dleAboveScale: boolean;
    referenceLevel: string | null;
    projectedReferenceLevel: string | null;
  };
}

/**
 * The four uncoloured cells of a national result, in the order of the group and pupil tables: functional level,
 * DLE, reference level and projected reference level ("–" with a title where a reference level does not apply).
 */
export function LevelCells({ score }: LevelCellsProps) {
  const intl = useIntl();
  const notApplicable = intl.formatMessage({ id: 'results.referenceLevel.notApplicable' });
  return (
    <>
      <Table.Td ta="right">{functionalLevelLabel(score.functionalLevel) ?? '–'}</Table.Td>
      <Table.Td ta="right">{dleLabel(intl.locale, score)}</Table.Td>
      <Table.Td ta="right" title={score.referenceLevel === null ? notApplicable : undefined}>
        {referenceLabel(score.referenceLevel)}
      </Table.Td>
      <Table.Td ta="right" title={score.projectedReferenceLevel === null ? notApplicable : undefined}>
        {referenceLabel(score.projectedReferenceLevel)}
      </Table.Td>
    </>
  );
}
