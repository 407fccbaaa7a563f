import { Badge, Group, NavLink, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from './menu-rules';

function Label({ item }: { item: MenuItem }) {
  const text = 'id' in item.label ? <FormattedMessage id={item.label.id} /> : item.label.text;
  if (!item.beta) return <>{text}</>;
  return (
    <Group gap={6} component="span">
      {text}
      <Badge size="xs" variant="filled" color="teal.9" component="span">
        <FormattedMessage id="menu.beta" />
      </Badge>
    </Group>
  );
}

function isCurrent(item: MenuItem, pathname: string): boolean {
  return pathname === item.to || pathname === `${item.to}/`;
}

function MenuEntry({
  item,
  pathname,
  onNavigate,
}: {
  item: MenuItem;
  pathname: string;
  onNavigate: () => void;
}) {
  const active = isCurrent(item, pathname);
  return (
    <li>
      <NavLink
        component={Link}
        to={item.to}
        label={<Label item={item} />}
        active={active}
        // Filled: the light variant's teal text on pale teal is below 4.5:1 contrast.
        variant="filled"
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
      {item.children && item.children.length > 0 && (
        <Stack component="ul" gap={0} pl="md" m={0} style={{ listStyle: 'none' }}>
          {item.children.map((child) => (
            <MenuEntry key={child.key} item={child} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </Stack>
      )}
    </li>
  );
}

/** The side menu: links in nested lists, each reachable with Tab and opened with Enter. */
export function SideMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <nav aria-label={intl.formatMessage({ id: 'menu.label' })}>
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <MenuEntry key={item.key} item={item} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </Stack>
    </nav>
  );
}
