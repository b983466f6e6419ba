import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { COMPANY_NAME_MAX, PRODUCT_NAME, configurationBodySchema, type Configuration } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { serverErrors } from '../../../components/form/form-errors';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import defaultLogo from '../../../assets/logo.svg';
import {
  LOGO_TYPES,
  logoProblem,
  updateConfiguration,
  uploadLogo,
  useApplyConfiguration,
  useConfiguration,
} from '../../../features/settings/api/get-configuration';
import { BackupsSection } from '../../../features/settings/components/backups-section';
import { FeaturesSection } from '../../../features/settings/components/features-section';
import { ApprovalsSection } from '../../../features/settings/components/approvals-section';

const updatedLine = (configuration: Configuration) =>
  configuration.updated_by_name
    ? `Last changed by ${configuration.updated_by_name} on ${formatDateTime(configuration.updated_at)}.`
    : null;

/** The company name, saved on its own. */
export const CompanyNameForm = ({ configuration }: { configuration: Configuration }) => {
  const [name, setName] = useState(configuration.company_name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const apply = useApplyConfiguration();
  const { showSnackbar } = useSnackbar();

  const handleSave = async () => {
    const parsed = configurationBodySchema.safeParse({ company_name: name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSaving(true);
    try {
      const saved = await updateConfiguration({ company_name: name });
      await apply(saved);
      setName(saved.company_name ?? '');
      showSnackbar(
        saved.company_name
          ? `Company name set to ${saved.company_name}.`
          : `Company name cleared; the panel shows ${PRODUCT_NAME}.`,
        'success',
      );
    } catch (err) {
      const errors = serverErrors(err, ['company_name'] as const);
      setError(errors.company_name);
      setFormError(errors.form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Company"
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void handleSave();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <TextField
        label="Company name"
        name="company_name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
          setFormError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? `Shown in the side menu and on the sign-in screen. Leave blank to show ${PRODUCT_NAME}.`}
        disabled={saving}
        slotProps={{ htmlInput: { maxLength: COMPANY_NAME_MAX + 20 } }}
      />
      <SubmitButton submitting={saving}>Save name</SubmitButton>
    </Box>
  );
};

/** The logo with a preview; upload replaces it, remove brings back the built-in one. */
export const LogoEditor = ({ configuration }: { configuration: Configuration }) => {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const apply = useApplyConfiguration();
  const { showSnackbar } = useSnackbar();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setUploading(true);
    try {
      await apply(await uploadLogo(file));
      showSnackbar('Logo updated.', 'success');
    } catch (err) {
      const errors = serverErrors(err, ['file'] as const);
      setError(errors.file ?? errors.form ?? getErrorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  const handleRemove = async () => {
    await apply(await updateConfiguration({ remove_logo: true }));
    showSnackbar('Logo removed; the built-in one shows again.', 'success');
  };

  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 112,
          height: 112,
          borderRadius: 3,
          border: '1px solid',
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
          overflow: 'hidden',
        }}
      >
        <Box
          component="img"
          src={configuration.logoUrl ?? defaultLogo}
          alt={configuration.logoUrl ? 'Current logo' : 'Built-in logo'}
          sx={{ maxWidth: 96, maxHeight: 96 }}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 1.25, minWidth: 0, flex: '1 1 220px' }}>
        <Typography variant="body2" color="textSecondary">
          {configuration.logoUrl ? 'Your logo.' : 'The built-in logo is showing.'} PNG, JPEG or WebP, at most 2 MB; a
          square image looks best.
        </Typography>
        {error ? (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <input
            ref={input}
            type="file"
            hidden
            accept={LOGO_TYPES.join(',')}
            aria-label="Logo file"
            onChange={(e) => void handleFile(e)}
          />
          <Button
            variant="contained"
            startIcon={
              uploading ? <CircularProgress size={16} color="inherit" aria-label="Uploading" /> : <UploadOutlined />
            }
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            Upload logo
          </Button>
          {configuration.logoUrl ? (
            <Button color="error" startIcon={<DeleteOutlined />} disabled={uploading} onClick={() => setRemoving(true)}>
              Remove logo
            </Button>
          ) : null}
        </Box>
      </Box>
      <ConfirmDialog
        open={removing}
        title="Remove the logo?"
        confirmLabel="Remove"
        onConfirm={handleRemove}
        onClose={() => setRemoving(false)}
      >
        The panel and the sign-in screen go back to the built-in logo.
      </ConfirmDialog>
    </Box>
  );
};

/** /admin/settings: the company's name and logo, as the shell and sign-in screen show them, the feature switches and the backups. */
export const SettingsScreen = () => {
  const { data, error, isLoading, mutate } = useConfiguration();

  return (
    <>
      <PageHeader
        title="Settings"
        subtitle={
          data
            ? (updatedLine(data) ?? 'Company name, logo, features, pay run approval and backups.')
            : 'Company name, logo, features, pay run approval and backups.'
        }
      />
      {error && !data ? (
        <Card>
          <LoadError title="The settings could not be loaded" error={error} onRetry={() => void mutate()} />
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Company
            </Typography>
            {isLoading || !data ? <Skeleton variant="rounded" height={56} /> : <CompanyNameForm configuration={data} />}
          </Card>
          <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Logo
            </Typography>
            {isLoading || !data ? <Skeleton variant="rounded" height={112} /> : <LogoEditor configuration={data} />}
          </Card>
          <Card component="section" aria-labelledby="features-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography id="features-title" variant="h6" component="h2">
              Features
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              Show or hide these screens for everyone, at once.
            </Typography>
            {isLoading || !data ? (
              <Skeleton variant="rounded" height={160} />
            ) : (
              <FeaturesSection configuration={data} />
            )}
          </Card>
          <Card component="section" aria-labelledby="approvals-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography id="approvals-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              Pay run approval
            </Typography>
            {isLoading || !data ? (
              <Skeleton variant="rounded" height={120} />
            ) : (
              <ApprovalsSection configuration={data} />
            )}
          </Card>
          <Card component="section" aria-labelledby="backups-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography id="backups-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              Backups
            </Typography>
            <BackupsSection database={data?.database} />
          </Card>
        </Box>
      )}
    </>
  );
};
