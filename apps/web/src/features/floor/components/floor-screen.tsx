import { ClosedDayAlert } from '../../../components/closed-day-alert';
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link } from 'react-router';
import { manilaDate, todayInManila, type Board, type BoardReservation, type QueueEntry } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { ResponsiveDialog } from '../../../components/form/responsive-dialog';
import { formatDate } from '../../../lib/format';
import { PageHeader } from '../../../components/page-header';
import { NO_OPTIONS, useLocationOptions } from '../../../lib/options';
import { useBoard } from '../api/get-board';
import { AssignDialog } from './assign-dialog';
import { DayGrid } from './day-grid';
import { DayNav, useFloorBranch, useFloorDay } from './day-nav';
import { isLiveDay, noShowOpen } from './floor-time';
import { NowNextLists } from './now-next-lists';
import { ReservationActions } from './reservation-actions';
import { ReservationForm } from './reservation-form';
import { RoomsPanel } from './rooms-panel';
import { FloorSettingsDialog } from './floor-settings-dialog';
import { RotationActionDialog, useBreakToggle } from './rotation-actions';
import { RotationLogDialog } from './rotation-log-dialog';
import { RotationPanel, type RotationAction } from './rotation-panel';
import { FrontDeskShifts } from './front-desk-shifts';
import { ClockInDialog, ReorderDialog } from './shift-dialogs';
import type { TabsSlot } from './tabs-slot';
import type { VisitUseSlot } from './visit-use';
import { useSessionState } from '../../../lib/session-state';

export type FloorClient = { id: number; full_name: string };

/** Who is at the board, as the app passes it in (a feature does not read the session). */
export type FloorUser = {
  locations: readonly { id: number; name: string }[];
  admin: boolean;
  /** Managers and Admins reorder the rotation. */
  manages: boolean;
  /** Receptionists, Managers and Admins assign walk-ins and book. */
  frontDesk: boolean;
  /** A therapist's own employee record: they start and end their own break and clock themselves out. */
  employee?: number | null;
  /** A receptionist's own employee record: the front desk's list asks them "Clock out now?". */
  deskEmployee?: number | null;
};

type FloorScreenProps = {
  user: FloorUser;
  /** The client search (with "new client"), composed by the app from the clients feature. */
  clientPicker: (onPick: (client: FloorClient) => void) => ReactNode;
  /** The rooms list's path, linked from the Rooms panel for Managers and Admins. */
  roomsPath: string;
  /** The attendance report's path, linked from the header for Managers and Admins. */
  attendancePath?: string;
  /** What the client uses (voucher, membership or desk payment), composed by the app from the clients feature. */
  visitUse: VisitUseSlot;
  /** The open tabs and checkout, composed by the app from the sales feature; the desk's only. */
  tabs?: TabsSlot;
  /**
   * A client to book, from the client page's "New reservation" (`?reserve=`): the desk's booking
   * dialog opens for them once the board is read; `onReserved` says it closed (issue 34).
   */
  reserveFor?: FloorClient | null;
  onReserved?: () => void;
};

type Open =
  | { kind: 'pick'; then: 'assign' | 'reserve' }
  | { kind: 'assign' | 'reserve'; client: FloorClient }
  | { kind: 'reservation'; reservation: BoardReservation }
  | {
      kind: 'rotation';
      action: Exclude<RotationAction, 'start_break' | 'end_break'>;
      entry: QueueEntry;
      /** The row is the signed-in therapist's own: the dialog speaks to them, not of them. */
      self: boolean;
    }
  | { kind: 'clock_in' | 'reorder' | 'log' | 'settings' }
  | { kind: 'checkout'; arrival: number }
  | null;

const Panel = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Card component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {action}
    </Box>
    {children}
  </Card>
);

const BoardSkeleton = () => (
  <Stack spacing={2} aria-busy="true" aria-label="Loading the floor board">
    <Skeleton variant="rounded" height={56} />
    <Skeleton variant="rounded" height={320} />
  </Stack>
);

