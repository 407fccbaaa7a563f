import { EMAIL_CHANGE_VALID_HOURS, type Language } from '@leerzicht/contract';
import type { MailMessage } from '../../platform/mail';

interface Greeting {
  language: Language;
  firstName: string;
}

const greet = ({ language, firstName }: Greeting) =>
  language === 'en'
    ? firstName
      ? `Dear ${firstName},`
      : 'Hello,'
    : firstName
      ? `Beste ${firstName},`
      : 'Hallo,';
const closing = (language: Language) =>
  language === 'en' ? ['', 'Kind regards,', 'Leerzicht'] : ['', 'Met vriendelijke groet,', 'Leerzicht'];

/** To the new address: the link that makes it the account's address. */
export function emailChangeLinkMail(
  input: Greeting & { to: string; username: string; link: string },
): MailMessage {
  const en = input.language === 'en';
  return {
    to: input.to,
    subject: en
      ? 'Confirm your new e-mail address for Leerzicht'
      : 'Bevestig je nieuwe e-mailadres voor Leerzicht',
    text: [
      greet(input),
      '',
      en
        ? `This address was entered as the new e-mail address of the Leerzicht account with username ${input.username}.`
        : `Dit adres is opgegeven als nieuw e-mailadres van het Leerzicht-account met gebruikersnaam ${input.username}.`,
      en ? 'Confirm it through this link:' : 'Bevestig het via deze link:',
      '',
      input.link,
      '',
      en
        ? `The link works once and is valid for ${EMAIL_CHANGE_VALID_HOURS} hours. Until then the account keeps its old address.`
        : `De link werkt één keer en is ${EMAIL_CHANGE_VALID_HOURS} uur geldig. Tot dan houdt het account het oude adres.`,
      en
        ? 'Did you not ask for this? Then ignore this message: nothing changes.'
        : 'Heb je dit niet zelf gevraagd? Negeer dan dit bericht: er verandert niets.',
      ...closing(input.language),
    ].join('\n'),
  };
}

/** To the old address, when a change is asked for and when it took effect. */
export function emailChangeNoticeMail(
  input: Greeting & { to: string; newEmail: string; stage: 'requested' | 'changed'; supportEmail: string },
): MailMessage {
  const en = input.language === 'en';
  const requested = input.stage === 'requested';
  const subject = en
    ? requested
      ? 'A new e-mail address was entered for your Leerzicht account'
      : 'The e-mail address of your Leerzicht account was changed'
    : requested
      ? 'Er is een nieuw e-mailadres opgegeven voor je Leerzicht-account'
      : 'Het e-mailadres van je Leerzicht-account is gewijzigd';
  const what = en
    ? requested
      ? `Someone signed in to your account asked to change its e-mail address to ${input.newEmail}. It changes only once the link sent to that address is opened.`
      : `The e-mail address of your account is now ${input.newEmail}. Messages about your account go there from now on.`
    : requested
      ? `Iemand die in je account is ingelogd, heeft gevraagd het e-mailadres te wijzigen in ${input.newEmail}. Het wijzigt pas als de link die naar dat adres is gestuurd, wordt geopend.`
      : `Het e-mailadres van je account is nu ${input.newEmail}. Berichten over je account gaan voortaan daarheen.`;
  return {
    to: input.to,
    subject,
    text: [
      greet(input),
      '',
      what,
      '',
      en
        ? `Was this not you? Change your password at once and contact ${input.supportEmail}.`
        : `Was jij dit niet? Wijzig dan direct je wachtwoord en neem contact op met ${input.supportEmail}.`,
      ...closing(input.language),
    ].join('\n'),
  };
}
