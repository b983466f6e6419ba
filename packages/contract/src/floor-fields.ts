import { z } from 'zod';
import { text } from './fields';

/** A room's kind ("single", "couple", "foot spa"), lower-cased: rooms and treatments name the same words (floor.ts). */
export const roomKindSchema = text(40, { required: 'Enter the room kind, e.g. single, couple or foot spa.' }).transform(
  (v) => v.toLowerCase(),
);
/** Treatments name the room kinds they need (`room_kinds` on a treatment; empty: any room). */
export const treatmentRoomKindsSchema = z.array(roomKindSchema).max(10, 'At most 10 room kinds.');

/** The longest reason the floor keeps (a screen's reason field stops typing there). */
export const FLOOR_REASON_MAX = 300;
/** Why a skip, a reorder or a cancellation happened: required, logged with who and when. */
export const floorReason = text(FLOOR_REASON_MAX, { required: 'Say why.' });
/** A moment as ISO 8601 text (timestamptz). */
export const floorInstant = z.string();
/** A service's or reservation's length on the 15-minute grid. */
export const floorDurationMinutes = z
  .number({ error: 'Enter the minutes as a whole number.' })
  .int('Enter the minutes as a whole number.')
  .min(15, 'At least 15 minutes.')
  .max(720, 'At most 12 hours.')
  .refine((v) => v % 15 === 0, 'Use the 15-minute grid (15, 30, 45, 60 …).');
