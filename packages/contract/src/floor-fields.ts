import { z } from 'zod';
import { text } from './fields';

/** A room's kind ("single", "couple", "foot spa"), lower-cased: rooms and treatments name the same words (floor.ts). */
export const roomKindSchema = text(40, { required: 'Enter the room kind, e.g. single, couple or foot spa.' }).transform(
  (v) => v.toLowerCase(),
);
/** Treatments name the room kinds they need (`room_kinds` on a treatment; empty: any room). */
export const treatmentRoomKindsSchema = z.array(roomKindSchema).max(10, 'At most 10 room kinds.');
