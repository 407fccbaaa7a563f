import { TEMPLATE_CATEGORY_NAME_MAX, TEMPLATE_LAYERS, type TemplateLayer } from '@leerzicht/contract';
import { ActionIcon, Box, Group, NativeSelect, TextInput, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { nodeMoves, type Tree, type TreeNode } from '../lib/template-tree';

export type CategoryAction = 'up' | 'down' | 'outdent' | 'indent' | 'addChild' | 'remove';

const ACTIONS: readonly { action: CategoryAction; icon: string; label: MessageId }[] = [
  { action: 'up', icon: '↑', label: 'templates.category.up' },
  { action: 'down', icon: '↓', label: 'templates.category.down' },
  { action: 'outdent', icon: '←', label: 'templates.category.outdent' },
  { action: 'indent', icon: '→', label: 'templates.category.indent' },
  { action: 'addChild', icon: '+', label: 'templates.category.addChild' },
];

const isTemplateLayer = (value: string): value is TemplateLayer =>
  TEMPLATE_LAYERS.some((layer) => layer === value);

export interface CategoryItemProps {
  node: TreeNode;
  /** The whole tree: what the node can do depends on it. */
  tree: Tree;
  /** "2.1": the first child of the second category. */
  position: string;
  errors: Record<string, string>;
  onRename: (key: string, name: string) => void;
  onLayer: (key: string, layer: TemplateLayer) => void;
  onAction: (key: string, action: CategoryAction) => void;
}

/** One category of the tree with its name, its layer and its buttons, and below it its own children. */
export function CategoryItem({
  node,
  tree,
  position,
  errors,
  onRename,
  onLayer,
  onAction,
}: CategoryItemProps) {
  const intl = useIntl();
  const moves = nodeMoves(tree, node.key);
  const name = node.name.trim() || intl.formatMessage({ id: 'templates.category.unnamed' }, { position });
  const enabled: Record<CategoryAction, boolean> = { ...moves, remove: true };
  const layers = TEMPLATE_LAYERS.map((layer) => ({
    value: layer,
    label: intl.formatMessage({ id: `templates.layer.${layer}` }),
  }));
  return (
    <li data-category={node.key}>
      <Group gap="xs" align="flex-start" py={4}>
        <TextInput
          size="sm"
          flex={1}
          miw={180}
          aria-label={intl.formatMessage({ id: 'templates.category.name' }, { position })}
          placeholder={intl.formatMessage({ id: 'templates.category.placeholder' })}
          value={node.name}
          maxLength={TEMPLATE_CATEGORY_NAME_MAX}
          error={errors[node.key]}
          data-focus={`${node.key}:name`}
          onChange={(event) => onRename(node.key, event.currentTarget.value)}
        />
        <NativeSelect
          size="sm"
          w={170}
          aria-label={intl.formatMessage({ id: 'templates.category.layer' }, { position })}
          value={node.layer}
          data={
            isTemplateLayer(node.layer)
              ? layers
              : [
                  {
                    value: node.layer,
                    label: intl.formatMessage({ id: `templates.layer.${node.layer}` }),
                    disabled: true,
                  },
                  ...layers,
                ]
          }
          onChange={(event) => {
            const layer = event.currentTarget.value;
            if (isTemplateLayer(layer)) onLayer(node.key, layer);
          }}
        />
        <ActionIcon.Group>
          {ACTIONS.map(({ action, icon, label }) => (
            <Tooltip key={action} label={intl.formatMessage({ id: label }, { name })} openDelay={400}>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={intl.formatMessage({ id: label }, { name })}
                disabled={!enabled[action]}
                data-focus={`${node.key}:${action}`}
                onClick={() => onAction(node.key, action)}
              >
                <span aria-hidden="true">{icon}</span>
              </ActionIcon>
            </Tooltip>
          ))}
        </ActionIcon.Group>
        <Tooltip label={intl.formatMessage({ id: 'templates.category.remove' }, { name })} openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="red"
            size={36}
            aria-label={intl.formatMessage({ id: 'templates.category.remove' }, { name })}
            onClick={() => onAction(node.key, 'remove')}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Tooltip>
      </Group>
      {node.children.length > 0 && (
        <CategoryList
          nodes={node.children}
          tree={tree}
          parentPosition={position}
          errors={errors}
          onRename={onRename}
          onLayer={onLayer}
          onAction={onAction}
        />
      )}
    </li>
  );
}

/** The categories of one level, indented below their parent. */
export function CategoryList({
  nodes,
  parentPosition,
  ...rest
}: Omit<CategoryItemProps, 'node' | 'position'> & {
  nodes: readonly TreeNode[];
  parentPosition: string | null;
}) {
  const nested = parentPosition !== null;
  return (
    <Box
      component="ul"
      m={0}
      p={0}
      pl={nested ? 'lg' : 0}
      ml={nested ? 'xs' : 0}
      style={{
        listStyle: 'none',
        borderLeft: nested ? '2px solid var(--mantine-color-gray-3)' : undefined,
      }}
    >
      {nodes.map((node, index) => (
        <CategoryItem
          key={node.key}
          node={node}
          position={nested ? `${parentPosition}.${index + 1}` : String(index + 1)}
          {...rest}
        />
      ))}
    </Box>
  );
}
