import { useRef } from 'react';
import { skipBodySchema, type QueueEntry } from '@ginhawa/contract';
import { getErrorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateFloor } from '../api/get-board';
import { clockOut, finishService, setBreak, skipTurn } from '../api/floor-actions';
import { FloorReasonDialog } from './floor-reason-dialog';
import type { RotationAction } from './rotation-panel';

/**
 * Starts or ends a therapist's break at once (no dialog: it is undone as easily); the place in line
 * is kept. A refusal (in a service, booked now, someone else's break) shows the server's sentence.
 */
export const useBreakToggle = (location: number) => {
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  return async (entry: QueueEntry, onBreak: boolean) => {
    try {
      await setBreak({ location, therapist: entry.therapist, on_break: onBreak });
      showSnackbar(
        onBreak ? `${entry.therapist_name} is on break and keeps their place.` : `${entry.therapist_name} is back.`,
        'success',
      );
    } catch (error) {
      showSnackbar(getErrorMessage(error), 'error');
    }
    await revalidate();
  };
};

/**
 * The dialog of one rotation action: skip (a reason, logged), service finished, clock out. A
 * therapist clocking themselves out (`self`) is asked "Clock out now?", not of themselves by name;
 * the desk, clocking out someone else, keeps the name.
 */
export const RotationActionDialog = ({
  action,
  entry,
  self = false,
  location,
  onClose,
  onFinished,
}: {
  action: Exclude<RotationAction, 'start_break' | 'end_break'>;
  entry: QueueEntry;
  self?: boolean;
  location: number;
  onClose: () => void;
  /** After "Service finished" succeeded: the visit goes straight to checkout (instead of onClose). */
  onFinished?: (arrival: number) => void;
}) => {
  const finished = useRef<number | null>(null);
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  // ConfirmDialog closes itself after onConfirm.
  const note = async (message: string) => {
    showSnackbar(message, 'success');
    await revalidate();
  };
  if (action === 'skip')
    return (
      <FloorReasonDialog
        title={`Skip ${entry.therapist_name}'s turn`}
        confirmLabel="Skip turn"
        hint="Logged with your name and the time."
        parse={(reason) => skipBodySchema.safeParse({ location, therapist: entry.therapist, reason })}
        onConfirm={skipTurn}
        done={`${entry.therapist_name} goes to the back of the line.`}
        onClose={onClose}
      >
        {entry.therapist_name} goes to the back of the rotation.
      </FloorReasonDialog>
    );
  const finish = action === 'finish' && entry.service;
  return (
    <ConfirmDialog
      open
      title={
        finish
          ? `${entry.therapist_name}'s service finished?`
          : self
            ? 'Clock out now?'
            : `Clock ${entry.therapist_name} out?`
      }
      confirmLabel={finish ? 'Service finished' : 'Clock out'}
      onConfirm={async () => {
        if (finish) {
          await finishService(entry.service!.arrival);
          finished.current = entry.service!.arrival;
          await note(`${entry.therapist_name} is free and goes to the back of the line.`);
        } else {
          await clockOut({ employee: entry.therapist });
          await note(self ? 'You clocked out.' : `${entry.therapist_name} clocked out.`);
        }
      }}
      onClose={() => (finished.current !== null && onFinished ? onFinished(finished.current) : onClose())}
    >
      {finish
        ? `${entry.service!.client_name}'s service ends now; the room is freed.`
        : self
          ? 'You leave the rotation until you clock in again.'
          : `${entry.therapist_name} leaves the rotation until they clock in again.`}
    </ConfirmDialog>
  );
};
