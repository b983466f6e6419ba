import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { VAT_STATUSES, VAT_STATUS_LABELS, invoicingProfilePutSchema, type InvoicingProfile } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { SubmitButton } from '../../../components/form/submit-button';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { DateField } from '../../../components/date-field';
import { saveInvoicingProfile } from '../api/invoicing-profile';

const SOFTWARE_FIELDS = [
  'supplier_name',
  'supplier_address',
  'supplier_tin',
  'accreditation_no',
  'date_issued',
  'valid_until',
] as const;
type SoftwareField = (typeof SOFTWARE_FIELDS)[number];

const FIELDS = [
  'registered_name',
  'business_style',
  'tin',
  'branch_code',
  'registered_address',
  'vat_status',
  'vat_rate',
  ...SOFTWARE_FIELDS.map((f) => `software.${f}` as const),
] as const;

type Values = Record<
  'registered_name' | 'business_style' | 'tin' | 'branch_code' | 'registered_address' | 'vat_status' | 'vat_rate',
  string
> &
  Record<SoftwareField, string>;

const initialValues = (profile: InvoicingProfile): Values => ({
  registered_name: profile.registered_name,
  business_style: profile.business_style,
  tin: profile.tin,
  branch_code: profile.branch_code,
  registered_address: profile.registered_address,
  vat_status: profile.vat_status,
  vat_rate: profile.vat_rate,
  supplier_name: profile.software.supplier_name,
  supplier_address: profile.software.supplier_address,
  supplier_tin: profile.software.supplier_tin,
  accreditation_no: profile.software.accreditation_no,
  date_issued: profile.software.date_issued ?? '',
  valid_until: profile.software.valid_until ?? '',
});

const bodyOf = (v: Values) => ({
  registered_name: v.registered_name,
  business_style: v.business_style,
  tin: v.tin,
  branch_code: v.branch_code,
  registered_address: v.registered_address,
  vat_status: v.vat_status,
  vat_rate: v.vat_rate,
  software: {
    supplier_name: v.supplier_name,
    supplier_address: v.supplier_address,
    supplier_tin: v.supplier_tin,
    accreditation_no: v.accreditation_no,
    date_issued: v.date_issued === '' ? null : v.date_issued,
    valid_until: v.valid_until === '' ? null : v.valid_until,
  },
});

const isSoftware = (field: string): field is SoftwareField => (SOFTWARE_FIELDS as readonly string[]).includes(field);

/** The seller's registration facts and the software block, saved together (PUT). Render with a `key` per load. */
export const TaxProfileForm = ({
  profile,
  onSaved,
}: {
  profile: InvoicingProfile;
  onSaved: () => Promise<unknown>;
}) => {
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: () => initialValues(profile),
    fields: FIELDS,
    parse: (v) => invoicingProfilePutSchema.safeParse(bodyOf(v)),
    save: saveInvoicingProfile,
    errorKey: (field) => (isSoftware(field) ? `software.${field}` : field),
    onSaved: async () => {
      await onSaved();
      showSnackbar('Tax and invoice details saved.', 'success');
    },
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Tax and invoice details"
      onSubmit={(event) => {
        event.preventDefault();
        if (!form.submitting) void form.submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {form.errors.form ? <Alert severity="error">{form.errors.form}</Alert> : null}
      <Typography variant="subtitle1" component="h3">
        The seller
      </Typography>
      <TextField
        label="Registered name"
        {...form.bind('registered_name', 'As on the BIR certificate of registration.')}
      />
      <TextField label="Business style" {...form.bind('business_style', 'The trade name, if any.')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="TIN"
          {...form.bind('tin', '000-000-000')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Head office branch code"
          {...form.bind('branch_code', '00000 for the head office.')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
      </Box>
      <TextField label="Registered address" multiline minRows={2} {...form.bind('registered_address')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField select label="VAT status" {...form.bind('vat_status')}>
          {VAT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {VAT_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="VAT rate (%)"
          {...form.bind('vat_rate', 'Prices on the menu include VAT.')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
        The software (printed in every invoice&apos;s footer)
      </Typography>
      <TextField label="Supplier name" {...form.bind('supplier_name')} />
      <TextField label="Supplier address" multiline minRows={2} {...form.bind('supplier_address')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Supplier TIN" {...form.bind('supplier_tin', '000-000-000')} />
        <TextField label="Accreditation number" {...form.bind('accreditation_no')} />
        <DateField label="Date issued" {...form.bind('date_issued')} />
        <DateField label="Valid until" {...form.bind('valid_until')} />
      </Box>
      <SubmitButton submitting={form.submitting}>Save details</SubmitButton>
    </Box>
  );
};
