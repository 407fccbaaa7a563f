import { List, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

const RULES: MessageId[] = [
  'discuss.rules.growth',
  'discuss.rules.drop',
  'discuss.rules.method',
  'discuss.rules.excluded',
];

/** How a pupil gets on the list: the three signals in words (the rules of the contract's PUPILS_TO_DISCUSS_RULES). */
export function DiscussRules() {
  const intl = useIntl();
  return (
    <Stack gap="xs" component="section" aria-labelledby="discuss-rules-title" data-testid="discuss-rules">
      <Title order={2} size="h4" id="discuss-rules-title">
        {intl.formatMessage({ id: 'discuss.rules.title' })}
      </Title>
      <Text size="sm">{intl.formatMessage({ id: 'discuss.rules.scope' })}</Text>
      <List size="sm" spacing={4}>
        {RULES.map((id) => (
          <List.Item key={id}>{intl.formatMessage({ id })}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
