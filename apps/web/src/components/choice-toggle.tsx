import type { ReactNode } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

/**
 * One of a few views or modes as small toggle buttons (a heat map or a table, a form or a file):
 * exactly one stays chosen, so clicking the chosen one again changes nothing.
 */
export const ChoiceToggle = <V extends string>({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  choices: readonly { value: V; label: ReactNode }[];
}) => (
  <ToggleButtonGroup
    size="small"
    exclusive
    value={value}
    onChange={(_, next: V | null) => next && onChange(next)}
    aria-label={label}
  >
    {choices.map((choice) => (
      <ToggleButton key={choice.value} value={choice.value}>
        {choice.label}
      </ToggleButton>
    ))}
  </ToggleButtonGroup>
);
