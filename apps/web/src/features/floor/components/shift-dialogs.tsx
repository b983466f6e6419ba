import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { clockManyBodySchema, reorderBodySchema, type QueueEntry } from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useEmployeeOptions } from '../../../lib/options';
import { useRevalidateFloor } from '../api/get-board';
import { clockInMany, reorderRotation } from '../api/floor-actions';
import { useOpenShifts } from '../api/open-shifts';
import { FloorReasonDialog } from './floor-reason-dialog';

const CLOCK_FIELDS = ['employees'] as const;
const idsOf = (value: string) => (value ? value.split(',').map(Number) : []);

/**
 * Clock therapists and receptionists of the branch in (themselves, or the desk for several at once:
 * one transaction, decision 0522). Therapists already in the rotation are on shift, so they are
 * not offered: the server would refuse a second open shift with a 409 the desk could only read
 * after choosing.
 */
export const ClockInDialog = ({
  location,
  onShift,
  only,
  onClose,
}: {
  location: number;
  /** The therapists in the board's rotation now. */
  onShift: readonly number[];
  /** Off the desk, the one employee this person may clock in (themselves; null: nobody); undefined: anyone. */
  only?: number | null;
  onClose: () => void;
}) => {
  const therapists = useEmployeeOptions('therapist', location);
  const receptionists = useEmployeeOptions('receptionist', location);
  // Receptionists are not in the rotation: their open shifts say who is on the desk already (409 otherwise).
  const open = useOpenShifts(location);
  const deskOnShift = new Set((open.data?.results ?? []).map((s) => s.employee));
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    // Off the desk the only choice is oneself: chosen already, so clocking in is one tap.
    initialValues: () => ({ employees: typeof only === 'number' && !onShift.includes(only) ? String(only) : '' }),
    fields: CLOCK_FIELDS,
    parse: (v) => clockManyBodySchema.safeParse({ employees: idsOf(v.employees), location }),
    save: clockInMany,
    onSaved: async (shifts) => {
      showSnackbar(
        shifts.length === 1 ? `${shifts[0]!.employee_name} clocked in.` : `${shifts.length} people clocked in.`,
        'success',
      );
      await revalidate();
      onClose();
    },
  });
  const people = [
    ...(therapists.data?.results ?? [])
      .filter((e) => !onShift.includes(e.id))
      .map((e) => ({ id: e.id, label: `${e.full_name} (therapist)` })),
    ...(receptionists.data?.results ?? [])
      .filter((e) => !deskOnShift.has(e.id))
      .map((e) => ({ id: e.id, label: `${e.full_name} (receptionist)` })),
  ].filter((p) => only === undefined || p.id === only);
  const loaded = therapists.data !== undefined && receptionists.data !== undefined;
  const chosen = new Set(idsOf(form.values.employees));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    form.set('employees', [...next].join(','));
  };
  const { error, helperText } = form.bind(
    'employees',
    !loaded || people.length > 0
      ? 'Choose everyone who starts now. A therapist joins the back of the rotation.'
      : only === undefined
        ? 'Everyone of this branch is on shift already.'
        : only === null
          ? 'Only the front desk clocks others in.'
          : 'You are on shift already.',
  );
  return (
    <FormDialog
      {...form.dialog}
      title="Clock in"
      submitLabel={chosen.size > 1 ? `Clock in ${chosen.size}` : 'Clock in'}
      onClose={onClose}
    >
      <FormControl component="fieldset" error={error} sx={{ mt: 1 }} fullWidth>
        <FormLabel component="legend">Who</FormLabel>
        <FormGroup>
          {people.map((p) => (
            <FormControlLabel
              key={p.id}
              control={<Checkbox checked={chosen.has(p.id)} onChange={() => toggle(p.id)} disabled={form.submitting} />}
              label={p.label}
            />
          ))}
        </FormGroup>
        <FormHelperText>{helperText}</FormHelperText>
      </FormControl>
    </FormDialog>
  );
};

/** A Manager's new order of the rotation, with a reason (logged). Arrows, not drag, so it works by keyboard. */
export const ReorderDialog = ({
  location,
  queue,
  onClose,
}: {
  location: number;
  queue: readonly QueueEntry[];
  onClose: () => void;
}) => {
  const [order, setOrder] = useState(() => queue.map((q) => ({ id: q.therapist, name: q.therapist_name })));
  const swap = (i: number, j: number) =>
    setOrder((prev) => {
      const next = [...prev];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });
  return (
    <FloorReasonDialog
      title="Reorder the rotation"
      confirmLabel="Save order"
      color="primary"
      hint="Logged with your name; the therapists see it in the rotation log."
      parse={(reason) => reorderBodySchema.safeParse({ location, order: order.map((o) => o.id), reason })}
      onConfirm={reorderRotation}
      done="The rotation was reordered."
      onClose={onClose}
    >
      <List dense aria-label="New order">
        {order.map((o, i) => (
          <ListItem
            key={o.id}
            secondaryAction={
              <>
                <IconButton aria-label={`Move ${o.name} up`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                  <ArrowUpward />
                </IconButton>
                <IconButton
                  aria-label={`Move ${o.name} down`}
                  disabled={i === order.length - 1}
                  onClick={() => swap(i, i + 1)}
                >
                  <ArrowDownward />
                </IconButton>
              </>
            }
          >
            <ListItemText primary={`${i + 1}. ${o.name}`} />
          </ListItem>
        ))}
      </List>
    </FloorReasonDialog>
  );
};
