import type {
  Assignment,
  AssignBody,
  Board,
  BreakBody,
  ClockInBody,
  ClockOutBody,
  Proposal,
  ProposeBody,
  Reservation,
  ReservationArriveBody,
  ReservationBody,
  ReservationCreated,
  ReservationCancelBody,
  ReservationPatch,
  ClockManyBody,
  ReorderBody,
  Shift,
  SkipBody,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { idempotent } from '../../../lib/idempotency';

/** The floor's writes (docs/api.md "Floor board"); each answers what the board shows next. */

export const clockIn = async (body: ClockInBody): Promise<Shift> =>
  (await apiClient.post<Shift>('/floor/shifts/clock-in/', body)).data;

/** Several people clocked in at once: one transaction, one board event (decision 0522). */
export const clockInMany = async (body: ClockManyBody): Promise<Shift[]> =>
  (await apiClient.post<Shift[]>('/floor/shifts/clock-in-many/', body)).data;

export const clockOut = async (body: ClockOutBody): Promise<Shift> =>
  (await apiClient.post<Shift>('/floor/shifts/clock-out/', body)).data;

export const skipTurn = async (body: SkipBody): Promise<Board> =>
  (await apiClient.post<Board>('/floor/rotation/skip/', body)).data;

/** Starts or ends a therapist's break (themselves, or the desk for them); the place in line is kept. */
export const setBreak = async (body: BreakBody): Promise<Board> =>
  (await apiClient.post<Board>('/floor/rotation/break/', body)).data;

export const reorderRotation = async (body: ReorderBody): Promise<Board> =>
  (await apiClient.post<Board>('/floor/rotation/reorder/', body)).data;

export const finishService = async (arrival: number): Promise<Board> =>
  (await apiClient.post<Board>(`/floor/services/${arrival}/finish/`, {})).data;

/** Writes nothing: whom and where the board would give this client now. */
export const proposeNext = async (body: ProposeBody): Promise<Proposal> =>
  (await apiClient.post<Proposal>('/floor/assign/propose/', body)).data;

/** Logs the arrival (one key per dialog: a double tap stores one). */
export const assignNext = async (body: AssignBody, key: string): Promise<Assignment> =>
  (await apiClient.post<Assignment>('/floor/assign/', body, idempotent(key))).data;

export const createReservation = async (body: ReservationBody): Promise<ReservationCreated> =>
  (await apiClient.post<ReservationCreated>('/floor/reservations/', body)).data;

export const moveReservation = async (id: number, body: ReservationPatch): Promise<Reservation> =>
  (await apiClient.patch<Reservation>(`/floor/reservations/${id}/`, body)).data;

/** The client came: the arrival, its voucher session or desk payment (one key per dialog: a retry stores one). */
export const arriveReservation = async (id: number, body: ReservationArriveBody, key: string): Promise<Reservation> =>
  (await apiClient.post<Reservation>(`/floor/reservations/${id}/arrive/`, body, idempotent(key))).data;

export const markNoShow = async (id: number): Promise<Reservation> =>
  (await apiClient.post<Reservation>(`/floor/reservations/${id}/no-show/`, {})).data;

export const cancelReservation = async (id: number, body: ReservationCancelBody): Promise<Reservation> =>
  (await apiClient.post<Reservation>(`/floor/reservations/${id}/cancel/`, body)).data;
