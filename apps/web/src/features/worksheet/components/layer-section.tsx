import type { NoteCategory, NoteLayer } from '@leerzicht/contract';
import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
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
