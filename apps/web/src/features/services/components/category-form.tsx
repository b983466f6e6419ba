import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { categoryBodySchema } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import type { Category, CategoryKind } from '../api/get-categories';
import { useRevalidateServices } from '../api/query';
import { createCategory, updateCategory } from '../api/save-category';
import { FormDialog } from '../../../components/admin-list/form-dialog';
import { serverErrors, zodErrors, type FormErrors } from '../../../components/admin-list/form-errors';

const FIELDS = ['name', 'description'] as const;
type Field = (typeof FIELDS)[number];

export const KIND_LABEL: Record<CategoryKind, string> = { treatment: 'Treatment category', membership: 'Membership category' };

type CategoryFormProps = { kind: CategoryKind; category: Category | null; onClose: () => void };

/** Create or edit a treatment or membership category (same fields). Render with a `key` per category. */
export const CategoryForm = ({ kind, category, onClose }: CategoryFormProps) => {
  const [values, setValues] = useState({ name: category?.name ?? '', description: category?.description ?? '' });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const label = KIND_LABEL[kind];

  const set = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined, form: undefined }));
  };

  const handleSubmit = async () => {
    const parsed = categoryBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error, FIELDS));
      return;
    }
    setSubmitting(true);
    try {
      const saved = category ? await updateCategory(kind, category.id, parsed.data) : await createCategory(kind, parsed.data);
      await revalidate();
      showSnackbar(category ? `${saved.name} saved.` : `${saved.name} added.`, 'success');
      onClose();
    } catch (err) {
      setErrors(serverErrors(err, FIELDS));
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open
      title={category ? `Edit ${label.toLowerCase()}` : `New ${label.toLowerCase()}`}
      submitLabel={category ? 'Save' : 'Add category'}
      submitting={submitting}
      error={errors.form}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <TextField
        label="Name"
        name="name"
        required
        autoFocus
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        disabled={submitting}
      />
      <TextField
        label="Description"
        name="description"
        multiline
        minRows={2}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        disabled={submitting}
      />
    </FormDialog>
  );
};
