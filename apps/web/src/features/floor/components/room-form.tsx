import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { roomBodySchema, type Room, type RoomRule } from '@ginhawa/contract';
import { LocationField } from '../../../components/location-field';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useLocationOptions } from '../../../lib/options';
import { createRoom, updateRoom, useRevalidateRooms } from '../api/rooms';

const FIELDS = ['location', 'name', 'kind', 'beds', 'rule', 'is_active'] as const;
export const RULE_LABELS: Record<RoomRule, string> = { any: 'Anyone', women: 'Women only', men: 'Men only' };

type Values = { location: string; name: string; kind: string; beds: string; rule: RoomRule; is_active: boolean };

/** Create or edit a room: branch, name, kind (treatments name the kinds they need), beds, who it takes. */
export const RoomForm = ({ room, onClose }: { room: Room | null; onClose: () => void }) => {
  const locations = useLocationOptions({ activeOnly: true });
  const revalidate = useRevalidateRooms();
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: (): Values => ({
      location: room ? String(room.location) : '',
      name: room?.name ?? '',
      kind: room?.kind ?? 'single',
      beds: String(room?.beds ?? 1),
      rule: room?.rule ?? 'any',
      is_active: room?.is_active ?? true,
    }),
    fields: FIELDS,
    parse: (v) =>
      roomBodySchema.safeParse({
        ...v,
        location: v.location ? Number(v.location) : 0,
        beds: v.beds.trim() === '' ? Number.NaN : Number(v.beds),
      }),
    save: (data) => (room ? updateRoom(room.id, data) : createRoom(data)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(room ? `${saved.name} saved.` : `${saved.name} added.`, 'success');
      onClose();
    },
  });
  return (
    <FormDialog
      {...form.dialog}
      title={room ? 'Edit room' : 'New room'}
      submitLabel={room ? 'Save' : 'Add room'}
      onClose={onClose}
    >
      <LocationField field={form.bind('location')} locations={locations} />
      <TextField label="Name" required {...form.bind('name', 'e.g. Narra, Room 2.')} />
      <TextField
        label="Kind"
        required
        {...form.bind('kind', 'e.g. single, couple, foot spa; treatments name the kinds they need.')}
      />
      <TextField
        label="Beds"
        required
        {...form.bind('beds', 'How many clients it takes at once.')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField select label="Takes" {...form.bind('rule')}>
        {Object.entries(RULE_LABELS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <ActiveSwitch
        {...form.bindSwitch('is_active')}
        activeLabel="Active: the board assigns and books it"
        inactiveLabel="Inactive: kept for past bookings only"
      />
    </FormDialog>
  );
};
