import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { BoardReservation } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { toApiError } from '../../../lib/api-client';
import { useRevalidateFloor } from '../api/get-board';
import { moveReservation } from '../api/floor-actions';
import { displayTime, SLOT_MINUTES, timeOf } from './floor-time';

/** The day view's measures the drop is read against (day-grid.tsx draws the grid with them). */
export type GridMeasures = {
  /** The grid's left edge and width on screen (getBoundingClientRect). */
  left: number;
  width: number;
  /** The time column's width, left of the therapists. */
  timeColumn: number;
  rowPx: number;
  columns: number;
  /** The rows shown, minutes since midnight. */
  rangeStart: number;
  rangeEnd: number;
};

/** Where a block is, or would land: a therapist's column (its index) and a start on the 15-minute grid. */
export type Spot = { column: number; start: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Where a block grabbed at `from` lands: the column under the pointer's x, and the start moved by
 * the pointer's vertical travel in whole 15-minute rows, kept inside the rows shown.
 */
export const dropSpot = (g: GridMeasures, from: Spot, duration: number, pointerX: number, dy: number): Spot => {
  const columnWidth = (g.width - g.timeColumn) / Math.max(1, g.columns);
  const column = clamp(Math.floor((pointerX - g.left - g.timeColumn) / columnWidth), 0, g.columns - 1);
  const start = from.start + Math.round(dy / g.rowPx) * SLOT_MINUTES;
  return { column, start: clamp(start, g.rangeStart, Math.max(g.rangeStart, g.rangeEnd - duration)) };
};

/** A pointer less than this far from where it went down is a click (opens the actions), not a drag. */
const DRAG_THRESHOLD_PX = 5;

type Grab = { pointerId: number; x: number; y: number; from: Spot; reservation: BoardReservation; moved: boolean };
export type Dragging = Spot & { id: number; saving: boolean };

/**
 * Pointer drag of a booked reservation on the day view (issue 22; decision 0901): the block follows
 * the pointer by rows and columns; on drop the same `PATCH /floor/reservations/{id}/` as the Move
 * dialog is sent, and a refusal (409) shows its sentence while the block returns. Mouse and pen
 * only: on touch the block stays a tap target that opens the actions (and the dialog's Move),
 * which is also the keyboard's and the screen reader's way.
 */
export const useDragMove = (
  grid: RefObject<HTMLElement | null>,
  layout: {
    columns: readonly { id: number | null }[];
    rangeStart: number;
    rangeEnd: number;
    timeColumn: number;
    rowPx: number;
  },
) => {
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const grab = useRef<Grab | null>(null);
  const justDragged = useRef(false);
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();

  const spotOf = (g: Grab, e: PointerEvent) => {
    const rect = grid.current?.getBoundingClientRect();
    const measures: GridMeasures = {
      left: rect?.left ?? 0,
      width: rect?.width ?? 0,
      timeColumn: layout.timeColumn,
      rowPx: layout.rowPx,
      columns: layout.columns.length,
      rangeStart: layout.rangeStart,
      rangeEnd: layout.rangeEnd,
    };
    return dropSpot(measures, g.from, g.reservation.duration_minutes, e.clientX, e.clientY - g.y);
  };

  const drop = async (reservation: BoardReservation, spot: Spot) => {
    const therapist = layout.columns[spot.column]?.id ?? null;
    const time = timeOf(spot.start);
    setDragging({ ...spot, id: reservation.id, saving: true });
    try {
      const saved = await moveReservation(reservation.id, { time, therapist });
      showSnackbar(
        `Moved ${saved.client_name} to ${displayTime(saved.time)}, ${saved.therapist_name ?? 'any therapist'}.`,
        'success',
      );
      await revalidate();
    } catch (err) {
      // A drag has no fields to highlight: a refused time (already past, the branch shut) is said by its field's sentence.
      const failure = toApiError(err);
      showSnackbar(Object.values(failure.errors).flat()[0] ?? failure.message, 'error');
    } finally {
      setDragging(null);
    }
  };

  /** The props a booked block takes; `from` is where it is drawn now. */
  const blockProps = (reservation: BoardReservation, from: Spot) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      justDragged.current = false;
      if (e.button !== 0 || e.pointerType === 'touch' || dragging?.saving) return;
      grab.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, from, reservation, moved: false };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const g = grab.current;
      if (!g || g.pointerId !== e.pointerId) return;
      if (!g.moved) {
        if (Math.hypot(e.clientX - g.x, e.clientY - g.y) < DRAG_THRESHOLD_PX) return;
        g.moved = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      setDragging({ ...spotOf(g, e), id: reservation.id, saving: false });
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const g = grab.current;
      grab.current = null;
      if (!g || g.pointerId !== e.pointerId || !g.moved) return;
      // The click that follows a drag is not a tap on the block.
      justDragged.current = true;
      const spot = spotOf(g, e);
      if (spot.column === g.from.column && spot.start === g.from.start) setDragging(null);
      else void drop(reservation, spot);
    },
    onPointerCancel: () => {
      grab.current = null;
      setDragging(null);
    },
  });

  /** True once for the click that ends a drag (the block's onClick ignores it). */
  const consumeDragClick = () => {
    const was = justDragged.current;
    justDragged.current = false;
    return was;
  };

  return { dragging, blockProps, consumeDragClick };
};
