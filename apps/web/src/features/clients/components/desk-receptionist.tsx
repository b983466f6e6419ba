import { useEffect, useRef } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Employee } from '@ginhawa/contract';
import type { BoundField } from '../../../components/form/use-entity-form';
import { listedValue } from '../../../lib/options';
import { staffMenuItems } from './staff-options';

/**
 * Who received the client at the desk (the arrival's `receptionist`, docs/decisions/0414): the
 * signed-in receptionist by default when they work at the visit's location, once per location, so
 * "None" or another name the desk chose stays chosen. A Manager or Admin logging the visit starts
 * with nobody and may pick who was at the desk.
 */
export const useDeskReceptionist = (
  mine: Employee | null | undefined,
  location: string,
  /** The form's `set` (stable), given the field. */
  set: (field: 'receptionist', value: string) => void,
) => {
  const defaultedAt = useRef<string | null>(null);
  useEffect(() => {
    if (mine === undefined || defaultedAt.current === location) return;
    defaultedAt.current = location;
    if (mine?.is_active && String(mine.location) === location) set('receptionist', String(mine.id));
  }, [mine, location, set]);
};

type ReceptionistSelectProps = {
  field: BoundField;
  /** The location's active receptionists. */
  receptionists: readonly { id: number; full_name: string }[];
};

export const ReceptionistSelect = ({ field, receptionists }: ReceptionistSelectProps) => (
  <TextField
    select
    label="Received by (receptionist)"
    {...listedValue(field, receptionists)}
    // "None" is a choice the desk reads, not a blank field.
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
  >
    <MenuItem value="">None</MenuItem>
    {staffMenuItems(receptionists)}
  </TextField>
);
