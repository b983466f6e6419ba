import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import {
  SPECIAL_ID_TYPES,
  SPECIAL_ID_TYPE_LABELS,
  type BuyerBody,
  type SpecialDiscountBody,
  type SpecialIdType,
} from '@ginhawa/contract';
import { ChoiceToggle } from '../choice-toggle';

/**
 * The invoice's part of a money dialog (issue 33; decision 1011): the senior citizen / PWD step
 * (RA 9994, RA 10754: the ID, the name on it, the client's by default, and a TIN if any) and the
 * buyer's details, folded away until needed (required from a VAT-registered buyer of ₱1,000.00 or
 * more, RR 7-2024).
 */

export type SpecialChoice = 'none' | 'senior' | 'pwd';

export type InvoiceDraft = {
  special: SpecialChoice;
  idType: SpecialIdType;
  idNumber: string;
  /** Blank: the client's name. */
  idName: string;
  idTin: string;
  buyerName: string;
  buyerAddress: string;
  buyerTin: string;
  vatRegistered: boolean;
};

export const emptyInvoiceDraft = (): InvoiceDraft => ({
  special: 'none',
  idType: 'osca',
  idNumber: '',
  idName: '',
  idTin: '',
  buyerName: '',
  buyerAddress: '',
  buyerTin: '',
  vatRegistered: false,
});

/** The body's `special_discount` and `buyer` (null when not given). */
export const invoiceBodyOf = (
  draft: InvoiceDraft,
  clientName: string,
): { special_discount: SpecialDiscountBody | null; buyer: BuyerBody | null } => ({
  special_discount:
    draft.special === 'none'
      ? null
      : {
          kind: draft.special,
          id_type: draft.idType,
          id_number: draft.idNumber.trim(),
          name: draft.idName.trim() || clientName,
          tin: draft.idTin.trim(),
        },
  buyer:
    draft.buyerName.trim() || draft.buyerAddress.trim() || draft.buyerTin.trim() || draft.vatRegistered
      ? {
          name: draft.buyerName.trim(),
          address: draft.buyerAddress.trim(),
          tin: draft.buyerTin.trim(),
          vat_registered: draft.vatRegistered,
        }
      : null,
});

const SPECIAL_CHOICES = [
  { value: 'none', label: 'No' },
  { value: 'senior', label: 'Senior citizen' },
  { value: 'pwd', label: 'PWD' },
] as const;

export const InvoiceFields = ({
  draft,
  clientName,
  errors,
  disabled,
  noSpecial = false,
  onChange,
}: {
  draft: InvoiceDraft;
  /** A membership fee takes no senior/PWD discount (decision 1003): only the buyer's details. */
  noSpecial?: boolean;
  clientName: string;
  /** By the body's paths: `special_discount.id_number`, `buyer.tin`, `buyer` … */
  errors: Record<string, string | undefined>;
  disabled?: boolean;
  onChange: (patch: Partial<InvoiceDraft>) => void;
}) => {
  const buyerError = Object.entries(errors).find(([k, v]) => k.startsWith('buyer') && v)?.[1];
  const special = errors.special_discount;
  return (
    <Stack spacing={2}>
      {noSpecial ? null : (
        <Box component="section" aria-label="Senior citizen or PWD">
          <Typography variant="subtitle2" component="h3" id="special-choice-label" sx={{ mb: 1 }}>
            Senior citizen or PWD discount
          </Typography>
          <ChoiceToggle
            label="Senior citizen or PWD discount"
            value={draft.special}
            choices={SPECIAL_CHOICES}
            onChange={(value) =>
              onChange({
                special: value,
                idType: value === 'pwd' ? 'pwd_id' : value === 'senior' ? 'osca' : draft.idType,
              })
            }
          />
          {special ? (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
              {special}
            </Typography>
          ) : null}
          {draft.special !== 'none' ? (
            <Stack spacing={1.5} sx={{ mt: 1.5 }}>
              <Typography variant="body2" color="textSecondary">
                20% off the eligible services after their VAT is removed; those lines become a VAT-exempt sale. Check
                the ID: it prints on the invoice.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField
                  select
                  label="ID"
                  value={draft.idType}
                  disabled={disabled}
                  onChange={(e) => onChange({ idType: e.target.value as SpecialIdType })}
                  sx={{ minWidth: 200 }}
                >
                  {SPECIAL_ID_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {SPECIAL_ID_TYPE_LABELS[t]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="ID number"
                  required
                  fullWidth
                  value={draft.idNumber}
                  disabled={disabled}
                  onChange={(e) => onChange({ idNumber: e.target.value })}
                  error={Boolean(errors['special_discount.id_number'])}
                  helperText={errors['special_discount.id_number']}
                />
              </Stack>
              <TextField
                label="Name on the ID"
                value={draft.idName}
                placeholder={clientName}
                disabled={disabled}
                onChange={(e) => onChange({ idName: e.target.value })}
                error={Boolean(errors['special_discount.name'])}
                helperText={errors['special_discount.name'] ?? `Blank: ${clientName}.`}
              />
              <TextField
                label="TIN (if any)"
                value={draft.idTin}
                disabled={disabled}
                onChange={(e) => onChange({ idTin: e.target.value })}
                error={Boolean(errors['special_discount.tin'])}
                helperText={errors['special_discount.tin'] ?? '000-000-000'}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
          ) : null}
        </Box>
      )}
      <Accordion disableGutters variant="outlined" defaultExpanded={Boolean(buyerError)}>
        <AccordionSummary expandIcon={<ExpandMoreOutlined />} aria-controls="buyer-details" id="buyer-details-header">
          <Typography variant="subtitle2" component="span">
            Buyer details{draft.buyerName || draft.buyerTin ? ` · ${draft.buyerName || draft.buyerTin}` : ''}
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="buyer-details">
          <Stack spacing={1.5}>
            <Typography variant="body2" color="textSecondary">
              For a business buyer: printed on the invoice. A VAT-registered buyer of ₱1,000.00 or more must give all
              three.
            </Typography>
            <TextField
              label="Registered name"
              value={draft.buyerName}
              disabled={disabled}
              onChange={(e) => onChange({ buyerName: e.target.value })}
              error={Boolean(errors['buyer.name'])}
              helperText={errors['buyer.name']}
            />
            <TextField
              label="Address"
              value={draft.buyerAddress}
              disabled={disabled}
              onChange={(e) => onChange({ buyerAddress: e.target.value })}
              error={Boolean(errors['buyer.address'])}
              helperText={errors['buyer.address']}
            />
            <TextField
              label="TIN"
              value={draft.buyerTin}
              disabled={disabled}
              onChange={(e) => onChange({ buyerTin: e.target.value })}
              error={Boolean(errors['buyer.tin'] ?? errors.buyer)}
              helperText={errors['buyer.tin'] ?? errors.buyer ?? '000-000-000'}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.vatRegistered}
                  disabled={disabled}
                  onChange={(e) => onChange({ vatRegistered: e.target.checked })}
                />
              }
              label="The buyer is VAT-registered"
            />
          </Stack>
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
};
