import { FLOOR_REASON_MAX } from '@ginhawa/contract';
import { ReasonDialog, type ReasonDialogProps } from '../../../components/form/reason-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateFloor } from '../api/get-board';

type FloorReasonDialogProps<D> = Omit<ReasonDialogProps<D, unknown>, 'maxLength' | 'onDone'> & {
  /** The toast once the server agreed, e.g. "Ana goes to the back of the line." */
  done: string;
};

/**
 * A board write that needs a reason (skip a turn, reorder the rotation, cancel a booking): the
 * floor's reason limit, and once the server agreed the toast, the board read again and the dialog closed.
 */
export const FloorReasonDialog = <D,>({ done, onClose, ...props }: FloorReasonDialogProps<D>) => {
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  return (
    <ReasonDialog
      {...props}
      maxLength={FLOOR_REASON_MAX}
      onDone={async () => {
        showSnackbar(done, 'success');
        await revalidate();
        onClose();
      }}
      onClose={onClose}
    />
  );
};
