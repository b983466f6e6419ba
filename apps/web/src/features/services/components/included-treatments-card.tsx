import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { formatDuration, type AllowedTreatment, type Membership } from '@ginhawa/contract';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { useSnackbar } from '../../../components/snackbar-provider';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatPeso } from '../../../lib/format';
import { deleteAllowedTreatment } from '../api/delete-allowed-treatment';
import { useAllowedTreatments } from '../api/get-allowed-treatments';
import { useRevalidateServices } from '../api/query';
import { AllowedTreatmentForm } from './allowed-treatment-form';

const narrowHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

type IncludedTreatmentsTableProps = {
  membership: Membership;
  lines: AllowedTreatment[];
  onEdit: (line: AllowedTreatment) => void;
  onRemove: (line: AllowedTreatment) => void;
};

/** One row per included treatment; phones drop the Discount and Price columns. */
const IncludedTreatmentsTable = ({ membership, lines, onEdit, onRemove }: IncludedTreatmentsTableProps) => (
  <Box sx={{ overflowX: 'auto', mx: { xs: -2, sm: 0 } }}>
    <Table
      size="small"
      aria-label={`Treatments included in ${membership.name}`}
      sx={{
        '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
        '& .MuiTableCell-root:first-of-type': { pl: { xs: 2, sm: 2 } },
      }}
    >
      <TableHead>
        <TableRow>
          <TableCell>Treatment</TableCell>
          <TableCell align="right">Sessions</TableCell>
          <TableCell align="right" sx={narrowHidden}>
            Discount
          </TableCell>
          <TableCell align="right" sx={narrowHidden}>
            Price
          </TableCell>
          <TableCell align="right">Member price</TableCell>
          <TableCell align="right" sx={{ width: 96 }}>
            <Box component="span" sx={visuallyHidden}>
              Actions
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.id} hover>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {line.treatment_name}
                {line.treatment_is_active ? null : (
                  <Typography component="span" variant="caption" color="textSecondary">
                    {' '}
                    (inactive)
                  </Typography>
                )}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {line.treatment_category_name} · {formatDuration(line.treatment_duration_minutes)}
              </Typography>
            </TableCell>
            <TableCell align="right">{line.sessions_included}</TableCell>
            <TableCell align="right" sx={narrowHidden}>{`${Number(line.discount_percent)}%`}</TableCell>
            <TableCell align="right" sx={narrowHidden}>
              {formatPeso(line.treatment_price)}
            </TableCell>
            <TableCell align="right">
              {formatPeso(line.member_price)}
              {/* Phones have no Discount column; it shows under the member price instead. */}
              <Typography variant="caption" color="textSecondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                {`${Number(line.discount_percent)}% off`}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title="Edit">
                <IconButton size="small" aria-label={`Edit ${line.treatment_name}`} onClick={() => onEdit(line)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Remove">
                <IconButton size="small" aria-label={`Remove ${line.treatment_name}`} onClick={() => onRemove(line)}>
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

/** What the membership includes: treatment, sessions included and member discount, one line each. */
export const IncludedTreatmentsCard = ({ membership }: { membership: Membership }) => {
  const { data, error, isLoading, mutate } = useAllowedTreatments(membership.id);
  const [editing, setEditing] = useState<{ line: AllowedTreatment | null } | null>(null);
  const [removing, setRemoving] = useState<AllowedTreatment | null>(null);
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const lines = data?.results ?? [];

  const handleRemove = async () => {
    if (!removing) return;
    await deleteAllowedTreatment(removing.id);
    await revalidate();
    showSnackbar(`${removing.treatment_name} removed from ${membership.name}.`, 'success');
  };

  return (
    <Card component="section" aria-labelledby="membership-includes-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            mb: 1.5,
            flexWrap: 'wrap',
          }}
        >
          <Box>
            <Typography id="membership-includes-title" variant="h6" component="h2">
              Included treatments
            </Typography>
            <Typography variant="body2" color="textSecondary">
              Sessions that come with the membership, and the member discount on each treatment.
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing({ line: null })}
            disabled={!data}
          >
            Add treatment
          </Button>
        </Box>
        {isLoading ? (
          <LoadingBlock label="Loading included treatments" />
        ) : error && !data ? (
          <LoadError title="The included treatments could not be loaded" error={error} onRetry={() => void mutate()} />
        ) : lines.length === 0 ? (
          <Typography role="status" color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
            Nothing included yet. Add the treatments members get sessions of or a discount on.
          </Typography>
        ) : (
          <IncludedTreatmentsTable
            membership={membership}
            lines={lines}
            onEdit={(line) => setEditing({ line })}
            onRemove={setRemoving}
          />
        )}
      </CardContent>
      {editing ? (
        <AllowedTreatmentForm
          key={editing.line?.id ?? 'new'}
          membership={membership}
          line={editing.line}
          includedIds={lines.map((l) => l.treatment)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove treatment?"
        confirmLabel="Remove"
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
      >
        {removing ? (
          <>
            <strong>{removing.treatment_name}</strong> will no longer be included in {membership.name}.
          </>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
};
