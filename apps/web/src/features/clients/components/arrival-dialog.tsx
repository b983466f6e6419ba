import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { clientArrivalBodySchema, type Client, type ClientArrivalBody, type ClientServices } from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { LoadError } from '../../../components/load-error';
import { useSnackbar } from '../../../components/snackbar-provider';
import { TimeSlotSelect } from '../../../components/time-slot-select';
import { listedValue, useEmployeeOptions, useLocationOptions, useTreatmentOptions } from '../../../lib/options';
import { useClientServices } from '../api/get-client-activity';
import { useRevalidateClients } from '../api/get-clients';
import { logArrival } from '../api/sell';
import { arrivalOptions, defaultOption, PAY_AT_DESK, type ArrivalOption } from './arrival-options';
import { manilaNow } from './manila-now';
import { LocationStaffFields } from './location-staff-fields';

const FIELDS = ['location', 'treatment', 'time', 'therapist', 'voucher', 'client_membership', 'notes'] as const;

type Values = { location: string; treatment: string; time: string; therapist: string; use: string; notes: string };

type ArrivalDialogProps = { client: Client; onClose: () => void; now?: Date };

const optionFor = (options: readonly ArrivalOption[], value: string) =>
  options.find((o) => o.value === value) ?? PAY_AT_DESK;

/**
 * The arrival card: treatment and time (on the 15-minute grid, now by default) and, for that
 * treatment, what the client may use (voucher sessions, membership sessions, member discount)
 * with the reason beside each thing they may not; a blocked choice cannot be picked or sent.
 */
export const ArrivalDialog = ({ client, onClose, now }: ArrivalDialogProps) => {
  const services = useClientServices(client.id);
  if (services.error) {
    return (
      <FormDialog
        open
        title="Log arrival"
        submitLabel="Log arrival"
        submitting={false}
        onSubmit={() => undefined}
        onClose={onClose}
      >
        <LoadError
          title="What this client may use could not be loaded"
          error={services.error}
          onRetry={() => void services.mutate()}
        />
      </FormDialog>
    );
  }
  if (!services.data) {
    return (
      <FormDialog
        open
        title="Log arrival"
        submitLabel="Log arrival"
        submitting
        onSubmit={() => undefined}
        onClose={onClose}
      >
        <Stack spacing={1} aria-busy="true" aria-label="Loading what the client may use">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      </FormDialog>
    );
  }
  return <ArrivalForm client={client} services={services.data} onClose={onClose} now={now ?? new Date()} />;
};

const ArrivalForm = ({
  client,
  services,
  onClose,
  now,
}: {
  client: Client;
  services: ClientServices;
  onClose: () => void;
  now: Date;
}) => {
  const [{ today, slot }] = useState(() => manilaNow(now));
  const revalidate = useRevalidateClients();
  const { showSnackbar } = useSnackbar();
  const locations = useLocationOptions({ activeOnly: true });
  const treatments = useTreatmentOptions();
  const optionsFor = (treatment: string) => arrivalOptions(services, treatment ? Number(treatment) : null, today);

  const form = useEntityForm({
    initialValues: (): Values => ({
      location: String(client.location),
      treatment: '',
      time: slot,
      therapist: '',
      use: PAY_AT_DESK.value,
      notes: '',
    }),
    fields: FIELDS,
    parse: (v) => {
      const use = optionFor(optionsFor(v.treatment), v.use);
      const body: ClientArrivalBody = {
        client: client.id,
        location: Number(v.location),
        date: today,
        time: v.time,
        therapist: v.therapist ? Number(v.therapist) : 0,
        treatment: v.treatment ? Number(v.treatment) : 0,
        voucher: use.voucher,
        client_membership: use.client_membership,
        notes: v.notes,
      };
      return clientArrivalBodySchema.safeParse(body);
    },
    save: (data) => logArrival(data),
    onSaved: async (arrival) => {
      await revalidate();
      showSnackbar(
        arrival.voucher_code
          ? `Arrival logged; one session of ${arrival.voucher_code} used.`
          : `Arrival logged for ${arrival.therapist_name}.`,
        'success',
      );
      onClose();
    },
    // A new treatment changes what may be used: pick the best allowed choice for it again.
    derive: (next, field) => {
      if (field === 'treatment') return { ...next, use: defaultOption(optionsFor(next.treatment)).value };
      if (field === 'location') return { ...next, therapist: '' };
      return next;
    },
  });
  const therapists = useEmployeeOptions('therapist', form.values.location ? Number(form.values.location) : null);
  const options = optionsFor(form.values.treatment);
  const useError = form.errors.voucher ?? form.errors.client_membership;

  return (
    <FormDialog
      {...form.dialog}
      title={`Log arrival · ${client.full_name}`}
      submitLabel="Log arrival"
      onClose={onClose}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Treatment" required {...listedValue(form.bind('treatment'), treatments.data?.results)}>
          {(treatments.data?.results ?? []).map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <TimeSlotSelect label="Time" required {...form.bind('time', `Today, ${today}`)} />
      </Stack>
      <LocationStaffFields
        location={form.bind('location')}
        locations={locations.data?.results ?? []}
        staffLabel="Therapist"
        staff={form.bind('therapist', therapists.data?.count === 0 ? 'No active therapist works here.' : undefined)}
        people={therapists.data?.results ?? []}
      />
      <FormControl error={Boolean(useError)}>
        <FormLabel id="arrival-use-label">What the client uses</FormLabel>
        <RadioGroup
          aria-labelledby="arrival-use-label"
          value={form.values.use}
          onChange={(e) => form.set('use', e.target.value)}
        >
          {options.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              disabled={Boolean(option.blocked) || form.submitting}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
              label={
                <>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {option.label}
                  </Typography>
                  <Typography variant="caption" color={option.blocked ? 'error' : 'text.secondary'} component="p">
                    {option.blocked ?? option.detail}
                  </Typography>
                </>
              }
            />
          ))}
        </RadioGroup>
        {useError ? <Alert severity="error">{useError}</Alert> : null}
      </FormControl>
      <TextField label="Notes" {...form.bind('notes')} />
    </FormDialog>
  );
};
