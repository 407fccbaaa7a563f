import { Checkbox, Stack, Table, Text } from '@mantine/core';
import type { UploadPreview } from '@leerzicht/contract';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The pupils of an EDEXML file whose stored ECK-iD the file contradicts, with a box per pupil to replace it (the
 * stored one stays otherwise). An ECK-iD that belongs to another pupil cannot be taken over: that row is skipped,
 * and the table says so instead of offering the box.
 */
export function EckIdConflictsTable({
  conflicts,
  count,
  replace,
  onChange,
}: {
  conflicts: UploadPreview['eckIdConflicts'];
  count: number;
  replace: ReadonlySet<string>;
  onChange: (key: string, replaced: boolean) => void;
}) {
  const intl = useIntl();
  if (count === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        <FormattedMessage id="uploads.eckIds.title" values={{ count }} />
      </Text>
      <Text size="sm">
        <FormattedMessage id="uploads.eckIds.help" />
      </Text>
      {count > conflicts.length && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="uploads.eckIds.firstOnly" values={{ shown: conflicts.length, count }} />
        </Text>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder striped aria-label={intl.formatMessage({ id: 'uploads.eckIds.caption' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="uploads.eckIds.pupil" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.eckIds.key" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.eckIds.stored" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.eckIds.file" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="uploads.eckIds.replace" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conflicts.map((conflict) => (
              <Table.Tr key={`${conflict.key}-${conflict.line}`}>
                <Table.Td>{conflict.name}</Table.Td>
                <Table.Td>{conflict.key}</Table.Td>
                <Table.Td>
                  <EckId value={conflict.storedEckId ?? '–'} />
                </Table.Td>
                <Table.Td>
                  <EckId value={conflict.fileEckId} />
                </Table.Td>
                <Table.Td>
                  {conflict.kind === 'changed' ? (
                    <Checkbox
                      checked={replace.has(conflict.key)}
                      onChange={(event) => onChange(conflict.key, event.currentTarget.checked)}
                      aria-label={intl.formatMessage(
                        { id: 'uploads.eckIds.replaceOf' },
                        { name: conflict.name },
                      )}
                    />
                  ) : (
                    <Text size="sm" c="red.8">
                      <FormattedMessage id="uploads.eckIds.heldByOther" />
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** An ECK-iD is a URL of about 90 characters: it wraps anywhere, so that the box to replace it stays in view. */
function EckId({ value }: { value: string }) {
  return (
    <Text component="code" size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {value}
    </Text>
  );
}
