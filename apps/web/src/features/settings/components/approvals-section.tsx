import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Configuration } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { getErrorMessage } from '../../../lib/api-client';
import { updateConfiguration, useApplyConfiguration } from '../api/get-configuration';

/**
 * Four eyes on pay runs (decision 0712): the rule, and the one exception an Admin may switch. The
 * approval's audit row says which of the two let each run through.
 */
export const ApprovalsSection = ({ configuration }: { configuration: Configuration }) => {
  const apply = useApplyConfiguration();
  const { showSnackbar } = useSnackbar();
  const [saving, setSaving] = useState(false);
  const on = configuration.sole_admin_approves_own_pay_runs;

  const handleToggle = async (checked: boolean) => {
    setSaving(true);
    try {
      await apply(await updateConfiguration({ sole_admin_approves_own_pay_runs: checked }));
      showSnackbar(
        checked
          ? 'The only administrator may now approve their own pay runs.'
          : 'Pay runs now always wait for a second administrator.',
        'success',
      );
    } catch (err) {
      showSnackbar(getErrorMessage(err), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Whoever submits a pay run never approves it: another administrator does. Deactivated administrators still count,
        so switching the others off does not change this.
      </Typography>
      <FormControlLabel
        control={<Switch checked={on} disabled={saving} onChange={(_e, checked) => void handleToggle(checked)} />}
        label="A business with one administrator: they approve their own pay runs"
      />
      <Typography variant="body2" color="textSecondary">
        {on
          ? 'On: while there is no other administrator account, the one administrator approves their own runs, and each such approval is marked as the exception in the audit log.'
          : 'Off: a run submitted by the only administrator waits until a second administrator approves it.'}
      </Typography>
    </>
  );
};
