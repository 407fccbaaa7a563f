import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schools, supportTicketAttachments, supportTickets } from '../../db/schema/index';

export type TicketRow = typeof supportTickets.$inferSelect;
export type AttachmentRow = typeof supportTicketAttachments.$inferSelect;
export type NewAttachment = Omit<typeof supportTicketAttachments.$inferInsert, 'ticketId' | 'schoolId'>;

export function findSchool(db: Db, schoolId: number) {
  return db
    .select({ name: schools.name, code: schools.brinCode })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .then((rows) => rows[0] ?? null);
}

/** The ticket and its attachment rows in one transaction: a ticket is never there without its files' rows. */
export async function insertTicket(
  db: Db,
  ticket: typeof supportTickets.$inferInsert,
  attachments: NewAttachment[],
): Promise<TicketRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(supportTickets).values(ticket).returning();
    if (!row) throw new Error('ticket not stored');
    if (attachments.length > 0)
      await tx
        .insert(supportTicketAttachments)
        .values(attachments.map((file) => ({ ...file, ticketId: row.id, schoolId: row.schoolId })));
    return row;
  });
}

export function findTicket(db: Db, id: number) {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, id))
    .then((rows) => rows[0] ?? null);
}

export function attachmentsOf(db: Db, ticketIds: number[]): Promise<AttachmentRow[]> {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(supportTicketAttachments)
    .where(inArray(supportTicketAttachments.ticketId, ticketIds))
    .orderBy(asc(supportTicketAttachments.ticketId), asc(supportTicketAttachments.position));
}

export function findAttachment(db: Db, ticketId: number, attachmentId: number) {
  return db
    .select()
    .from(supportTicketAttachments)
    .where(
      and(eq(supportTicketAttachments.ticketId, ticketId), eq(supportTicketAttachments.id, attachmentId)),
    )
    .then((rows) => rows[0] ?? null);
}

export async function listTickets(db: Db, page: { limit: number; offset: number }) {
  const [total] = await db.select({ n: count() }).from(supportTickets);
  const rows = await db
    .select()
    .from(supportTickets)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

export function pendingTicketIds(db: Db): Promise<number[]> {
  return db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(eq(supportTickets.status, 'pending'))
    .orderBy(asc(supportTickets.id))
    .then((rows) => rows.map((row) => row.id));
}

export async function updateTicket(db: Db, id: number, values: Partial<typeof supportTickets.$inferInsert>) {
  await db.update(supportTickets).set(values).where(eq(supportTickets.id, id));
}
