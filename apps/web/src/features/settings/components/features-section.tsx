import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Configuration, FeatureFlag } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { getErrorMessage } from '../../../lib/api-client';
import { FLAGS, type Flags } from '../../../config/flags';
import { updateConfiguration, useApplyConfiguration } from '../api/get-configuration';
import { FLAG_OF_FEATURE, flagsOf } from '../../../lib/flags';

/** What each switch shows or hides, in the words of the admin menu. */
const FEATURES: Record<FeatureFlag, { label: string; description: string }> = {
  admin_dashboard: { label: 'Admin dashboard', description: 'Sales across locations, arrivals by hour, liability.' },
  users: { label: 'Users', description: 'Sign-in accounts and their groups.' },
  banks: { label: 'Banks', description: 'Payment channels for card and transfer.' },
  reports: {
    label: 'Reports',
    description: 'Daily reports of every location, sale lines and export, location sales, leaderboard history.',
  },
  payroll: {
    label: 'Pay runs',
    description: 'Commission rules, pay runs per branch and cutoff, statements, earnings on the dashboard.',
  },
};
/** The admin menu's order. */
const ORDER = ['admin_dashboard', 'users', 'banks', 'reports', 'payroll'] as const satisfies readonly FeatureFlag[];

/** The switches now off, by their labels in the menu's order: what the admin menu says is hidden (decision 0016). */
export const switchedOff = (flags: Flags): string[] =>
  ORDER.filter((feature) => !flags[FLAG_OF_FEATURE[feature]]).map((feature) => FEATURES[feature].label);

const onOff = (on: boolean) => (on ? 'on' : 'off');

/**
 * A switch per feature flag: the screen shows or hides for every open panel at once (the server
 * tells them over the live channel). A flag nobody switched follows the build's default, said
 * under it. Flags hide screens; who may use them is still decided by role (docs/decisions/0610).
 */
export const FeaturesSection = ({ configuration }: { configuration: Configuration }) => {
  const apply = useApplyConfiguration();
  const { showSnackbar } = useSnackbar();
  const [saving, setSaving] = useState<FeatureFlag | null>(null);
  const flags = flagsOf(configuration.features);

  const handleToggle = async (feature: FeatureFlag, on: boolean) => {
    setSaving(feature);
    try {
      await apply(await updateConfiguration({ features: { [feature]: on } }));
      showSnackbar(`${FEATURES[feature].label} switched ${onOff(on)} for everyone.`, 'success');
    } catch (err) {
      showSnackbar(getErrorMessage(err), 'error');
    } finally {
      setSaving(null);
    }
  };

  return (
    <List disablePadding aria-label="Features">
      {ORDER.map((feature) => {
        const on = flags[FLAG_OF_FEATURE[feature]];
        const stored = configuration.features[feature] !== undefined;
        return (
          <ListItem key={feature} disableGutters divider sx={{ display: 'block', py: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={on}
                  disabled={saving !== null}
                  onChange={(_e, checked) => void handleToggle(feature, checked)}
                />
              }
              label={FEATURES[feature].label}
            />
            <Typography variant="body2" color="textSecondary">
              {FEATURES[feature].description}{' '}
              {stored ? null : `Not switched yet: ${onOff(FLAGS[FLAG_OF_FEATURE[feature]])} as built.`}
            </Typography>
          </ListItem>
        );
      })}
    </List>
  );
};