/** The board itself: the day view with rotation and rooms beside it (md up), or rotation, now/next, rooms. */
const BoardLayout = ({
  data,
  user,
  roomsPath,
  setOpen,
  tabs,
}: {
  data: Board;
  user: FloorUser;
  roomsPath: string;
  setOpen: (open: Open) => void;
  tabs?: TabsSlot;
}) => {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const toggleBreak = useBreakToggle(data.location);
  const onAction = (action: RotationAction, entry: QueueEntry) => {
    if (action === 'start_break' || action === 'end_break') void toggleBreak(entry, action === 'start_break');
    else setOpen({ kind: 'rotation', action, entry, self: entry.therapist === user.employee });
  };
  // A therapist in the rotation is on shift: Clock in would only say so (they clock out from their row's menu).
  const onShiftHere = !user.frontDesk && data.queue.some((q) => q.therapist === user.employee);
  const rotation = (
    <Panel
      title="Rotation"
      action={
        <Stack direction="row" spacing={1}>
          {user.manages && data.queue.length > 1 ? (
            <Button size="small" onClick={() => setOpen({ kind: 'reorder' })}>
              Reorder
            </Button>
          ) : null}
          <Button size="small" onClick={() => setOpen({ kind: 'log' })}>
            Log
          </Button>
          {onShiftHere ? null : (
            <Button size="small" variant="outlined" onClick={() => setOpen({ kind: 'clock_in' })}>
              Clock in
            </Button>
          )}
        </Stack>
      }
    >
      <RotationPanel
        queue={data.queue}
        who={{ frontDesk: user.frontDesk, employee: user.employee ?? null }}
        onAction={onAction}
      />
      {user.frontDesk ? <FrontDeskShifts location={data.location} me={user.deskEmployee ?? null} /> : null}
    </Panel>
  );
  const rooms = (
    <Panel
      title="Rooms"
      action={
        user.manages ? (
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => setOpen({ kind: 'settings' })}>
              Settings
            </Button>
            <Button size="small" component={Link} to={roomsPath}>
              Edit rooms
            </Button>
          </Stack>
        ) : null
      }
    >
      <RoomsPanel rooms={data.rooms} />
    </Panel>
  );
  // The till is the desk's: a therapist neither sees nor checks out the branch's tabs.
  const openTabs =
    tabs && user.frontDesk ? (
      <Panel title="Open tabs">{tabs.list({ location: data.location, manages: user.manages })}</Panel>
    ) : null;
  // Off the desk a booking opens nothing, so it is not drawn as a button that announces a dialog.
  const openReservation = user.frontDesk
    ? (reservation: BoardReservation) => setOpen({ kind: 'reservation', reservation })
    : undefined;
  if (!isLiveDay(data))
    // The rotation and rooms are the floor now, not this day's: only the day's bookings show.
    return (
      <Stack spacing={2}>
        <Panel title={formatDate(data.date)}>
          {wide ? (
            <DayGrid board={data} onOpen={openReservation} canMove={user.frontDesk} />
          ) : (
            <NowNextLists board={data} onOpen={openReservation} />
          )}
        </Panel>
        <Typography variant="body2" color="textSecondary">
          The rotation and rooms show the floor as it is now: go to Today to see them.
        </Typography>
      </Stack>
    );
  return wide ? (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 340px', gap: 2, alignItems: 'start' }}>
      <Panel title="Today">
        <DayGrid board={data} onOpen={openReservation} canMove={user.frontDesk} />
      </Panel>
      <Stack spacing={2}>
        {rotation}
        {openTabs}
        {rooms}
      </Stack>
    </Box>
  ) : (
    <Stack spacing={2}>
      {rotation}
      <Panel title="Today">
        <NowNextLists board={data} onOpen={openReservation} />
      </Panel>
      {openTabs}
      {rooms}
    </Stack>
  );
};

