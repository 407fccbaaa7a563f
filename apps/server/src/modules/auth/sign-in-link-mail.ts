import { SIGN_IN_LINK_VALID_MINUTES, type Language } from '@leerzicht/contract';
import type { MailMessage } from '../../platform/mail';

export interface SignInLinkMailInput {
  to: string;
  language: Language;
  firstName: string;
  username: string;
  link: string;
}

/** The sign-in link e-mail in Dutch (default) or English: the username and the single-use link. */
export function signInLinkMail(input: SignInLinkMailInput): MailMessage {
  if (input.language === 'en') {
    return {
      to: input.to,
      subject: 'Your sign-in link for Leerzicht',
      text: [
        input.firstName ? `Dear ${input.firstName},` : 'Hello,',
        '',
        `Someone asked for a sign-in link for the Leerzicht account with username ${input.username}.`,
        'Log in through this link:',
        '',
        input.link,
        '',
        `The link works once and is valid for ${SIGN_IN_LINK_VALID_MINUTES} minutes. If two-step login is on,`,
        'you will still be asked for a code.',
        '',
        'Did you not ask for this? Then you can ignore this message. Several failed logins may mean that someone',
        'is trying to guess your password: choose a strong password, or switch on two-step login.',
        '',
        'Kind regards,',
        'Leerzicht',
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: 'Je inloglink voor Leerzicht',
    text: [
      input.firstName ? `Beste ${input.firstName},` : 'Hallo,',
      '',
      `Er is een inloglink aangevraagd voor het Leerzicht-account met gebruikersnaam ${input.username}.`,
      'Log in via deze link:',
      '',
      input.link,
      '',
      `De link werkt één keer en is ${SIGN_IN_LINK_VALID_MINUTES} minuten geldig. Staat inloggen in twee stappen`,
      'aan, dan vragen we nog steeds om een code.',
      '',
      'Heb je dit niet zelf aangevraagd? Dan kun je dit bericht negeren. Veel mislukte inlogpogingen kunnen',
      'betekenen dat iemand je wachtwoord probeert te raden: kies een sterk wachtwoord, of zet inloggen in twee',
      'stappen aan.',
      '',
      'Met vriendelijke groet,',
      'Leerzicht',
    ].join('\n'),
  };
}
