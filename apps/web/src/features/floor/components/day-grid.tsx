import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Board, BoardReservation } from '@ginhawa/contract';
import { useDragMove } from './drag-move';
import {
  dayBlocks,
  dayColumns,
  dayRange,
  displayTime,
  isLiveDay,
  manilaClock,
  minutesOf,
  SLOT_MINUTES,
  timeOf,
  type DayBlock,
} from './floor-time';

const ROW_PX = 22;
const TIME_COLUMN_PX = 64;

const BlockBody = ({ block }: { block: DayBlock }) => (
  <>
    <Typography variant="caption" component="span" sx={{ fontWeight: 600, display: 'block', lineHeight: 1.2 }}>
      {displayTime(timeOf(block.start))} {block.label}
    </Typography>
    <Typography variant="caption" component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
      {block.detail}
    </Typography>
  </>
);

const blockSx = (block: DayBlock, column: number, rangeStart: number) => ({
  gridColumn: column + 2,
  // Whole rows only: a service ending off the grid (9:04) still fills its last row.
  gridRow: `${2 + Math.floor((block.start - rangeStart) / SLOT_MINUTES)} / span ${Math.max(1, Math.ceil((block.end - block.start) / SLOT_MINUTES))}`,
  zIndex: 1,
  m: '1px',
  p: 0.5,
  borderRadius: 1,
  overflow: 'hidden',
  textAlign: 'left',
  alignItems: 'flex-start',
  justifyContent: 'flex-start',
  flexDirection: 'column',
  display: 'flex',
  color: block.kind === 'service' ? 'secondary.contrastText' : 'primary.contrastText',
  bgcolor: block.kind === 'service' ? 'secondary.dark' : 'primary.dark',
  opacity: block.reservation?.status === 'arrived' ? 0.75 : 1,
});

/** A therapist's name above their column, kept in view while the rows scroll. */
const headerSx = (column: number) =>
  ({
    gridColumn: column + 2,
    gridRow: 1,
    position: 'sticky',
    top: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    borderBottom: 1,
    borderColor: 'divider',
    px: 1,
    py: 1,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  }) as const;

type DayGridProps = {
  board: Board;
  /** Without it (off the desk) bookings are shown, not buttons. */
  onOpen?: (reservation: BoardReservation) => void;
  /** The front desk may drag a booked block to another row or therapist. */
  canMove: boolean;
};

/**
 * The desktop day view: therapists as columns (by name, decision 0911), 15-minute rows, reservations
 * and services in progress as blocks. A booked reservation is a button: a tap or Enter opens its
 * actions (arrive, no-show, cancel, move), and the desk may drag it with the mouse to another row or
 * therapist, which sends the same move (decision 0901).
 */
export const DayGrid = ({ board, onOpen, canMove }: DayGridProps) => {
  const blocks = dayBlocks(board);
  const columns = dayColumns(board);
  const range = dayRange(blocks);
  const rows = Math.ceil((range.end - range.start) / SLOT_MINUTES);
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const { dragging, blockProps, consumeDragClick } = useDragMove(grid, {
    columns,
    rangeStart: range.start,
    rangeEnd: range.end,
    timeColumn: TIME_COLUMN_PX,
    rowPx: ROW_PX,
  });
  // Today opens at the hour before now (the board's clock), where the desk is looking; another day at
  // the hour before its first booking. Once per branch and day, and when the grid first appears: an
  // empty day shows a sentence, not the grid, until the first therapist is clocked in.
  const live = isLiveDay(board);
  const focus = live ? minutesOf(manilaClock(board.now)) : Math.min(...blocks.map((b) => b.start), range.start + 60);
  const drawn = columns.length > 0;
  useEffect(() => {
    const offset = Math.max(0, Math.floor((focus - 60 - range.start) / SLOT_MINUTES)) * ROW_PX;
    scroller.current?.scrollTo?.({ top: offset });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another board (branch or day) shows
  }, [board.location, board.date, drawn]);
  if (columns.length === 0)
    return (
      <Typography color="textSecondary" sx={{ p: 2 }}>
        {live
          ? 'No therapist is clocked in or booked today. Clock one in to start the rotation.'
          : 'No therapist is booked on this day.'}
      </Typography>
    );
  return (
    <Box
      role="region"
      aria-label={`Day view, ${board.date}`}
      tabIndex={0}
      ref={scroller}
      sx={{ overflow: 'auto', maxHeight: 640, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box
        ref={grid}
        sx={{
          display: 'grid',
          gridTemplateColumns: `${TIME_COLUMN_PX}px repeat(${columns.length}, minmax(120px, 1fr))`,
          gridTemplateRows: `36px repeat(${rows}, ${ROW_PX}px)`,
          position: 'relative',
        }}
      >
        <Box sx={{ gridColumn: 1, gridRow: 1, position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 2 }} />
        {columns.map((c, i) => (
          <Typography key={c.id ?? 'any'} variant="subtitle2" component="div" sx={headerSx(i)}>
            {c.name}
          </Typography>
        ))}
        {Array.from({ length: rows }, (_, r) => {
          const minutes = range.start + r * SLOT_MINUTES;
          return (
            <Box
              key={minutes}
              sx={{
                gridColumn: `1 / span ${columns.length + 1}`,
                gridRow: r + 2,
                borderTop: 1,
                borderColor: minutes % 60 === 0 ? 'divider' : 'action.hover',
              }}
            >
              {minutes % 60 === 0 ? (
                <Typography variant="caption" color="textSecondary" sx={{ pl: 0.5 }}>
                  {displayTime(timeOf(minutes))}
                </Typography>
              ) : null}
            </Box>
          );
        })}
        {blocks.map((block) => {
          const column = columns.findIndex((c) => c.id === block.therapist);
          if (column < 0) return null;
          const reservation = block.reservation;
          if (reservation?.status === 'booked' && onOpen) {
            const moving = dragging?.id === reservation.id ? dragging : null;
            const shown = moving
              ? { ...block, start: moving.start, end: moving.start + (block.end - block.start) }
              : block;
            return (
              <ButtonBase
                key={block.key}
                onClick={() => (consumeDragClick() ? undefined : onOpen(reservation))}
                aria-haspopup="dialog"
                aria-busy={moving?.saving ? 'true' : undefined}
                {...(canMove ? blockProps(reservation, { column, start: block.start }) : {})}
                sx={{
                  ...blockSx(shown, moving ? moving.column : column, range.start),
                  ...(canMove ? { cursor: moving ? 'grabbing' : 'grab', userSelect: 'none' } : {}),
                  ...(moving ? { zIndex: 3, boxShadow: 6, outline: 2, outlineColor: 'warning.main' } : {}),
                }}
              >
                <BlockBody block={shown} />
              </ButtonBase>
            );
          }
          return (
            <Box key={block.key} sx={blockSx(block, column, range.start)}>
              <BlockBody block={block} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
