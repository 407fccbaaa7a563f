import type { Language } from '@leerzicht/contract';
import type { MailMessage } from '../../platform/mail';

export interface InvitationMailInput {
  to: string;
  language: Language;
  schoolName: string;
  inviterName: string;
  link: string;
  expiresAt: Date;
  existingAccount: boolean;
}

function formatDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}

/** The invitation e-mail in Dutch (default) or English: school, inviter, the single-use link and its expiry. */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const until = formatDate(input.expiresAt, input.language);
  if (input.language === 'en') {
    const action = input.existingAccount
      ? 'Accept the invitation with your existing Leerzicht account through this link:'
      : 'Create your account through this link:';
    return {
      to: input.to,
      subject: `Invitation to join ${input.schoolName} on Leerzicht`,
      text: [
        'Dear colleague,',
        '',
        `${input.inviterName} invites you to work with ${input.schoolName} on Leerzicht.`,
        '',
        action,
        input.link,
        '',
        `The link works once and is valid until ${until}.`,
        '',
        'Did you not expect this invitation? Then you can ignore this message.',
        '',
        'Kind regards,',
        'Leerzicht',
      ].join('\n'),
    };
  }
  const action = input.existingAccount
    ? 'Neem de uitnodiging aan met je bestaande Leerzicht-account via deze link:'
    : 'Maak je account aan via deze link:';
  return {
    to: input.to,
    subject: `Uitnodiging voor ${input.schoolName} in Leerzicht`,
    text: [
      'Beste collega,',
      '',
      `${input.inviterName} nodigt je uit om in Leerzicht samen te werken voor ${input.schoolName}.`,
      '',
      action,
      input.link,
      '',
      `De link werkt één keer en is geldig tot ${until}.`,
      '',
      'Had je deze uitnodiging niet verwacht? Dan kun je dit bericht negeren.',
      '',
      'Met vriendelijke groet,',
      'Leerzicht',
    ].join('\n'),
  };
}
