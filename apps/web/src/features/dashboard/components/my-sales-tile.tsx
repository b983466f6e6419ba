import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PersonalSales } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { formatPeso } from '../../../lib/format';
import { usePersonalSales } from '../api/get-reports-data';

type Figure = { label: string; total: string; count: number; target: string; share: string | null };

const TargetFigure = ({ label, total, count, target, share }: Figure) => {
  const percent = share === null ? null : Number(share);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={`figure-${label}`}>
        {formatPeso(total)}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {count} sale{count === 1 ? '' : 's'}
        {percent === null ? ' · no target set' : ` · ${percent.toFixed(0)}% of ${formatPeso(target)}`}
      </Typography>
      {percent === null ? null : (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, percent)}
          aria-label={`${label}: ${percent.toFixed(0)}% of target`}
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      )}
    </Box>
  );
};

/** The figures for this cutoff and this month, from the personal sales report. */
export const figuresOf = (data: PersonalSales, cutoff: number): Figure[] => {
  const current = data.cutoffs.find((c) => c.cutoff === cutoff);
  return [
    ...(current
      ? [
          {
            label: 'This cutoff',
            total: current.total,
            count: current.count,
            target: current.target,
            share: current.share_of_target,
          },
        ]
      : []),
    { label: 'This month', total: data.total, count: data.count, target: data.target, share: data.share_of_target },
  ];
};

/** Salesperson: my net sales this cutoff and this month against my target. */
export const MySalesTile = ({
  salespersonId,
  month,
  year,
  cutoff,
}: {
  salespersonId: number;
  month: number;
  year: number;
  cutoff: number;
}) => {
  const { data, error, isLoading, mutate } = usePersonalSales(salespersonId, month, year);
  return (
    <Tile
      title="My sales"
      state={{ isLoading, error, empty: false, retry: () => void mutate() }}
      errorTitle="Your sales could not be loaded"
      emptyTitle=""
    >
      {data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {figuresOf(data, cutoff).map((f) => (
            <TargetFigure key={f.label} {...f} />
          ))}
        </Box>
      ) : null}
    </Tile>
  );
};
