import { useMemo, type ComponentType, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import type { z } from 'zod';
import { restResource } from '../../lib/rest-resource';
import { useRevalidate, type ListQuerySchema } from '../../lib/list-query';
import { PageHeader } from '../page-header';
import { useSnackbar } from '../snackbar-provider';
import { ActiveSwitch } from '../form/active-switch';
import { FormDialog } from '../form/form-dialog';
import { useEntityForm, type ParseResult } from '../form/use-entity-form';
import { AdminListPage, type AdminDeleteTexts, type AdminListTexts } from '../list/admin-list-page';
import type { ListFilter } from '../list/list-filters';

/** A text field of the form: the contract's field name, its label, and what helps fill it in. */
export type ResourceTextField = {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  multiline?: boolean;
  /** Digits: a phone shows its number pad. */
  numeric?: boolean;
};
/** The active switch, with what each state means for this resource. */
export type ResourceActiveField = { name: 'is_active'; active: string; inactive: string };
export type ResourceField = ResourceTextField | ResourceActiveField;

/**
 * One plain resource's admin screen, declared once (docs/architecture.md "An admin resource screen
 * in one file", decision 0732): its API path and contract schemas, the screen's words, the list's
 * columns and filters, and the form's fields. It gives the list (search, paging, sorting, filters,
 * loading/empty/error, delete with the server's sentence), the create/edit form (the contract
 * schema's messages under each field, the server's 409 on its field) and the page around them.
 */
export type ResourceScreenDefinition<R extends { id: number }, S extends ListQuerySchema> = {
  /** The API path, `/banks/`. */
  api: string;
  listQuery: S;
  /** The create body's schema: the form sends what it parses to (PATCH on edit). */
  body: z.ZodType;
  title: string;
  subtitle?: ReactNode;
  texts: AdminListTexts;
  /** Columns; given whether the screen is a phone's when they differ there. */
  columns: GridColDef<R>[] | ((phone: boolean) => GridColDef<R>[]);
  filters?: readonly ListFilter<keyof S['shape'] & string>[];
  rowName?: (row: R) => string;
  deleteTexts: AdminDeleteTexts<R>;
  form: {
    /** New and edit titles, e.g. ['New bank account', 'Edit bank account']. */
    titles: readonly [string, string];
    /** The submit button's label when adding; 'Save' when editing. */
    addLabel: string;
    /** The snackbar after a save. */
    saved: (row: R, added: boolean) => string;
    fields: readonly ResourceField[];
  };
};

const isSwitch = (field: ResourceField): field is ResourceActiveField => 'active' in field;

type Values = Record<string, string | boolean>;

const valuesOf = (fields: readonly ResourceField[], row: Record<string, unknown> | null): Values =>
  Object.fromEntries(
    fields.map((field) => [
      field.name,
      isSwitch(field) ? ((row?.[field.name] as boolean | undefined) ?? true) : String(row?.[field.name] ?? ''),
    ]),
  );

/** The screen a manifest entry loads (app/screens.ts): `load: () => import(…).then((m) => m.ThingsScreen)`. */
export const defineResourceScreen = <R extends { id: number }, S extends ListQuerySchema>(
  def: ResourceScreenDefinition<R, S>,
): ComponentType => {
  const api = restResource<R, S, object>(def.api, def.listQuery);
  const names = def.form.fields.map((field) => field.name);

  const Form = ({ row, onClose }: { row: R | null; onClose: () => void }) => {
    const revalidate = useRevalidate(api.list.stale);
    const { showSnackbar } = useSnackbar();
    const form = useEntityForm<Values, string, object, R>({
      initialValues: () => valuesOf(def.form.fields, row as Record<string, unknown> | null),
      fields: names,
      parse: (v) => def.body.safeParse(v) as ParseResult<object>,
      save: (data) => (row ? api.update(row.id, data) : api.create(data)),
      onSaved: async (saved) => {
        await revalidate();
        showSnackbar(def.form.saved(saved, !row), 'success');
        onClose();
      },
    });
    const bind = form.bind as (field: string, hint?: string) => ReturnType<typeof form.bind>;
    const bindSwitch = form.bindSwitch as (field: string) => ReturnType<typeof form.bindSwitch>;
    return (
      <FormDialog
        {...form.dialog}
        title={def.form.titles[row ? 1 : 0]}
        submitLabel={row ? 'Save' : def.form.addLabel}
        onClose={onClose}
      >
        {def.form.fields.map((field, index) =>
          isSwitch(field) ? (
            <ActiveSwitch
              key={field.name}
              {...bindSwitch(field.name)}
              activeLabel={field.active}
              inactiveLabel={field.inactive}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.label}
              required={field.required}
              autoFocus={index === 0}
              multiline={field.multiline}
              minRows={field.multiline ? 2 : undefined}
              {...bind(field.name, field.hint)}
              slotProps={field.numeric ? { htmlInput: { inputMode: 'numeric' } } : undefined}
            />
          ),
        )}
      </FormDialog>
    );
  };

  const Screen = () => {
    const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
    const columns = useMemo(() => (typeof def.columns === 'function' ? def.columns(phone) : def.columns), [phone]);
    return (
      <>
        <PageHeader title={def.title} subtitle={def.subtitle} />
        <Card>
          <AdminListPage
            resource={api.list}
            columns={columns}
            filters={def.filters}
            texts={def.texts}
            rowName={def.rowName}
            deleteTexts={def.deleteTexts}
            form={({ row, onClose }) => <Form row={row} onClose={onClose} />}
          />
        </Card>
      </>
    );
  };
  Screen.displayName = `${def.title}Screen`;
  return Screen;
};
