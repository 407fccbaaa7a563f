import { TEMPLATE_MAX_CATEGORIES, TEMPLATE_MAX_DEPTH } from '@leerzicht/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  addNode,
  canAdd,
  countNodes,
  indent,
  moveDown,
  moveUp,
  neighbourOf,
  outdent,
  removeNode,
  renameNode,
  setLayer,
  type Tree,
} from '../lib/template-tree';
import { CategoryList, type CategoryAction } from './category-item';

interface CategoryTreeEditorProps {
  tree: Tree;
  onChange: (tree: Tree) => void;
  /** Gives each new category its key. */
  nextKey: () => string;
  /** Messages of categories, by key. */
  errors: Record<string, string>;
  /** A message about the whole tree (too deep, too many). */
  error?: string;
}

/** Where focus goes after a change: a control of a category, or the button that adds one at the top. */
type FocusTarget = { key: string; control: CategoryAction | 'name' } | 'addRoot';

/**
 * The template's categories (GROUP and INSTRUCTION layers): add, rename, remove, move up and down, indent and
 * outdent with buttons that the keyboard reaches; after each move focus stays with the category that moved.
 */
export function CategoryTreeEditor({ tree, onChange, nextKey, errors, error }: CategoryTreeEditorProps) {
  const intl = useIntl();
  const container = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const count = countNodes(tree);

  useEffect(() => {
    if (focus === null || !container.current) return;
    const find = (name: string) =>
      container.current?.querySelector<HTMLElement>(`[data-focus="${name}"]`) ?? null;
    const target =
      focus === 'addRoot'
        ? find('addRoot')
        : (find(`${focus.key}:${focus.control}`) ?? find(`${focus.key}:name`));
    // A button that can no longer be used (the category reached the top) hands focus to the category's name.
    const usable =
      target instanceof HTMLButtonElement && target.disabled && focus !== 'addRoot'
        ? find(`${focus.key}:name`)
        : target;
    usable?.focus();
    setFocus(null);
  }, [focus, tree]);

  function act(key: string, action: CategoryAction) {
    switch (action) {
      case 'up':
        onChange(moveUp(tree, key));
        break;
      case 'down':
        onChange(moveDown(tree, key));
        break;
      case 'indent':
        onChange(indent(tree, key));
        break;
      case 'outdent':
        onChange(outdent(tree, key));
        break;
      case 'addChild': {
        const added = nextKey();
        onChange(addNode(tree, key, { key: added }));
        setFocus({ key: added, control: 'name' });
        return;
      }
      case 'remove': {
        const neighbour = neighbourOf(tree, key);
        onChange(removeNode(tree, key));
        setFocus(neighbour === null ? 'addRoot' : { key: neighbour, control: 'name' });
        return;
      }
    }
    setFocus({ key, control: action });
  }

  function addRoot() {
    const added = nextKey();
    onChange(addNode(tree, null, { key: added }));
    setFocus({ key: added, control: 'name' });
  }

  return (
    <Stack gap="sm" ref={container}>
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4">
          {intl.formatMessage({ id: 'templates.tree.title' })}
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite">
          {intl.formatMessage({ id: 'templates.tree.count' }, { count, max: TEMPLATE_MAX_CATEGORIES })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'templates.tree.intro' }, { depth: TEMPLATE_MAX_DEPTH })}
      </Text>
      {tree.length === 0 ? (
        <Text size="sm" fs="italic">
          {intl.formatMessage({ id: 'templates.tree.empty' })}
        </Text>
      ) : (
        <CategoryList
          nodes={tree}
          tree={tree}
          parentPosition={null}
          errors={errors}
          onRename={(key, name) => onChange(renameNode(tree, key, name))}
          onLayer={(key, layer) => onChange(setLayer(tree, key, layer))}
          onAction={act}
        />
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="sm"
          disabled={!canAdd(tree, null)}
          data-focus="addRoot"
          onClick={addRoot}
        >
          {intl.formatMessage({ id: 'templates.tree.add' })}
        </Button>
      </Group>
    </Stack>
  );
}
