import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Link as RouterLink } from 'react-router';
import type { Membership } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { PageHeader } from '../../../components/page-header';
import { StatusMessage } from '../../../components/status-message';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/api-client';
import { formatPeso } from '../../../lib/format';
import { useMembership } from '../api/get-membership';
import { formatValidity } from './membership-list';
import { MembershipForm } from './membership-form';
import { IncludedTreatmentsCard } from './included-treatments-card';
import { MembershipCategoriesCard } from './membership-categories-card';
import { StatusChip } from '../../../components/list/status-chip';

export const membershipsTab = `${paths.admin.services}?tab=memberships`;

const BackLink = () => (
  <Button component={RouterLink} to={membershipsTab} startIcon={<ArrowBackOutlined />} sx={{ mb: 1, ml: -1 }}>
    Memberships
  </Button>
);

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
            <Typography component="dt" variant="caption" color="textSecondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {membership.description ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
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
    return <LoadingBlock label="Loading membership" />;
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
        <MembershipCategoriesCard key={membership.categories.join(',')} membership={membership} />
        <IncludedTreatmentsCard membership={membership} />
      </Stack>
      {editingDetails ? (
        <MembershipForm key={membership.id} membership={membership} onClose={() => setEditingDetails(false)} />
      ) : null}
    </>
  );
};
