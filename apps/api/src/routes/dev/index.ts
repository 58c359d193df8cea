/** The development outbox (the route is not registered when NODE_ENV=production). */
import { desc, eq } from 'drizzle-orm';
import { defineHandlers } from '../../lib/contract-routes.js';
import { outboxMessages } from '../../db/schema.js';
import { parseLogin } from '../../services/auth.js';

export default defineHandlers({
  devOutbox: async ({ query, services }) => {
    const to = parseLogin(query.to, 'to').value;
    const rows = await services.db
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
        createdAt: row.createdAt.toISOString(),
      })),
    };
  },
});
