import { Checkbox, Switch, Table, Text } from '@mantine/core';
import { fullName, type ExclusionPupil } from '@leerzicht/contract';
import { useIntl } from 'react-intl';
import { reasonLabel } from '../lib/exclusion-list';

interface ExclusionsTableProps {
  pupils: ExclusionPupil[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  onToggle: (pupil: ExclusionPupil, excluded: boolean) => void;
  busy: boolean;
}

/** One row per pupil: select for the bulk action, name, group, the exclusion switch, its reason and last change. */
export function ExclusionsTable({ pupils, selected, onSelect, onToggle, busy }: ExclusionsTableProps) {
  const intl = useIntl();
  const allSelected = pupils.length > 0 && pupils.every((pupil) => selected.has(pupil.id));
  const someSelected = pupils.some((pupil) => selected.has(pupil.id));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={intl.formatMessage({ id: 'exclusions.selectAll' })}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={(event) =>
                  onSelect(
                    pupils.map((pupil) => pupil.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'exclusions.column.name' })}</Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'exclusions.column.group' })}</Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'exclusions.column.excluded' })}</Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'exclusions.column.reason' })}</Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'exclusions.column.changed' })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pupils.map((pupil) => {
            const name = fullName(pupil);
            return (
              <Table.Tr key={pupil.id} aria-label={name}>
                <Table.Td>
                  <Checkbox
                    aria-label={intl.formatMessage({ id: 'exclusions.select' }, { name })}
                    checked={selected.has(pupil.id)}
                    onChange={(event) => onSelect([pupil.id], event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{pupil.yearclassName}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={intl.formatMessage({ id: 'exclusions.switch' }, { name })}
                    checked={pupil.citoIsExcluded}
                    disabled={busy}
                    onChange={(event) => onToggle(pupil, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{pupil.citoIsExcluded ? reasonLabel(intl, pupil) : ''}</Text>
                </Table.Td>
                <Table.Td>
                  {pupil.changedAt && (
                    <Text size="sm" c="dimmed">
                      {intl.formatMessage(
                        { id: 'exclusions.changedBy' },
                        {
                          name: pupil.changedBy
                            ? `${pupil.changedBy.firstName} ${pupil.changedBy.lastName}`
                            : '?',
                          date: intl.formatDate(pupil.changedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                        },
                      )}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
