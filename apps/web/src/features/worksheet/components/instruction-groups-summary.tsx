import { APPROACHES, fullName, type Approach, type YearClassResult } from '@leerzicht/contract';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../../i18n/messages';

const LABEL: Record<Approach, MessageId> = {
  enriched: 'approaches.enriched',
  basic: 'approaches.basic',
  intensive: 'approaches.intensive',
  undefined: 'approaches.undefined',
};

/** Who is in which instruction group for the subject (the group's approaches), with the way to change them. */
export function InstructionGroupsSummary({
  result,
  subjectId,
  schoolId,
}: {
  result: YearClassResult;
  subjectId: number;
  schoolId: number;
}) {
  const intl = useIntl();
  const approachOf = (pupil: YearClassResult['pupils'][number]): Approach =>
    pupil.approaches.find((item) => item.subjectId === subjectId)?.approach ?? 'undefined';
  const groups = APPROACHES.map((approach) => ({
    approach,
    pupils: result.pupils.filter((pupil) => approachOf(pupil) === approach),
  })).filter((group) => group.approach !== 'undefined' || group.pupils.length > 0);
  return (
    <div data-testid="instruction-groups-summary">
      <SimpleGrid cols={{ base: 1, sm: groups.length }} spacing="sm">
        {groups.map((group) => (
          <div key={group.approach}>
            <Text size="sm" fw={600}>
              {intl.formatMessage({ id: LABEL[group.approach] })} ({group.pupils.length})
            </Text>
            <Text size="sm" c={group.pupils.length === 0 ? 'dimmed' : undefined}>
              {group.pupils.length === 0
                ? intl.formatMessage({ id: 'approaches.emptyColumn' })
                : group.pupils.map((pupil) => fullName(pupil)).join(', ')}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Anchor
        component={Link}
        size="sm"
        to={`/app/schools/${schoolId}/groups/${result.group.id}/instruction-groups`}
      >
        {intl.formatMessage({ id: 'approaches.link' })}
      </Anchor>
    </div>
  );
}
