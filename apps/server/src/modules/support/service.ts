import type { SupportTicket, SupportTicketCreated, SupportTicketList } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { findUserById } from '../../platform/user-lookup';
import type { AllowedSupportMessage } from './access';
import type { TicketForwarder } from './forwarder';
import {
  attachmentsOf,
  findAttachment,
  findSchool,
  insertTicket,
  listTickets,
  type NewAttachment,
} from './repository';
import { readStoredFile, removeStoredFiles, storeFile } from './storage';

/**
 * Stores the support message the route's policy read and allowed (spec section 3: the message, the sender's address and name, and the properties
 * school name, school code, ticket type, demo flag, username and error-report event id) with its files, then
 * hands it to the forwarder when a ticketing service is configured; without one it stays here (`local`).
 */
export async function submitSupportMessage(
  ctx: AppContext,
  session: ActiveSession,
  { access, message: received }: AllowedSupportMessage,
  forwarder: TicketForwarder | null,
): Promise<SupportTicketCreated> {
  const { fields } = received;
  const [school, user] = await Promise.all([
    findSchool(ctx.db, access.schoolId),
    findUserById(ctx.db, session.userId),
  ]);
  if (!school || !user) throw notFound();
  const files = [
    ...received.attachments.map((file) => ({ ...file, isScreenshot: false })),
    ...(received.screenshot ? [{ ...received.screenshot, isScreenshot: true }] : []),
  ];
  const stored: NewAttachment[] = [];
  try {
    for (const [position, file] of files.entries()) {
      const storedName = await storeFile(ctx.config.DATA_DIR, file.content);
      stored.push({
        position,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.content.length,
        isScreenshot: file.isScreenshot,
        storedName,
      });
    }
    const ticket = await insertTicket(
      ctx.db,
      {
        schoolId: access.schoolId,
        userId: user.id,
        subject: fields.subject,
        message: fields.message,
        email: user.email,
        name: `${user.firstName} ${user.lastName}`.trim(),
        properties: {
          schoolName: school.name,
          schoolCode: school.code,
          ticketType: fields.subject,
          isDemo: session.isDemo,
          username: user.username,
          errorReportId: fields.errorReportId || null,
        },
        status: forwarder ? 'pending' : 'local',
        createdAt: ctx.now(),
      },
      stored,
    );
    forwarder?.enqueue(ticket.id);
    return { id: ticket.id, status: ticket.status };
  } catch (error) {
    await removeStoredFiles(
      ctx.config.DATA_DIR,
      stored.map((file) => file.storedName),
    );
    throw error;
  }
}

export async function listSupportTickets(
  ctx: AppContext,
  page: { limit: number; offset: number },
): Promise<SupportTicketList> {
  const { count, rows } = await listTickets(ctx.db, page);
  const attachments = await attachmentsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  const results = rows.map((row): SupportTicket => ({
    id: row.id,
    schoolId: row.schoolId,
    subject: row.subject,
    message: row.message,
    email: row.email,
    name: row.name,
    properties: row.properties,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attachments: attachments
      .filter((file) => file.ticketId === row.id)
      .map((file) => ({
        id: file.id,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.size,
        isScreenshot: file.isScreenshot,
      })),
  }));
  return { count, results };
}

export async function readSupportAttachment(
  ctx: AppContext,
  ticketId: number,
  attachmentId: number,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const file = await findAttachment(ctx.db, ticketId, attachmentId);
  if (!file) throw notFound();
  return {
    fileName: file.fileName,
    contentType: file.contentType,
    content: await readStoredFile(ctx.config.DATA_DIR, file.storedName),
  };
}
