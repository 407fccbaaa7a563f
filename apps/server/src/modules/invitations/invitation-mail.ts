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

/** Longest inviter name in a mail: room for a full name, too short to carry a message of its own. */
export const MAIL_NAME_MAX = 80;
/** Longest school name in a mail and its subject. */
export const MAIL_SCHOOL_MAX = 120;

/**
 * Text someone else chose (a name, a school name) as one short line: line breaks and other control
 * characters become spaces, so it cannot start a header or a paragraph of its own; invisible format
 * characters (such as right-to-left overrides) are dropped; longer text is cut off with an ellipsis.
 */
export function mailLine(value: string, max: number): string {
  const line = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\p{Cf}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(line);
  if (characters.length <= max) return line;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function formatDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}

interface MailWords {
  subject: string;
  /** Paragraphs of lines; the link is a line of its own. */
  paragraphs: string[][];
}

function words(input: InvitationMailInput, school: string, inviter: string): MailWords {
  const until = formatDate(input.expiresAt, input.language);
  if (input.language === 'en') {
    const action = input.existingAccount
      ? 'Accept the invitation with your existing Leerzicht account through this link:'
      : 'Create your account through this link:';
    return {
      subject: `Invitation to join ${school} on Leerzicht`,
      paragraphs: [
        ['Dear colleague,'],
        [`${inviter} invites you to work with ${school} on Leerzicht.`],
        [action, input.link],
        [`The link works once and is valid until ${until}.`],
        ['Did you not expect this invitation? Then you can ignore this message.'],
        ['Kind regards,', 'Leerzicht'],
      ],
    };
  }
  const action = input.existingAccount
    ? 'Neem de uitnodiging aan met je bestaande Leerzicht-account via deze link:'
    : 'Maak je account aan via deze link:';
  return {
    subject: `Uitnodiging voor ${school} in Leerzicht`,
    paragraphs: [
      ['Beste collega,'],
      [`${inviter} nodigt je uit om in Leerzicht samen te werken voor ${school}.`],
      [action, input.link],
      [`De link werkt één keer en is geldig tot ${until}.`],
      ['Had je deze uitnodiging niet verwacht? Dan kun je dit bericht negeren.'],
      ['Met vriendelijke groet,', 'Leerzicht'],
    ],
  };
}

/**
 * The invitation e-mail in Dutch (default) or English: school, inviter, the single-use link and its expiry.
 * Plain text and HTML; in the HTML every line is escaped, so a name cannot add markup or links.
 */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const school = mailLine(input.schoolName, MAIL_SCHOOL_MAX);
  const inviter = mailLine(input.inviterName, MAIL_NAME_MAX);
  const { subject, paragraphs } = words(input, school, inviter);
  const htmlLine = (line: string) =>
    line === input.link ? `<a href="${escapeHtml(line)}">${escapeHtml(line)}</a>` : escapeHtml(line);
  const html = [
    `<!doctype html><html lang="${input.language}"><body>`,
    ...paragraphs.map((lines) => `<p>${lines.map(htmlLine).join('<br>')}</p>`),
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject,
    text: paragraphs.map((lines) => lines.join('\n')).join('\n\n'),
    html,
  };
}
