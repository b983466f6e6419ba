import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { EarningLine, PayRunLine } from '@ginhawa/contract';
import { paths } from '../../../config/paths';

const isRunLine = (line: EarningLine | PayRunLine): line is PayRunLine => 'adjusts_run' in line;

/** What the line adjusts: a service, a sale, or a cutoff's service charge (source_id: that run). */
const adjustedText = (line: EarningLine | PayRunLine) =>
  line.adjusted_source === 'service_charge'
    ? `Corrects the service charge of run #${line.source_id ?? '?'}`
    : `Corrects ${line.adjusted_source === 'sale' ? 'sale' : 'service'} #${line.source_id ?? '?'}`;

/**
 * A line's description, linked to where it came from: an arrival or a sale opens its client (the
 * visit and the sale are in the client's history); an adjustment says what it corrects and links
 * to the run that paid the original line; a service-charge share is the branch's pool.
 */
export const LineSource = ({ line }: { line: EarningLine | PayRunLine }) => {
  const described = line.client ? (
    <Link component={RouterLink} to={paths.client(line.client)}>
      {line.description}
    </Link>
  ) : (
    <span>{line.description}</span>
  );
  if (line.source !== 'adjustment') return described;
  return (
    <span>
      {described}
      <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {adjustedText(line)}
        {isRunLine(line) && line.adjusts_run ? (
          <>
            {', paid in '}
            <Link component={RouterLink} to={`?run=${line.adjusts_run}&employee=${line.employee}`}>
              run #{line.adjusts_run}
            </Link>
          </>
        ) : null}
      </Typography>
    </span>
  );
};
