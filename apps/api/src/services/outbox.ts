/** The development outbox: messages stored by the notifier, newest first (GET /api/dev/outbox). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outboxMessages } from '../db/schema.js';

export function createOutboxService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The last 50 messages sent to an e-mail address or phone (already normalized). */
    async messages(to: string) {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to))
        .orderBy(desc(outboxMessages.id))
        .limit(50);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to,
          channel: row.channel === 'sms' ? ('sms' as const) : ('email' as const),
          subject: row.subject,
          text: row.text,
          code: row.code,
          ...(row.headers ? { headers: row.headers } : {}),
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
