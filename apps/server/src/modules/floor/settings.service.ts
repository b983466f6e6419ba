import { eq, sql } from 'drizzle-orm';
import { DEFAULT_GRACE_MINUTES, MANAGER_GROUP, type FloorSettings, type FloorSettingsBody } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { floorSettings } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { forbidden } from '../../lib/http-error';
import { createdBy, touched } from '../../lib/tracked';
import { hasAnyGroup, type AuthUser } from '../../lib/actor';
import { addMinutes, floorLocation, floorToday, publishFloor } from './floor-shared.service';

/** A branch's floor rules; the defaults (15 minutes' grace, deposits forfeited) until a Manager sets them. */
export const floorSettingsOf = async (db: DbOrTx, locationId: number): Promise<FloorSettings> => {
  const [row] = await db.select().from(floorSettings).where(eq(floorSettings.locationId, locationId));
  return {
    location: locationId,
    grace_minutes: row?.graceMinutes ?? DEFAULT_GRACE_MINUTES,
    no_show_deposit: (row?.noShowDeposit as FloorSettings['no_show_deposit'] | undefined) ?? 'forfeit',
  };
};

/**
 * When a booked client who has not come may be marked a no-show: the booked start plus the
 * branch's grace period. The no-show's refusal and the board's `no_show_from` both ask this.
 */
export const noShowFrom = (startsAt: Date, settings: Pick<FloorSettings, 'grace_minutes'>) =>
  addMinutes(startsAt, settings.grace_minutes);

export const getFloorSettings = async (db: Db, user: AuthUser, locationId: number) => {
  await floorLocation(db, user, locationId);
  return floorSettingsOf(db, locationId);
};

export const putFloorSettings = async (db: Db, user: AuthUser, input: Required<FloorSettingsBody>) =>
  db.transaction(async (tx) => {
    const location = await floorLocation(tx, user, input.location);
    if (!hasAnyGroup(user, [MANAGER_GROUP]))
      throw forbidden(`Only a Manager of ${location.name} or an Admin may change its floor settings.`);
    const before = await floorSettingsOf(tx, input.location);
    const values = { graceMinutes: input.grace_minutes, noShowDeposit: input.no_show_deposit };
    await tx
      .insert(floorSettings)
      .values({ locationId: input.location, ...values, ...createdBy(user.id) })
      .onConflictDoUpdate({ target: floorSettings.locationId, set: { ...values, ...touched(user.id) } });
    const after = await floorSettingsOf(tx, input.location);
    // The board carries each booking's no_show_from: floor_settings has no version trigger
    // (migration 0019), so its board is raised here and open boards read it again.
    await tx.execute(sql`select floor_board_version_raise(${input.location}::integer)`);
    await publishFloor(tx, input.location, floorToday());
    await audit(tx, {
      actorId: user.id,
      action: 'update',
      tableName: 'floor_settings',
      rowId: input.location,
      before,
      after,
    });
    return after;
  });
