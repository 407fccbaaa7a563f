import { PASSWORD_RESET_VALID_MINUTES, type Language } from '@leerzicht/contract';
import type { MailMessage } from '../../platform/mail';

export interface PasswordResetMailInput {
  to: string;
  language: Language;
  firstName: string;
  username: string;
  link: string;
}

/** The password reset e-mail in Dutch (default) or English: the username and the single-use link. */
export function passwordResetMail(input: PasswordResetMailInput): MailMessage {
  if (input.language === 'en') {
    return {
      to: input.to,
      subject: 'Reset your Leerzicht password',
      text: [
        input.firstName ? `Dear ${input.firstName},` : 'Hello,',
        '',
        `Someone asked for a new password for the Leerzicht account with username ${input.username}.`,
        'Choose a new password through this link:',
        '',
        input.link,
        '',
        `The link works once and is valid for ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
        'If two-step login is on, you will still be asked for a code when you log in.',
        '',
        'Did you not ask for this? Then you can ignore this message: your password stays as it is.',
        '',
        'Kind regards,',
        'Leerzicht',
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: 'Je wachtwoord voor Leerzicht opnieuw instellen',
    text: [
      input.firstName ? `Beste ${input.firstName},` : 'Hallo,',
      '',
      `Er is een nieuw wachtwoord aangevraagd voor het Leerzicht-account met gebruikersnaam ${input.username}.`,
      'Kies een nieuw wachtwoord via deze link:',
      '',
      input.link,
      '',
      `De link werkt één keer en is ${PASSWORD_RESET_VALID_MINUTES} minuten geldig.`,
      'Staat inloggen in twee stappen aan, dan vragen we bij het inloggen nog steeds om een code.',
      '',
      'Heb je dit niet zelf aangevraagd? Dan kun je dit bericht negeren: je wachtwoord blijft ongewijzigd.',
      '',
      'Met vriendelijke groet,',
      'Leerzicht',
    ].join('\n'),
  };
}
