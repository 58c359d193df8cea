/**
 * Saved addresses of a customer. The state must be one of the configured delivery states
 * (`validateState` of the SDK: 422 on `state`); the ZIP is checked by `validateZip`.
 *
 * Decision (spec "not shown"): removing an address is a soft delete (`deletedAt`). Placed orders
 * keep their own snapshot of it; an open draft that had chosen it has no delivery address any more
 * (the orders service ignores removed addresses), so the customer picks another before placing.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Address, AddressInput } from '@otc/sdk/schemas';
import { validateState, validateZip } from '@otc/sdk/validation';
import type { Db } from '../db/client.js';
import { addresses, type AddressSnapshot } from '../db/schema.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { errors, validationError, type FieldIssue } from '../lib/errors.js';

type AddressRow = typeof addresses.$inferSelect;

export function toAddress(row: AddressRow | AddressSnapshot): Address {
  return {
    id: row.id,
    address: row.address,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    facilityAddress: row.facilityAddress,
  };
}

export function createAddressesService(options: { db: Db; config: AppConfig; clock: Clock }) {
  const { db, config, clock } = options;

  function check(input: Partial<AddressInput>) {
    const found: Record<string, FieldIssue[]> = {};
    if (input.state !== undefined) {
      const issue = validateState(input.state, config.deliveryStates);
      if (issue) found.state = [issue];
    }
    if (input.zip !== undefined) {
      const issue = validateZip(input.zip);
      if (issue) found.zip = [issue];
    }
    if (Object.keys(found).length > 0) throw validationError(found);
  }

  async function owned(customerId: number, id: number): Promise<AddressRow> {
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId), isNull(addresses.deletedAt)))
      .limit(1);
    if (!row) throw errors.notFound();
    return row;
  }

  return {
    async list(customerId: number): Promise<Address[]> {
      const rows = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.customerId, customerId), isNull(addresses.deletedAt)))
        .orderBy(asc(addresses.id));
      return rows.map(toAddress);
    },

    async add(customerId: number, input: AddressInput): Promise<Address> {
      check(input);
      const [row] = await db
        .insert(addresses)
        .values({
          customerId,
          address: input.address,
          address2: input.address2 || null,
          city: input.city,
          state: input.state.toUpperCase(),
          zip: input.zip,
          facilityAddress: input.facilityAddress ?? false,
          createdAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('address insert returned nothing');
      return toAddress(row);
    },

    async update(customerId: number, id: number, input: Partial<AddressInput>): Promise<Address> {
      await owned(customerId, id);
      check(input);
      const values: Partial<typeof addresses.$inferInsert> = {};
      if (input.address !== undefined) values.address = input.address;
      if (input.address2 !== undefined) values.address2 = input.address2 || null;
      if (input.city !== undefined) values.city = input.city;
      if (input.state !== undefined) values.state = input.state.toUpperCase();
      if (input.zip !== undefined) values.zip = input.zip;
      if (input.facilityAddress !== undefined) values.facilityAddress = input.facilityAddress;
      if (Object.keys(values).length === 0) return toAddress(await owned(customerId, id));
      const [row] = await db.update(addresses).set(values).where(eq(addresses.id, id)).returning();
      if (!row) throw errors.notFound();
      return toAddress(row);
    },

    async remove(customerId: number, id: number): Promise<void> {
      await owned(customerId, id);
      await db.update(addresses).set({ deletedAt: clock.now() }).where(eq(addresses.id, id));
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
