import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { updateCategoriesBodySchema, type Membership } from '@ginhawa/contract';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateServices } from '../api/query';
import { updateMembershipCategories } from '../api/update-membership-categories';
import { CategoryPicker } from './category-picker';

const FIELDS = ['categories'] as const;
const sameSet = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** The membership's categories: chosen here, saved together with update_categories. */
export const MembershipCategoriesCard = ({ membership }: { membership: Membership }) => {
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: () => ({ categories: membership.categories }),
    fields: FIELDS,
    parse: (values) => updateCategoriesBodySchema.safeParse(values),
    save: (body) => updateMembershipCategories(membership.id, body.categories),
    onSaved: async () => {
      await revalidate();
      showSnackbar('Categories saved.', 'success');
    },
  });
  const changed = !sameSet(form.values.categories, membership.categories);

  return (
    <Card component="section" aria-labelledby="membership-categories-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="membership-categories-title" variant="h6" component="h2" gutterBottom>
          Categories
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ flex: 1 }}>
            <CategoryPicker
              value={form.values.categories}
              onChange={(ids) => form.set('categories', ids)}
              error={form.errors.categories ?? form.errors.form}
              helperText="Where this membership is listed."
              disabled={form.submitting}
            />
          </Box>
          <Button
            variant="contained"
            onClick={() => void form.submit()}
            disabled={!changed || form.submitting}
            startIcon={form.submitting ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : null}
            sx={{ mt: { sm: 1 } }}
          >
            Save categories
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
