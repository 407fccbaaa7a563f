import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { NoteCategory, NoteLayer } from '@leerzicht/contract';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { firstErrorMessage } from '../../../lib/server-errors';
import { useUpdateCategory } from '../api/categories';
import { dropMove } from '../lib/category-drop';
import { layerTree } from '../lib/plan-tree';
import { AddCategory } from './add-category';
import { CategoryNode } from './category-node';

const LAYER_TEXT: Record<NoteLayer, { title: MessageId; intro: MessageId; empty: MessageId }> = {
  GROUP: {
    title: 'worksheet.layer.GROUP',
    intro: 'worksheet.layer.GROUP.intro',
    empty: 'worksheet.layer.empty',
  },
  INSTRUCTION: {
    title: 'worksheet.layer.INSTRUCTION',
    intro: 'worksheet.layer.INSTRUCTION.intro',
    empty: 'worksheet.layer.empty',
  },
  PUPIL: {
    title: 'worksheet.layer.PUPIL',
    intro: 'worksheet.layer.PUPIL.intro',
    empty: 'worksheet.layer.empty',
  },
};

/** One layer of the plan (group, instruction groups, pupils): its category tree and a new category. */
export function LayerSection({
  layer,
  categories,
  planId,
  groupPupils,
  withArchived,
  changeFor,
  children,
}: {
  layer: NoteLayer;
  categories: readonly NoteCategory[];
  planId: number;
  groupPupils: { id: number; name: string }[];
  withArchived: boolean;
  changeFor: (key: string) => (dirty: boolean) => void;
  /** What the layer shows above its categories (the instruction groups). */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const text = LAYER_TEXT[layer];
  const tree = layerTree(categories, layer, withArchived);
  const update = useUpdateCategory();
  const [dropError, setDropError] = useState<string | null>(null);
  // A small distance before a drag starts, so that the handle's click still reaches the buttons beside it.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const byId = (id: string | number | undefined) =>
    categories.find((item) => `category-${item.id}` === String(id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const moved = byId(active.id);
    const target = byId(over?.id);
    const move = moved && target ? dropMove(categories, moved, target) : null;
    if (!moved || !move) return;
    setDropError(null);
    update
      .mutateAsync({ id: moved.id, ...move })
      .catch((failure: unknown) =>
        setDropError(
          firstErrorMessage(intl, failure) ?? intl.formatMessage({ id: 'worksheet.category.failed' }),
        ),
      );
  };
  return (
    <Card
      withBorder
      component="section"
      data-layer={layer}
      aria-label={intl.formatMessage({ id: text.title })}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {intl.formatMessage({ id: text.title })}
          </Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: text.intro })}
          </Text>
        </div>
        {children}
        {tree.length === 0 && (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: text.empty })}
          </Text>
        )}
        {dropError && (
          <Text size="sm" c="red" role="alert">
            {dropError}
          </Text>
        )}
        <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
          {tree.map((node) => (
            <CategoryNode
              key={node.category.id}
              node={node}
              categories={categories}
              planId={planId}
              groupPupils={groupPupils}
              changeFor={changeFor}
            />
          ))}
        </DndContext>
        <AddCategory
          planId={planId}
          layer={layer}
          parentId={null}
          label={intl.formatMessage({ id: 'worksheet.category.newName' })}
        />
      </Stack>
    </Card>
  );
}