/**
 * /floor: one branch's board (issue 22; docs/decisions/0901). At 1280 px the day view (therapists ×
 * 15-minute rows) with the rotation and rooms beside it; at 390 px the rotation first, then "now"
 * and "next". It reads the board once and again on every live `floor_changed` frame; it never polls.
 */
export const FloorScreen = ({
  user,
  clientPicker,
  roomsPath,
  attendancePath,
  visitUse,
  tabs,
  reserveFor,
  onReserved,
}: FloorScreenProps) => {
  // Only an Admin picks from every branch; anyone else from their own, which the profile names.
  const locations = useLocationOptions({ activeOnly: true, enabled: user.admin });
  const choices = user.admin
    ? (locations.data?.results ?? []).map((l) => ({ id: l.id, name: l.name }))
    : user.locations;
  const { location, choose } = useFloorBranch(choices);
  const day = useFloorDay();
  const board = useBoard(location, day.date);
  // Anyone else's booking dialog reads the branches for the opening time: asked for once the board
  // is here, so it waits for nothing on the way in and is there when the dialog opens (same key).
  useLocationOptions({ activeOnly: true, enabled: !user.admin && board.data !== undefined });
  // Today by the server's clock once the board is read; the device's until then.
  const today = board.data ? manilaDate(new Date(board.data.now)) : todayInManila();
  const shown = day.date ?? board.data?.date ?? today;
  const live = board.data ? isLiveDay(board.data) : shown === today;
  // A half-filled reservation's dialog reopens after a reload; the form keeps its draft (decision 0643).
  const [open, setOpen] = useSessionState<Open>('floor:open', null, (o) => o?.kind === 'reserve');
  const close = () => {
    if (open?.kind === 'reserve' && reserveFor && open.client.id === reserveFor.id) onReserved?.();
    setOpen(null);
  };
  // Once per client asked for (state adjusted while rendering, as React's docs show): the dialog's own state carries on.
  const [reserveAsked, setReserveAsked] = useState<number | null>(null);
  if (user.frontDesk && reserveFor && reserveFor.id !== reserveAsked) {
    setReserveAsked(reserveFor.id);
    setOpen({ kind: 'reserve', client: reserveFor });
  }

  const branchSelect =
    choices.length > 1 ? (
      <TextField
        select
        fullWidth={false}
        size="small"
        label="Branch"
        value={location === null ? '' : String(location)}
        onChange={(e) => choose(Number(e.target.value))}
        sx={{ minWidth: 200 }}
      >
        {choices.map((l) => (
          <MenuItem key={l.id} value={String(l.id)}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
    ) : null;

  let body: ReactNode;
  if (location === null && !(user.admin && locations.isLoading))
    body = (
      <Typography color="textSecondary">
        {user.admin ? NO_OPTIONS.locations : 'Your login works at no branch; ask an administrator to add one.'}
      </Typography>
    );
  else if (board.error)
    body = (
      <LoadError title="The floor board could not be loaded" error={board.error} onRetry={() => void board.mutate()} />
    );
  else if (!board.data) body = <BoardSkeleton />;
  else body = <BoardLayout data={board.data} user={user} roomsPath={roomsPath} setOpen={setOpen} tabs={tabs} />;

  return (
    <>
      <PageHeader
        title="Floor"
        subtitle={
          board.data
            ? `${board.data.location_name}, ${formatDate(board.data.date)}`
            : 'Who is on shift, next in line, rooms and bookings.'
        }
        action={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {branchSelect}
            {location !== null ? <DayNav shown={shown} today={today} onGo={day.go} /> : null}
            {user.frontDesk && board.data ? (
              <>
                {live ? (
                  // With nobody clocked in there is no one to assign (the server says so after the search,
                  // the treatment and the payment); the rotation's sentence says to clock someone in.
                  <Button
                    variant="contained"
                    disabled={board.data.queue.length === 0}
                    onClick={() => setOpen({ kind: 'pick', then: 'assign' })}
                  >
                    Assign next
                  </Button>
                ) : null}
                <Button variant="outlined" onClick={() => setOpen({ kind: 'pick', then: 'reserve' })}>
                  New reservation
                </Button>
              </>
            ) : null}
            {user.manages && attendancePath ? (
              <Button component={Link} to={attendancePath}>
                Attendance
              </Button>
            ) : null}
          </Stack>
        }
      />
      {live && location !== null ? (
        <Box sx={{ mb: 2, '&:empty': { display: 'none' } }}>
          <ClosedDayAlert location={location} />
        </Box>
      ) : null}
      {body}
      <FloorDialogs
        open={open}
        setOpen={setOpen}
        close={close}
        location={location}
        clientPicker={clientPicker}
        visitUse={visitUse}
        tabs={user.frontDesk ? tabs : undefined}
        board={board.data}
        // Off the desk, a therapist clocks only themselves in (the server's rule).
        clockInOnly={user.frontDesk ? undefined : (user.employee ?? null)}
      />
    </>
  );
};

const FloorDialogs = ({
  open,
  setOpen,
  close,
  location,
  clientPicker,
  visitUse,
  tabs,
  board,
  clockInOnly,
}: {
  open: Open;
  setOpen: (o: Open) => void;
  close: () => void;
  location: number | null;
  clientPicker: FloorScreenProps['clientPicker'];
  visitUse: VisitUseSlot;
  tabs: TabsSlot | undefined;
  board: Pick<Board, 'date' | 'now' | 'queue' | 'location_name'> | undefined;
  clockInOnly: number | null | undefined;
}) => {
  if (!open || location === null || !board) return null;
  switch (open.kind) {
    case 'pick':
      return (
        // The panel's dialog, so the phone's Back closes it as it does every other (decision 0643).
        <ResponsiveDialog onClose={close} labelledBy="floor-pick-title">
          <DialogTitle id="floor-pick-title">
            {open.then === 'assign' ? 'Assign next: which client?' : 'New reservation: which client?'}
          </DialogTitle>
          {/* Dividers, as every form dialog: they keep the top padding the search field's label sits in. */}
          <DialogContent dividers>{clientPicker((client) => setOpen({ kind: open.then, client }))}</DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
          </DialogActions>
        </ResponsiveDialog>
      );
    case 'assign':
      return (
        <AssignDialog
          client={open.client}
          location={location}
          queue={board.queue}
          visitUse={visitUse}
          onClose={close}
        />
      );
    case 'reserve':
      return (
        <ReservationForm client={open.client} location={location} date={board.date} now={board.now} onClose={close} />
      );
    case 'reservation':
      return (
        <ReservationActions
          reservation={open.reservation}
          arrivesToday={open.reservation.date === manilaDate(new Date(board.now))}
          noShowOpen={noShowOpen(open.reservation, board.now)}
          visitUse={visitUse}
          onClose={close}
        />
      );
    case 'rotation':
      return (
        <RotationActionDialog
          {...open}
          location={location}
          onClose={close}
          // Service finished leads straight into the visit's checkout (issue 32).
          onFinished={tabs ? (arrival) => setOpen({ kind: 'checkout', arrival }) : undefined}
        />
      );
    case 'checkout':
      return tabs ? tabs.checkout({ location, arrival: open.arrival, onClose: close }) : null;
    case 'clock_in':
      return (
        <ClockInDialog
          location={location}
          onShift={board.queue.map((q) => q.therapist)}
          only={clockInOnly}
          onClose={close}
        />
      );
    case 'reorder':
      return <ReorderDialog location={location} queue={board.queue} onClose={close} />;
    case 'log':
      return <RotationLogDialog location={location} date={board.date} onClose={close} />;
    case 'settings':
      return <FloorSettingsDialog location={location} locationName={board.location_name} onClose={close} />;
  }
};
