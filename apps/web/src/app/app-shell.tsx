import { Anchor, AppShell, Burger, Container, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet } from 'react-router';
import { LogoutButton } from '../features/auth/components/logout-button';
import { useSchoolQuery } from '../entities/school';
import { useCurrentProfile } from '../lib/current-profile';
import { ShellFooter } from './shell/footer';
import { GroupSelector } from './shell/group-selector';
import { homeAddress } from './shell/home-link';
import { LanguageSwitch } from '../components/language-switch';
import { menuItems } from './shell/menu-rules';
import { SessionBanner } from './shell/session-banner';
import { SideMenu } from './shell/side-menu';
import { MAIN_CONTENT_ID, SkipLink } from './shell/skip-link';
import { useSelection } from './shell/use-selection';

/** The signed-in frame: header (logo, language, logout), side menu for a selected school, footer. */
export function AppShellLayout() {
  const intl = useIntl();
  const profile = useCurrentProfile();
  const { schoolId, groupId } = useSelection();
  const [menuOpened, menu] = useDisclosure(false);

  const onlySchoolId = profile.schools.length === 1 ? (profile.schools[0]?.id ?? null) : null;
  const homeSchoolId = schoolId ?? onlySchoolId;
  const { data: school } = useSchoolQuery(homeSchoolId ?? 0, { throwOnError: false });
  const known = school && school.id === homeSchoolId ? school : undefined;
  const home = homeAddress({
    schoolCount: profile.schools.length,
    schoolId: homeSchoolId,
    groupIds: known?.classes.map((group) => group.yearClassId) ?? [],
  });

  const selectedSchool = schoolId !== null && known ? known : undefined;
  const group = selectedSchool?.classes.find((item) => item.yearClassId === groupId);
  const items = selectedSchool
    ? menuItems({
        profile,
        schoolId: selectedSchool.id,
        group:
          groupId === null
            ? null
            : { id: groupId, grade: group?.yearClassGrade ?? null, hasGoals: group?.hasGoals ?? false },
      })
    : null;

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 40 }}
      navbar={items ? { width: 270, breakpoint: 'sm', collapsed: { mobile: !menuOpened } } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {items && (
              <Burger
                opened={menuOpened}
                onClick={menu.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={intl.formatMessage({ id: menuOpened ? 'shell.closeMenu' : 'shell.openMenu' })}
              />
            )}
            <Anchor
              component={Link}
              to={home}
              fw={700}
              size="xl"
              underline="never"
              aria-label={intl.formatMessage({ id: 'app.homeLink' })}
            >
              <FormattedMessage id="app.name" />
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <Anchor component={Link} to="/app/account" size="sm" visibleFrom="xs">
              {profile.fullName || profile.username}
            </Anchor>
            <LogoutButton />
          </Group>
        </Group>
      </AppShell.Header>
      {items && selectedSchool && (
        <AppShell.Navbar p="sm">
          <AppShell.Section pb="sm">
            <GroupSelector school={selectedSchool} groupId={groupId} />
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea}>
            <SideMenu items={items} onNavigate={menu.close} />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="lg">
          <SessionBanner profile={profile} />
          <Outlet />
        </Container>
      </AppShell.Main>
      <AppShell.Footer>
        <ShellFooter schoolId={schoolId} />
      </AppShell.Footer>
    </AppShell>
  );
}
