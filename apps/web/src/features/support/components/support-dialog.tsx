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
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HELP_TOPICS, helpUrl, SUPPORT_EMAIL } from '../../../lib/help-links';
import { useLanguage } from '../../../lib/language-context';
import { useSubmitSupportMessage } from '../api/submit-support-message';
import { addAttachments } from '../lib/attachments';
import { capturePage, dataUrlToFile, type PageCapture } from '../lib/screenshot';

export interface SupportDialogState {
  opened: boolean;
  /** Counts the openings: the dialog starts anew on each (the screenshot arriving later is not one). */
  opening: number;
  /** The picture of the page taken as the dialog opened (a data URL), or null. */
  screenshot: string | null;
  /** The picture is still being drawn (the page was copied before the dialog opened). */
  screenshotPending: boolean;
  /** The error-report id when the dialog opened from an error view. */
  errorReportId?: string;
}

/**
 * How long the button waits for the page to be copied before it opens the dialog without a screenshot: on a
 * slow machine a long page can take seconds, and the user asked for help, not for a picture.
 */
export const PAGE_COPY_LIMIT_MS = 6_000;

/**
 * The support dialog's state and its opening. The page is copied first, so that its picture shows the page the
 * user was on and not the dialog (the button that opens it shows a spinner meanwhile); the dialog then opens and
 * the picture follows when drawn. A copy that takes longer than PAGE_COPY_LIMIT_MS is given up.
 */
export function useSupportDialog(
  capture: () => PageCapture = capturePage,
  copyLimitMs: number = PAGE_COPY_LIMIT_MS,
) {
  const [state, setState] = useState<SupportDialogState>({
    opened: false,
    opening: 0,
    screenshot: null,
    screenshotPending: false,
  });
  const [capturing, setCapturing] = useState(false);
  // The latest opening's number, read after the picture is drawn: a picture drawn for an earlier opening is not
  // shown in a later one.
  const openings = useRef(0);
  return {
    state,
    capturing,
    open: async (options: { errorReportId?: string } = {}) => {
      const opening = (openings.current += 1);
      setCapturing(true);
      const taking = capture();
      let limit: ReturnType<typeof setTimeout> | undefined;
      const copied = await Promise.race([
        taking.copied.then(() => true),
        new Promise<false>((resolve) => (limit = setTimeout(() => resolve(false), copyLimitMs))),
      ]);
      clearTimeout(limit);
      setCapturing(false);
      setState({
        opened: true,
        opening,
        screenshot: null,
        screenshotPending: copied,
        errorReportId: options.errorReportId,
      });
      if (!copied) return;
      const screenshot = await taking.picture;
      if (openings.current !== opening) return;
      setState((current) => ({ ...current, screenshot, screenshotPending: false }));
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
  const [openedFor, setOpenedFor] = useState(state.opening);
  if (openedFor !== state.opening) {
    // A new opening: from an error view straight to the form, else the menu.
    setOpenedFor(state.opening);
    if (state.opened) setView(state.errorReportId ? 'form' : 'menu');
  }

  const sending = submit.isPending;
  const tooLong = message.length > SUPPORT_MESSAGE_MAX;
  // An included screenshot still being drawn is waited for (a second or two); leaving it out sends at once.
  const waitingForScreenshot = withScreenshot && state.screenshotPending;
  const canSend = message.trim() !== '' && !tooLong && subject !== null && !sending && !waitingForScreenshot;

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
            {(state.screenshot || state.screenshotPending) && (
              <Group align="flex-start">
                <Checkbox
                  label={intl.formatMessage({ id: 'support.form.screenshot' })}
                  checked={withScreenshot}
                  disabled={sending}
                  onChange={(event) => setWithScreenshot(event.currentTarget.checked)}
                />
                {withScreenshot && state.screenshot && (
                  <Image
                    src={state.screenshot}
                    alt={intl.formatMessage({ id: 'support.form.screenshotAlt' })}
                    w={160}
                    radius="sm"
                  />
                )}
                {withScreenshot && state.screenshotPending && (
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="sm" c="dimmed">
                      <FormattedMessage id="support.form.screenshotPending" />
                    </Text>
                  </Group>
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
