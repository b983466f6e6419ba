import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useCategoryOptions, type Category } from '../api/get-categories';

type CategoryPickerProps = {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
};

/** Chooses any number of membership categories, shown as chips. */
export const CategoryPicker = ({ value, onChange, error, helperText, disabled }: CategoryPickerProps) => {
  const options = useCategoryOptions('membership');
  const all = options.data?.results ?? [];
  const byId = new Map(all.map((c) => [c.id, c]));
  const selected = value.map((id) => byId.get(id)).filter((c): c is Category => Boolean(c));
  return (
    <Autocomplete<Category, true>
      multiple
      options={all}
      value={selected}
      loading={options.isLoading}
      disabled={disabled}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      onChange={(_event, next) => onChange(next.map((c) => c.id))}
      filterSelectedOptions
      renderValue={(chosen, getItemProps) =>
        chosen.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.name} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Categories"
          name="categories"
          error={Boolean(error) || Boolean(options.error)}
          helperText={error ?? (options.error ? 'The categories could not be loaded.' : helperText)}
        />
      )}
    />
  );
};
