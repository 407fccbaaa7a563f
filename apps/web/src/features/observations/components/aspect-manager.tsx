import type { SocialEmotionalAspect } from '@leerzicht/contract';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PageLoader } from '../../../components/page-loader';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { isSuppressed } from '../../../lib/api-client';
import { detailOf, translateServerMessage } from '../../../lib/server-errors';
import { useAspects, useMoveAspects, useUpdateAspect } from '../api/observations';
import { moveAspect, splitAspects } from '../lib/aspect-order';
import { ArchivedAspectRow } from './archived-aspect-row';
import { AspectRow } from './aspect-row';
import { NewAspectForm } from './new-aspect-form';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 };

/** The school's aspects in their order: those in use (rename, move, archive), the archived apart, and a new one. */
export function AspectManager({ schoolId }: { schoolId: number }) {
  const intl = useIntl();
  const { data, isError } = useAspects(schoolId);
  const moves = useMoveAspects();
  const update = useUpdateAspect();
  const [problem, setProblem] = useState<string | null>(null);
  const [suppressed, setSuppressed] = useState(false);
  if (isError)
    return (
      <Alert color="red" variant="light">
        {intl.formatMessage({ id: 'observations.aspects.loadFailed' })}
      </Alert>
    );
  if (!data) return <PageLoader />;
  const { active, archived } = splitAspects(data);
  const busy = moves.isPending || update.isPending;

  /** Runs one change of the list; it resolves to whether a read-only session held it back. */
  async function change(run: () => Promise<boolean>) {
    setProblem(null);
    setSuppressed(false);
    try {
      setSuppressed(await run());
    } catch (error) {
      const detail = detailOf(error);
      setProblem(
        detail
          ? translateServerMessage(intl, detail)
          : intl.formatMessage({ id: 'observations.aspects.saveFailed' }),
      );
    }
  }
  const move = (index: number, step: -1 | 1) => {
    const changes = moveAspect(active, index, step);
    if (changes.length > 0) void change(async () => (await moves.mutateAsync(changes)).suppressed);
  };
  const setArchived = (aspect: SocialEmotionalAspect, isArchived: boolean) =>
    void change(async () => isSuppressed(await update.mutateAsync({ id: aspect.id, body: { isArchived } })));

  const activeTitle = intl.formatMessage({ id: 'observations.aspects.active' });
  const archivedTitle = intl.formatMessage({ id: 'observations.aspects.archived' });
  return (
    <Stack gap="md">
      <Text size="sm">{intl.formatMessage({ id: 'observations.aspects.intro' })}</Text>
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {suppressed && <ReadOnlyNotice />}
      <section aria-label={activeTitle}>
        <Title order={3} size="h5" mb="xs">
          {activeTitle}
        </Title>
        {active.length === 0 ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'observations.aspects.noneActive' })}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" style={LIST_STYLE} data-testid="active-aspects">
            {active.map((aspect, index) => (
              <AspectRow
                key={aspect.id}
                aspect={aspect}
                isFirst={index === 0}
                isLast={index === active.length - 1}
                busy={busy}
                onMove={(step) => move(index, step)}
                onArchive={() => setArchived(aspect, true)}
              />
            ))}
          </Stack>
        )}
      </section>
      <NewAspectForm schoolId={schoolId} />
      <section aria-label={archivedTitle}>
        <Title order={3} size="h5" mb="xs">
          {archivedTitle}
        </Title>
        {archived.length === 0 ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'observations.aspects.noneArchived' })}
          </Text>
        ) : (
          <Stack component="ul" gap={4} style={LIST_STYLE} data-testid="archived-aspects">
            {archived.map((aspect) => (
              <ArchivedAspectRow
                key={aspect.id}
                aspect={aspect}
                busy={busy}
                onRestore={() => setArchived(aspect, false)}
              />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
