import { memo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useRoomKindOptions } from '../api/get-room-kinds';

type RoomKindsFieldProps = {
  value: string[];
  onChange: (kinds: string[]) => void;
  disabled: boolean;
  /** The form's message for `room_kinds`, if any. */
  error: string | undefined;
};

/**
 * "Rooms it needs": the room kinds the floor board may give a treatment (decision 0903), chosen from
 * the kinds the branches' rooms use; none is any room. No free text: a kind no room has would leave
 * the treatment with no room anywhere.
 */
const RoomKindsFieldView = ({ value, onChange, disabled, error }: RoomKindsFieldProps) => {
  const roomKinds = useRoomKindOptions();
  return (
    <Autocomplete
      multiple
      // The treatment's own kinds stay choices even if no room has them any more.
      options={[...new Set([...(roomKinds.data ?? []), ...value])].sort()}
      value={value}
      onChange={(_event, kinds) => onChange(kinds)}
      loading={!roomKinds.data && !roomKinds.error}
      disabled={disabled}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label="Rooms it needs"
          placeholder={value.length ? undefined : 'Any room'}
          error={Boolean(error) || Boolean(roomKinds.error)}
          helperText={
            error ??
            (roomKinds.error
              ? 'The rooms could not be loaded.'
              : 'The room kinds the floor board may give it (from the branches’ rooms); none: any room.')
          }
        />
      )}
    />
  );
};

/**
 * Typing in the form's other fields does not render it again: the form's `set` only queues a
 * functional update, so the `onChange` of an earlier render does the same as the newest one.
 */
export const RoomKindsField = memo(
  RoomKindsFieldView,
  (a, b) => a.value === b.value && a.disabled === b.disabled && a.error === b.error,
);
