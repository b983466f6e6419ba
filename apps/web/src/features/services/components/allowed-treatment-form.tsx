import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import {
  allowedTreatmentBodySchema,
  formatDuration,
  type AllowedTreatment,
  type Membership,
  type Treatment,
} from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatPeso } from '../../../lib/format';
import { useActiveTreatmentOptions } from '../api/get-treatments';
import { useRevalidateServices } from '../api/query';
import { createAllowedTreatment, updateAllowedTreatment } from '../api/save-allowed-treatment';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';

const FIELDS = ['treatment', 'sessions_included', 'discount_percent'] as const;

type Option = Pick<Treatment, 'id' | 'name' | 'category_name' | 'duration_minutes' | 'price'>;

type AllowedTreatmentFormProps = {
  membership: Pick<Membership, 'id' | 'name'>;
  /** null: add a treatment to the membership. */
  line: AllowedTreatment | null;
  /** Treatments the membership already includes; they are not offered again. */
  includedIds: number[];
  onClose: () => void;
};

/** One line of what a membership includes: which treatment, how many sessions, what discount. */
export const AllowedTreatmentForm = ({ membership, line, includedIds, onClose }: AllowedTreatmentFormProps) => {
  const treatments = useActiveTreatmentOptions();
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const { values, errors, submitting, set, bind, dialog } = useEntityForm({
    initialValues: () => ({
      treatment: (line
        ? {
            id: line.treatment,
            name: line.treatment_name,
            category_name: line.treatment_category_name,
            duration_minutes: line.treatment_duration_minutes,
            price: line.treatment_price,
          }
        : null) as Option | null,
      sessions_included: String(line?.sessions_included ?? 0),
      discount_percent: line ? String(Number(line.discount_percent)) : '0',
    }),
    fields: FIELDS,
    parse: (v) =>
      allowedTreatmentBodySchema.safeParse({
        membership: membership.id,
        treatment: v.treatment?.id,
        sessions_included: v.sessions_included.trim() === '' ? undefined : Number(v.sessions_included),
        discount_percent: v.discount_percent.trim() === '' ? undefined : v.discount_percent.trim(),
      }),
    save: (data) => (line ? updateAllowedTreatment(line.id, data) : createAllowedTreatment(data)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(
        line ? `${saved.treatment_name} updated.` : `${saved.treatment_name} added to ${membership.name}.`,
        'success',
      );
      onClose();
    },
  });
  const { treatment } = values;

  const options = useMemo<Option[]>(() => {
    const taken = new Set(includedIds.filter((id) => id !== line?.treatment));
    const available = (treatments.data?.results ?? []).filter((t) => !taken.has(t.id));
    // A line whose treatment was retired later still shows it.
    if (treatment && !available.some((t) => t.id === treatment.id)) return [treatment, ...available];
    return available;
  }, [treatments.data, includedIds, line, treatment]);

  return (
    <FormDialog
      {...dialog}
      title={line ? `Edit ${line.treatment_name}` : `Add a treatment to ${membership.name}`}
      submitLabel={line ? 'Save' : 'Add'}
      onClose={onClose}
    >
      <Autocomplete<Option>
        options={options}
        value={treatment}
        loading={treatments.isLoading}
        disabled={submitting}
        groupBy={(option) => option.category_name}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, other) => option.id === other.id}
        onChange={(_event, next) => set('treatment', next)}
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              {option.name}
              <span style={{ marginLeft: 'auto', paddingLeft: 12, opacity: 0.7 }}>
                {formatDuration(option.duration_minutes)} · {formatPeso(option.price)}
              </span>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Treatment"
            name="treatment"
            required
            autoFocus={!line}
            error={Boolean(errors.treatment) || Boolean(treatments.error)}
            helperText={errors.treatment ?? (treatments.error ? 'The treatments could not be loaded.' : undefined)}
          />
        )}
      />
      <TextField
        label="Sessions included"
        {...bind('sessions_included', 'Free sessions that come with the membership; 0 for a discount only.')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        label="Discount"
        {...bind('discount_percent', 'Off the treatment price for members, 0 to 100.')}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
    </FormDialog>
  );
};
