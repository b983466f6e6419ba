import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { FormDialog } from '../../../components/form/form-dialog';
import { LoadError } from '../../../components/load-error';
import { useBoard } from '../api/get-board';
import { AssignDialog } from './assign-dialog';
import type { VisitUseSlot } from './visit-use';

type VisitNowDialogProps = {
  client: { id: number; full_name: string };
  location: number;
  visitUse: VisitUseSlot;
  onClose: () => void;
  /** The card's way to a visit that began earlier today (a plain record). */
  onEarlier: () => void;
};

/**
 * The client card's *Log arrival* for a visit now: the floor's own Assign next dialog, with the
 * branch's line read from its board (the same SWR key as the floor screen's), so a visit now is
 * booked at once with the room and bed the desk chose, through `POST /floor/assign/` (decision 0914).
 */
export const VisitNowDialog = ({ client, location, visitUse, onClose, onEarlier }: VisitNowDialogProps) => {
  const board = useBoard(location);
  const title = `Log arrival · ${client.full_name}`;
  if (!board.data) {
    return (
      <FormDialog
        open
        title={title}
        submitLabel="Log arrival"
        submitting={!board.error}
        submitDisabled
        onSubmit={() => undefined}
        onClose={onClose}
      >
        {board.error ? (
          <LoadError
            title="The branch's floor could not be loaded"
            error={board.error}
            onRetry={() => void board.mutate()}
          />
        ) : (
          <Stack spacing={1} aria-busy="true" aria-label="Loading who is on the floor">
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        )}
      </FormDialog>
    );
  }
  return (
    <AssignDialog
      client={client}
      location={location}
      queue={board.data.queue}
      visitUse={visitUse}
      onClose={onClose}
      title={title}
      onEarlier={onEarlier}
    />
  );
};
