import type { School } from '@leerzicht/contract';
import { Anchor, Breadcrumbs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

interface Crumb {
  label: string;
  to?: string;
}

/** The page title with the school (name and BRIN code) and the way back up. */
export function SchoolHeader({
  school,
  title,
  crumbs = [],
}: {
  school: School;
  title?: ReactNode;
  crumbs?: Crumb[];
}) {
  useDocumentTitle([typeof title === 'string' ? title : null, school.name]);
  return (
    <div>
      {crumbs.length > 0 && (
        <Breadcrumbs mb="xs">
          <Anchor component={Link} to={`/app/schools/${school.id}`} size="sm">
            {school.name}
          </Anchor>
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Title order={1}>{title ?? school.name}</Title>
      <Text c="dimmed">
        {title !== undefined && <span>{school.name} · </span>}
        <span>
          <FormattedMessage id="schools.brinCode" values={{ brinCode: school.brinCode }} />
        </span>
      </Text>
    </div>
  );
}
