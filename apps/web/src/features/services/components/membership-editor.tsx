import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Link as RouterLink } from 'react-router';
import { formatDuration, type AllowedTreatment, type Membership } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useSnackbar } from '../../../components/snackbar-provider';
import { StatusMessage } from '../../../components/status-message';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/api-client';
import { formatPeso } from '../../../lib/format';
import { deleteAllowedTreatment } from '../api/delete-allowed-treatment';
import { useAllowedTreatments } from '../api/get-allowed-treatments';
import { useMembership } from '../api/get-membership';
import { useRevalidateServices } from '../api/query';
import { updateMembershipCategories } from '../api/update-membership-categories';
import { AllowedTreatmentForm } from './allowed-treatment-form';
import { CategoryPicker } from './category-picker';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { serverErrors } from '../../../components/form/form-errors';
import { formatValidity } from './membership-list';
import { MembershipForm } from './membership-form';
import { StatusChip } from '../../../components/list/status-chip';

export const membershipsTab = `${paths.admin.services}?tab=memberships`;

const sameSet = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

const BackLink = () => (
  <Button component={RouterLink} to={membershipsTab} startIcon={<ArrowBackOutlined />} sx={{ mb: 1, ml: -1 }}>
    Memberships
  </Button>
);

/** The membership's categories: chosen here, saved together with update_categories. */
const CategoriesCard = ({ membership }: { membership: Membership }) => {
  const [chosen, setChosen] = useState<number[]>(membership.categories);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const changed = !sameSet(chosen, membership.categories);

  const handleSave = async () => {
    setSaving(true);
    setError(undefined);
    try {
      await updateMembershipCategories(membership.id, chosen);
      await revalidate();
      showSnackbar('Categories saved.', 'success');
    } catch (err) {
      const errors = serverErrors(err, ['categories'] as const);
      setError(errors.categories ?? errors.form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="membership-categories-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="membership-categories-title" variant="h6" component="h2" gutterBottom>
          Categories
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ flex: 1 }}>
            <CategoryPicker
              value={chosen}
              onChange={(ids) => {
                setChosen(ids);
                setError(undefined);
              }}
              error={error}
              helperText="Where this membership is listed."
              disabled={saving}
            />
          </Box>
          <Button
            variant="contained"
            onClick={() => void handleSave()}
            disabled={!changed || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : null}
            sx={{ mt: { sm: 1 } }}
          >
            Save categories
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

/** What the membership includes: treatment, sessions included and member discount, one line each. */
const IncludedTreatmentsCard = ({ membership }: { membership: Membership }) => {
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

  const narrowHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

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
            <Typography variant="body2" color="text.secondary">
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
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading included treatments" />
          </Box>
        ) : error && !data ? (
          <LoadError title="The included treatments could not be loaded" error={error} onRetry={() => void mutate()} />
        ) : lines.length === 0 ? (
          <Typography role="status" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            Nothing included yet. Add the treatments members get sessions of or a discount on.
          </Typography>
        ) : (
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
                    <Box
                      component="span"
                      sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                    >
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
                          <Typography component="span" variant="caption" color="text.secondary">
                            {' '}
                            (inactive)
                          </Typography>
                        )}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
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
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' } }}
                      >
                        {`${Number(line.discount_percent)}% off`}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Edit">
                        <IconButton
                          size="small"
                          aria-label={`Edit ${line.treatment_name}`}
                          onClick={() => setEditing({ line })}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Remove">
                        <IconButton
                          size="small"
                          aria-label={`Remove ${line.treatment_name}`}
                          onClick={() => setRemoving(line)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
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

const DetailsCard = ({ membership, onEdit }: { membership: Membership; onEdit: () => void }) => (
  <Card component="section" aria-labelledby="membership-details-title">
    <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
        <Typography id="membership-details-title" variant="h6" component="h2">
          Details
        </Typography>
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
          Edit details
        </Button>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}
      >
        {[
          ['Price', formatPeso(membership.price)],
          ['Valid for', formatValidity(membership.validity_days)],
          ['Status', <StatusChip key="status" active={membership.is_active} />],
        ].map(([term, value]) => (
          <Box key={String(term)}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {membership.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {membership.description}
        </Typography>
      ) : null}
    </CardContent>
  </Card>
);

/** /admin/services/memberships/:id — a membership's details, categories and included treatments in one place. */
export const MembershipEditor = ({ membershipId }: { membershipId: number | null }) => {
  const { data: membership, error, isLoading, mutate } = useMembership(membershipId);
  const [editingDetails, setEditingDetails] = useState(false);

  if (membershipId === null || (error && isNotFound(error))) {
    return (
      <>
        <BackLink />
        <Card>
          <StatusMessage
            icon={<SearchOffOutlined />}
            title="Membership not found"
            description="It may have been deleted. Pick one from the list."
            action={
              <Button component={RouterLink} to={membershipsTab} variant="outlined">
                Back to memberships
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  if (error && !membership) {
    return (
      <>
        <BackLink />
        <Card>
          <LoadError title="This membership could not be loaded" error={error} onRetry={() => void mutate()} />
        </Card>
      </>
    );
  }
  if (isLoading || !membership) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading membership" />
      </Box>
    );
  }

  return (
    <>
      <BackLink />
      <PageHeader
        title={membership.name}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <CardMembershipOutlined fontSize="inherit" /> Membership · {formatPeso(membership.price)} ·{' '}
            {formatValidity(membership.validity_days)}
          </Box>
        }
      />
      <Stack spacing={2.5}>
        <DetailsCard membership={membership} onEdit={() => setEditingDetails(true)} />
        {/* Keyed by the saved set, so a save elsewhere resets the picker to what the server holds. */}
        <CategoriesCard key={membership.categories.join(',')} membership={membership} />
        <IncludedTreatmentsCard membership={membership} />
      </Stack>
      {editingDetails ? (
        <MembershipForm key={membership.id} membership={membership} onClose={() => setEditingDetails(false)} />
      ) : null}
    </>
  );
};
