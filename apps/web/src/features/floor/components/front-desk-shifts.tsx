import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { Shift } from '@ginhawa/contract';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateFloor } from '../api/get-board';
import { clockOut } from '../api/floor-actions';
import { useOpenShifts } from '../api/open-shifts';
import { displayTime, manilaClock } from './floor-time';

/**
 * The receptionists on shift at the branch, each with Clock out. Clock in offers receptionists too,
 * and the board's rotation shows only therapists: without this, a receptionist's shift stayed open
 * (no hours on the attendance) and the next day's clock-in was refused as a second open shift.
 */
export const FrontDeskShifts = ({ location, me }: { location: number; me: number | null }) => {
  const shifts = useOpenShifts(location);
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  const [leaving, setLeaving] = useState<Shift | null>(null);
  const desk = (shifts.data?.results ?? []).filter((s) => s.employee_kind === 'receptionist');
  if (desk.length === 0) return null;
  return (
    <>
      <List
        dense
        disablePadding
        aria-labelledby="front-desk-on-shift"
        subheader={
          <ListSubheader id="front-desk-on-shift" disableSticky disableGutters sx={{ bgcolor: 'transparent' }}>
            Front desk on shift
          </ListSubheader>
        }
      >
        {desk.map((s) => (
          <ListItem
            key={s.id}
            divider
            disableGutters
            secondaryAction={
              <Button size="small" onClick={() => setLeaving(s)} aria-label={`Clock ${s.employee_name} out`}>
                Clock out
              </Button>
            }
          >
            <ListItemText
              primary={s.employee_name}
              secondary={`On shift since ${displayTime(manilaClock(s.started_at))}`}
            />
          </ListItem>
        ))}
      </List>
      {leaving ? (
        // The signed-in receptionist leaving is asked of themselves, not by their own name.
        <ConfirmDialog
          open
          title={leaving.employee === me ? 'Clock out now?' : `Clock ${leaving.employee_name} out?`}
          confirmLabel="Clock out"
          onConfirm={async () => {
            await clockOut({ employee: leaving.employee });
            showSnackbar(
              leaving.employee === me ? 'You clocked out.' : `${leaving.employee_name} clocked out.`,
              'success',
            );
            await revalidate();
          }}
          onClose={() => setLeaving(null)}
        >
          {leaving.employee === me ? 'Your shift ends now.' : `${leaving.employee_name}'s shift ends now.`}
        </ConfirmDialog>
      ) : null}
    </>
  );
};
