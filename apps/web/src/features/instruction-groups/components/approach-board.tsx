import { DndContext, useDraggable, useDroppable, type DragEndEvent } from '@dnd-kit/core';
import { fullName, type Approach, type PupilApproachRow } from '@leerzicht/contract';
import { Card, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { byColumn, COLUMNS, isApproach } from '../lib/columns';

export const APPROACH_LABEL: Record<Approach, MessageId> = {
  enriched: 'approaches.enriched',
  basic: 'approaches.basic',
  intensive: 'approaches.intensive',
  undefined: 'approaches.undefined',
};

interface BoardProps {
  rows: PupilApproachRow[];
  onMove: (pupilId: number, approach: Approach) => void;
  disabled: boolean;
}

function PupilCard({
  row,
  onMove,
  disabled,
}: {
  row: PupilApproachRow;
  onMove: BoardProps['onMove'];
  disabled: boolean;
}) {
  const intl = useIntl();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: row.pupilId,
    disabled,
  });
  const name = fullName(row);
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="xs"
      data-pupil-id={row.pupilId}
      style={{
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
        opacity: isDragging ? 0.6 : 1,
        cursor: disabled ? 'default' : 'grab',
      }}
    >
      {/* The name is the drag handle; the select is the way to move without a mouse. */}
      <Text
        size="sm"
        fw={500}
        {...listeners}
        {...attributes}
        aria-roledescription={intl.formatMessage({ id: 'approaches.dragHint' })}
      >
        {name}
      </Text>
      <NativeSelect
        size="xs"
        mt={4}
        disabled={disabled}
        aria-label={intl.formatMessage({ id: 'approaches.moveLabel' }, { name })}
        value={row.approach}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isApproach(value) && value !== row.approach) onMove(row.pupilId, value);
        }}
        data={COLUMNS.map((approach) => ({
          value: approach,
          label: intl.formatMessage({ id: APPROACH_LABEL[approach] }),
        }))}
      />
    </Card>
  );
}

function Column({ approach, rows, onMove, disabled }: BoardProps & { approach: Approach }) {
  const intl = useIntl();
  const { setNodeRef, isOver } = useDroppable({ id: approach });
  const title = intl.formatMessage({ id: APPROACH_LABEL[approach] });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      bg={isOver ? 'var(--mantine-color-teal-0)' : undefined}
      data-approach={approach}
      aria-label={title}
      role="region"
    >
      <Title order={3} size="h5" mb="xs">
        {`${title} (${rows.length})`}
      </Title>
      <Stack gap="xs" mih={80}>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'approaches.emptyColumn' })}
          </Text>
        ) : (
          rows.map((row) => <PupilCard key={row.pupilId} row={row} onMove={onMove} disabled={disabled} />)
        )}
      </Stack>
    </Card>
  );
}

/** The group's pupils for one subject in the instruction-group columns; drop a pupil on a column, or pick one. */
export function ApproachBoard({ rows, onMove, disabled }: BoardProps) {
  const columns = byColumn(rows);
  const onDragEnd = (event: DragEndEvent) => {
    const target = event.over?.id;
    const pupilId = Number(event.active.id);
    const row = rows.find((item) => item.pupilId === pupilId);
    if (row && isApproach(target) && target !== row.approach) onMove(pupilId, target);
  };
  return (
    <DndContext onDragEnd={onDragEnd}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="approach-board">
        {COLUMNS.map((approach) => (
          <Column
            key={approach}
            approach={approach}
            rows={columns[approach]}
            onMove={onMove}
            disabled={disabled}
          />
        ))}
      </SimpleGrid>
    </DndContext>
  );
}
