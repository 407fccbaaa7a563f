import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { PublicFrame } from '../../../components/public-frame';
import { signInWith } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { useInvitationQuery } from '../api/get-invitation';
import { AcceptInvitationForm } from '../components/accept-invitation-form';

const LOGIN = '/auth/login';

/** /auth/accept-invite/{key}: accept an invitation, then continue signed in (or at login, username filled in). */
export function AcceptInvitationPage() {
  const intl = useIntl();
  const key = useParams().key ?? '';
  const [signingIn, setSigningIn] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: invitation, isError } = useInvitationQuery(key);

  // An invitation used before: continue signed in, or at login with its username.
  useEffect(() => {
    if (!invitation?.accepted) return;
    if (storage.getToken()) void navigate('/app', { replace: true });
    else
      void navigate(LOGIN, { replace: true, state: { username: invitation.username ?? invitation.email } });
  }, [invitation, navigate]);

  async function continueSignedIn(username: string, password: string) {
    setSigningIn(true);
    try {
      await signInWith({ username, password, rememberMe: true });
      queryClient.removeQueries();
      storage.clearLoginRedirect();
      await navigate('/app', { replace: true });
    } catch {
      await navigate(LOGIN, { replace: true, state: { username } });
    }
  }

  return (
    <PublicFrame>
      <Title order={1} size="h2">
        <FormattedMessage id="invite.title" />
      </Title>
      {isError && (
        <Stack>
          <Alert color="red" role="alert">
            <FormattedMessage id="invite.notFound" />
          </Alert>
          <Anchor component={Link} to={LOGIN} size="sm">
            <FormattedMessage id="invite.toLogin" />
          </Anchor>
        </Stack>
      )}
      {!isError && (!invitation || invitation.accepted) && (
        <Loader aria-label={intl.formatMessage({ id: 'common.loading' })} />
      )}
      {invitation && !invitation.accepted && (
        <Stack>
          <Text size="sm">
            <FormattedMessage
              id={invitation.existingAccount ? 'invite.introExisting' : 'invite.intro'}
              values={{ school: invitation.schoolName }}
            />
          </Text>
          <AcceptInvitationForm
            invitationKey={key}
            invitation={invitation}
            busy={signingIn}
            onAccepted={(username, password) => void continueSignedIn(username, password)}
          />
        </Stack>
      )}
    </PublicFrame>
  );
}
