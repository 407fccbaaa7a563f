import { useDraggable, useDroppable } from '@dnd-kit/core';
import { fullName, type NoteCategory } from '@leerzicht/contract';
import { ActionIcon, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { readDraft } from '../../../lib/note-draft';
import { useCreatePlanNote } from '../api/categories';
import type { CategoryNode as Node } from '../lib/plan-tree';
import { AddCategory } from './add-category';
import { CategoryActions, CategoryRename } from './category-actions';
import { CategoryPupils } from './category-pupils';
import { PlanNoteEditor } from './plan-note-editor';
import { PlanNoteItem } from './plan-note-item';

interface CategoryNodeProps {
  node: Node;
  categories: readonly NoteCategory[];
  planId: number;
  groupPupils: { id: number; name: string }[];
  changeFor: (key: string) => (dirty: boolean) => void;
}

/**
 * One category of the plan with its notes, its pupils (instruction and pupil layers) and its subcategories.
 * Collapsing is the reader's own view and is not saved (spec: isCollapsed, client only).
 */
export function CategoryNode({ node, categories, planId, groupPupils, changeFor }: CategoryNodeProps) {
  const intl = useIntl();
  const { category } = node;
  const [collapsed, setCollapsed] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [addingChild, setAddingChild] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draftKey = `plan.${planId}.category.${category.id}.new`;
  // The editor opens on request, or by itself when a draft of it was left in this tab.
  const [writing, setWriting] = useState(() => readDraft(draftKey) !== null);
  const createNote = useCreatePlanNote();
  // The handle drags the category; dropped on another category it takes that one's place (see dropMove).
  const dragId = `category-${category.id}`;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: dragId,
    disabled: category.is_archived,
  });
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id: dragId });
  const withPupils = category.layer !== 'GROUP';
  const placed = (category.pupils ?? []).map((pupil) => ({ id: pupil.pupilId, name: fullName(pupil) }));
  const nameOf = (pupilId: number | null) =>
    pupilId === null ? null : (groupPupils.find((pupil) => pupil.id === pupilId)?.name ?? null);
  const notes = category.notes ?? [];
  return (
    <Box
      ref={setNodeRef}
      pl={node.depth === 0 ? 0 : 'md'}
      style={{
        ...(node.depth === 0 ? {} : { borderLeft: '2px solid var(--mantine-color-gray-3)' }),
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
      }}
      data-category={category.id}
      opacity={category.is_archived ? 0.6 : 1}
    >
      <Stack gap={6} py={4}>
        <Group
          ref={setDropRef}
          justify="space-between"
          gap="xs"
          wrap="nowrap"
          bg={isOver && !isDragging ? 'teal.0' : undefined}
        >
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="sm"
              color="gray"
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...listeners}
              {...attributes}
              aria-label={intl.formatMessage({ id: 'worksheet.category.drag' }, { name: category.name })}
            >
              <span aria-hidden="true">⠿</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-expanded={!collapsed}
              aria-label={intl.formatMessage(
                { id: collapsed ? 'worksheet.category.expand' : 'worksheet.category.collapse' },
                { name: category.name },
              )}
              onClick={() => setCollapsed((value) => !value)}
            >
              <span aria-hidden="true">{collapsed ? '▸' : '▾'}</span>
            </ActionIcon>
            {renaming ? (
              <CategoryRename category={category} onDone={() => setRenaming(false)} />
            ) : (
              <Text fw={600} size={node.depth === 0 ? 'md' : 'sm'}>
                {category.name}
                {category.is_archived && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({intl.formatMessage({ id: 'groupNotes.archivedMark' })})
                  </Text>
                )}
                {collapsed && notes.length > 0 && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {intl.formatMessage({ id: 'worksheet.category.noteCount' }, { count: notes.length })}
                  </Text>
                )}
              </Text>
            )}
          </Group>
          <CategoryActions
            category={category}
            categories={categories}
            onRename={() => setRenaming(true)}
            onError={setError}
          />
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {!collapsed && (
          <>
            {withPupils && <CategoryPupils category={category} groupPupils={groupPupils} />}
            {notes.map((note) => (
              <PlanNoteItem
                key={note.id}
                note={note}
                pupilName={nameOf(note.pupilId)}
                onDirtyChange={changeFor(`note.${note.id}`)}
              />
            ))}
            {!category.is_archived &&
              (writing ? (
                <PlanNoteEditor
                  draftKey={draftKey}
                  initial=""
                  pupils={category.layer === 'PUPIL' ? (placed.length > 0 ? placed : groupPupils) : undefined}
                  pending={createNote.isPending}
                  onDirtyChange={changeFor(`category.${category.id}.new`)}
                  onCancel={() => setWriting(false)}
                  onSave={async ({ content, pupilId }) => {
                    const answer = await createNote.mutateAsync({
                      noteCategoryId: category.id,
                      content,
                      pupilId,
                    });
                    setWriting(false);
                    return answer;
                  }}
                />
              ) : (
                <Button size="compact-xs" variant="light" w="fit-content" onClick={() => setWriting(true)}>
                  {intl.formatMessage({ id: 'worksheet.note.add' }, { category: category.name })}
                </Button>
              ))}
            {node.children.map((child) => (
              <CategoryNode
                key={child.category.id}
                node={child}
                categories={categories}
                planId={planId}
                groupPupils={groupPupils}
                changeFor={changeFor}
              />
            ))}
            {!category.is_archived &&
              (addingChild ? (
                <AddCategory
                  planId={planId}
                  layer={category.layer}
                  parentId={category.id}
                  label={intl.formatMessage(
                    { id: 'worksheet.category.childName' },
                    { parent: category.name },
                  )}
                  onDone={() => setAddingChild(false)}
                />
              ) : (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  w="fit-content"
                  onClick={() => setAddingChild(true)}
                >
                  {intl.formatMessage({ id: 'worksheet.category.addChild' })}
                </Button>
              ))}
          </>
        )}
      </Stack>
    </Box>
  );
}
