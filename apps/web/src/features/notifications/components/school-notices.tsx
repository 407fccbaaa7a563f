import { schoolYearLabel, schoolYearOf, type School } from '@leerzicht/contract';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { NotificationDialog } from '../../../components/notification-dialog';
import { useSchoolAbilities } from '../../../entities/school';
import { useHiddenNotificationsQuery, useHideNotificationMutation } from '../api/hidden-notifications';
import { shouldShowDisconnectedSchool, shouldShowNewSchoolYear } from '../notice-rules';

type Notice = 'disconnected' | 'newSchoolYear';

/**
 * The notices of a school (section 4), one at a time: the disconnected-school dialog, then the
 * new-school-year dialog. "Close" hides a notice for this visit, "Don't show again" for good.
 */
export function SchoolNotices({ school }: { school: School }) {
  const { data: hidden } = useHiddenNotificationsQuery();
  const hide = useHideNotificationMutation();
  const { manageSchool } = useSchoolAbilities(school.id);
  const [closed, setClosed] = useState<string[]>([]);
  if (!hidden) return null;

  const today = new Date();
  const schoolYear = schoolYearOf(today);
  const isOpen = (notice: Notice) => !closed.includes(`${school.id}:${notice}`);
  const close = (notice: Notice) => setClosed((list) => [...list, `${school.id}:${notice}`]);

  let current: Notice | null = null;
  if (shouldShowDisconnectedSchool(school, hidden) && isOpen('disconnected')) current = 'disconnected';
  else if (shouldShowNewSchoolYear({ ...school, manageSchool }, hidden, today) && isOpen('newSchoolYear'))
    current = 'newSchoolYear';

  const dontShowAgain = <FormattedMessage id="notices.dontShowAgain" />;
  return (
    <>
      <NotificationDialog
        opened={current === 'disconnected'}
        title={<FormattedMessage id="notices.disconnected.title" />}
        onClose={() => close('disconnected')}
        secondaryAction={{
          label: dontShowAgain,
          onClick: () => {
            close('disconnected');
            hide.mutate({ kind: 'disconnected_school', schoolId: school.id, schoolYear: null });
          },
        }}
      >
        <Text>
          <FormattedMessage id="notices.disconnected.text" values={{ school: school.name }} />
        </Text>
      </NotificationDialog>
      <NotificationDialog
        opened={current === 'newSchoolYear'}
        title={
          <FormattedMessage
            id="notices.newSchoolYear.title"
            values={{ label: schoolYearLabel(schoolYear) }}
          />
        }
        onClose={() => close('newSchoolYear')}
        secondaryAction={{
          label: dontShowAgain,
          onClick: () => {
            close('newSchoolYear');
            hide.mutate({ kind: 'new_school_year', schoolId: school.id, schoolYear });
          },
        }}
      >
        <Text>
          <FormattedMessage
            id="notices.newSchoolYear.text"
            values={{ label: schoolYearLabel(schoolYear), school: school.name }}
          />
        </Text>
      </NotificationDialog>
    </>
  );
}
