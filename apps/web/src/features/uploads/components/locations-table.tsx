import { Stack, Table, Text } from '@mantine/core';
import type { UploadPreview } from '@leerzicht/contract';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * EDEXML: the school's vestigingen, those in the file with how many of its pupils it imports, and stored ones the
 * file does not name, whose pupils it leaves as they are (they are not marked as left).
 */
export function LocationsTable({ locations }: { locations: NonNullable<UploadPreview['locations']> }) {
  const intl = useIntl();
  if (locations.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        <FormattedMessage id="uploads.locations.title" values={{ count: locations.length }} />
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table withTableBorder aria-label={intl.formatMessage({ id: 'uploads.locations.caption' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="uploads.locations.name" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.locations.status" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {locations.map((location) => (
              <Table.Tr key={location.key}>
                <Table.Th scope="row">{location.name}</Table.Th>
                <Table.Td>
                  <FormattedMessage
                    id={`uploads.locations.status.${location.status}`}
                    values={{ count: location.pupils }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
