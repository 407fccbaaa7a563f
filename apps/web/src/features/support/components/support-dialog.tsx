import { SUPPORT_MESSAGE_MAX, TICKET_SUBJECTS, type TicketSubject } from '@leerzicht/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Image,
  List,
  Modal,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HELP_TOPICS, helpUrl, SUPPORT_EMAIL } from '../../../lib/help-links';
import { useLanguage } from '../../../lib/language-context';
import { useSubmitSupportMessage } from '../api/submit-support-message';
import { addAttachments } from '../lib/attachments';
import { capturePage, dataUrlToFile } from '../lib/screenshot';

export interface SupportDialogState {
  opened: boolean;
  /** The picture of the page taken as the dialog opened (a data URL), or null. */
  screenshot: string | null;
  /** The error-report id when the dialog opened from an error view. */
  errorReportId?: string;
}

/**
 * Opens the support dialog after taking the screenshot, so that the picture shows the page the user was on and
 * nothing opened after it.
 */
export function useSupportDialog(capture: () => Promise<string | null> = capturePage) {
  const [state, setState] = useState<SupportDialogState>({ opened: false, screenshot: null });
  return {
    state,
    open: async (options: { errorReportId?: string } = {}) => {
      const screenshot = await capture();
      setState({ opened: true, screenshot, errorReportId: options.errorReportId });
    },
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}

interface Warning {
  id: 'support.form.tooLarge' | 'support.form.duplicate' | 'support.form.tooMany';
  values?: Record<string, string>;
}

/**
 * The support dialog (spec 2, 4, 5): a menu of help-guide links, then the form. Submit is disabled until a
 * message and a subject are chosen; a single subject is preselected; the screenshot is included by default;
 * while sending the dialog is locked; on success it closes, resets and shows a closable confirmation; on
 * failure it keeps what was entered and says so.
 */
export function SupportDialog({
  state,
  onClose,
  schoolId,
  subjects = TICKET_SUBJECTS,
}: {
  state: SupportDialogState;
  onClose: () => void;
  schoolId: number;
  subjects?: readonly TicketSubject[];
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const submit = useSubmitSupportMessage();
  const single = subjects.length === 1 ? (subjects[0] ?? null) : null;
  const [view, setView] = useState<'menu' | 'form'>(state.errorReportId ? 'form' : 'menu');
  const [subject, setSubject] = useState<TicketSubject | null>(single);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const [withScreenshot, setWithScreenshot] = useState(true);
  const [sent, setSent] = useState(false);
  const [openedFor, setOpenedFor] = useState(state);
  if (openedFor !== state) {
    // A new opening: from an error view straight to the form, else the menu.
    setOpenedFor(state);
    if (state.opened) setView(state.errorReportId ? 'form' : 'menu');
  }

  const sending = submit.isPending;
  const tooLong = message.length > SUPPORT_MESSAGE_MAX;
  const canSend = message.trim() !== '' && !tooLong && subject !== null && !sending;

  function reset() {
    setView('menu');
    setSubject(single);
    setMessage('');
    setFiles([]);
    setWarnings([]);
    setWithScreenshot(true);
    submit.reset();
  }

  function attach(added: File[]) {
    const change = addAttachments(files, added);
    setFiles(change.files);
    setWarnings([
      ...change.tooLarge.map(() => ({
        id: 'support.form.tooLarge' as const,
        values: { email: SUPPORT_EMAIL },
      })),
      ...change.duplicates.map((file) => ({
        id: 'support.form.duplicate' as const,
        values: { name: file.name },
      })),
      ...change.overCount.map((file) => ({
        id: 'support.form.tooMany' as const,
        values: { name: file.name },
      })),
    ]);
  }

  function send() {
    if (!canSend || subject === null) return;
    submit.mutate(
      {
        schoolId,
        subject,
        message: message.trim(),
        errorReportId: state.errorReportId,
        attachments: files,
        screenshot:
          withScreenshot && state.screenshot ? dataUrlToFile(state.screenshot, 'screenshot.png') : null,
      },
      {
        onSuccess: () => {
          reset();
          setSent(true);
          onClose();
        },
      },
    );
  }

  return (
    <>
      {sent && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel={intl.formatMessage({ id: 'support.sent.close' })}
          onClose={() => setSent(false)}
          title={intl.formatMessage({ id: 'support.sent.title' })}
        >
          <FormattedMessage id="support.sent.message" />
        </Alert>
      )}
      <Modal
        opened={state.opened}
        onClose={onClose}
        title={intl.formatMessage({ id: 'support.title' })}
        closeOnClickOutside={!sending}
        closeOnEscape={!sending}
        withCloseButton={!sending}
        size="lg"
      >
        {view === 'menu' ? (
          <Stack>
            <Text fw={500}>
              <FormattedMessage id="support.menu.heading" />
            </Text>
            <List>
              {HELP_TOPICS.map((topic) => (
                <List.Item key={topic}>
                  <Anchor href={helpUrl(topic, language)} target="_blank" rel="noopener noreferrer">
                    <FormattedMessage id={`support.menu.topic.${topic}`} />
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Group>
              <Button onClick={() => setView('form')}>
                <FormattedMessage id="support.menu.toForm" />
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack aria-busy={sending}>
            <NativeSelect
              label={intl.formatMessage({ id: 'support.form.subject' })}
              data={[
                ...(single
                  ? []
                  : [{ value: '', label: intl.formatMessage({ id: 'support.form.subjectPlaceholder' }) }]),
                ...subjects.map((value) => ({
                  value,
                  label: intl.formatMessage({ id: `support.subject.${value}` }),
                })),
              ]}
              value={subject ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setSubject(subjects.find((option) => option === value) ?? null);
              }}
              required
              disabled={sending}
            />
            <Textarea
              label={intl.formatMessage({ id: 'support.form.message' })}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              required
              rows={4}
              disabled={sending}
              error={
                tooLong
                  ? intl.formatMessage({ id: 'support.form.messageTooLong' }, { max: SUPPORT_MESSAGE_MAX })
                  : undefined
              }
              description={intl.formatMessage(
                { id: 'support.form.counter' },
                { count: message.length, max: SUPPORT_MESSAGE_MAX },
              )}
            />
            <Stack gap="xs">
              <Group>
                <FileButton onChange={attach} multiple disabled={sending}>
                  {(props) => (
                    <Button variant="default" {...props} disabled={sending}>
                      <FormattedMessage id="support.form.attach" />
                    </Button>
                  )}
                </FileButton>
              </Group>
              {warnings.map((warning, index) => (
                <Alert key={index} color="yellow" role="alert">
                  <FormattedMessage id={warning.id} values={warning.values} />
                </Alert>
              ))}
              {files.length > 0 && (
                <List aria-label={intl.formatMessage({ id: 'support.form.attachments' })}>
                  {files.map((file) => (
                    <List.Item key={file.name}>
                      <Group gap="xs">
                        <Text size="sm">{file.name}</Text>
                        <CloseButton
                          size="sm"
                          disabled={sending}
                          aria-label={intl.formatMessage({ id: 'support.form.remove' }, { name: file.name })}
                          onClick={() => setFiles((current) => current.filter((kept) => kept !== file))}
                        />
                      </Group>
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
            {state.screenshot && (
              <Group align="flex-start">
                <Checkbox
                  label={intl.formatMessage({ id: 'support.form.screenshot' })}
                  checked={withScreenshot}
                  disabled={sending}
                  onChange={(event) => setWithScreenshot(event.currentTarget.checked)}
                />
                {withScreenshot && (
                  <Image
                    src={state.screenshot}
                    alt={intl.formatMessage({ id: 'support.form.screenshotAlt' })}
                    w={160}
                    radius="sm"
                  />
                )}
              </Group>
            )}
            {submit.isError && (
              <Alert color="red" role="alert">
                <FormattedMessage id="support.form.failed" />
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="subtle" onClick={() => setView('menu')} disabled={sending}>
                <FormattedMessage id="support.form.back" />
              </Button>
              <Button onClick={send} disabled={!canSend} loading={sending}>
                <FormattedMessage id="support.form.send" />
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
