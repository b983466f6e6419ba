import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * One line of a bill or a receipt: its label at the left, its figure at the right ("Total due ·
 * ₱1,500.00"). `strong` sets the figure in bold (a total); `strongLabel` its label, in the text's own colour. One side
 * wraps, the other keeps to one line: by default the label (a long payment line), or the value
 * (where it is text, such as how the client paid).
 */
export const FigureLine = ({
  label,
  value,
  strong = false,
  strongLabel = false,
  wrap = 'label',
}: {
  label: string;
  value: string;
  strong?: boolean;
  strongLabel?: boolean;
  wrap?: 'label' | 'value';
}) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
    <Typography
      variant="body2"
      color={strongLabel ? 'textPrimary' : 'textSecondary'}
      sx={{
        ...(strongLabel ? { fontWeight: 700 } : {}),
        ...(wrap === 'label' ? { minWidth: 0, overflowWrap: 'anywhere' } : {}),
      }}
    >
      {label}
    </Typography>
    <Typography
      variant="body2"
      sx={{ fontWeight: strong ? 700 : 400, textAlign: 'right', ...(wrap === 'label' ? { whiteSpace: 'nowrap' } : {}) }}
    >
      {value}
    </Typography>
  </Box>
);
