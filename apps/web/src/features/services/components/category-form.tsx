import TextField from '@mui/material/TextField';
import { categoryBodySchema } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import type { Category, CategoryKind } from '../api/get-categories';
import { useRevalidateServices } from '../api/query';
import { createCategory, updateCategory } from '../api/save-category';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';

const FIELDS = ['name', 'description'] as const;

export const KIND_LABEL: Record<CategoryKind, string> = {
  treatment: 'Treatment category',
  membership: 'Membership category',
};

type CategoryFormProps = { kind: CategoryKind; category: Category | null; onClose: () => void };

/** Create or edit a treatment or membership category (same fields). Render with a `key` per category. */
export const CategoryForm = ({ kind, category, onClose }: CategoryFormProps) => {
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const label = KIND_LABEL[kind];
  const { bind, dialog } = useEntityForm({
    initialValues: () => ({ name: category?.name ?? '', description: category?.description ?? '' }),
    fields: FIELDS,
    parse: (v) => categoryBodySchema.safeParse(v),
    save: (data) => (category ? updateCategory(kind, category.id, data) : createCategory(kind, data)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(category ? `${saved.name} saved.` : `${saved.name} added.`, 'success');
      onClose();
    },
  });

  return (
    <FormDialog
      {...dialog}
      title={category ? `Edit ${label.toLowerCase()}` : `New ${label.toLowerCase()}`}
      submitLabel={category ? 'Save' : 'Add category'}
      onClose={onClose}
    >
      <TextField label="Name" required autoFocus {...bind('name')} />
      <TextField label="Description" multiline minRows={2} {...bind('description')} />
    </FormDialog>
  );
};
