import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { PeriodFields } from '../../../components/figures/period-fields';
import { useFlags } from '../../../lib/flags';
import { paths } from '../../../config/paths';
import { MONTH_NAMES } from '../../../lib/period';
import { ArrivalsHeatmapPanel } from '../../../features/admin-dashboard/components/arrivals-heatmap-panel';
import { LiabilityPanel } from '../../../features/admin-dashboard/components/liability-panel';
import {
  TopSalespeoplePanel,
  TopTherapistsPanel,
} from '../../../features/admin-dashboard/components/top-people-panels';
import { LocationSalesPanel } from '../../../features/reports/components/location-sales-panel';
import { readPeriod } from '../../../features/reports/components/report-params';

/** A panel across both columns from `md` up. */
const Wide = ({ children }: { children: ReactNode }) => (
  <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>{children}</Box>
);

/**
 * /admin/dashboard (adminDashboard flag; decision 0601): the month's sales by location and day
 * (the reports' own panel, composed here because a feature imports no other feature), arrivals
 * by weekday × hour, the top salespeople and therapists, and the liability as of today. The month
 * lives in the URL (`?month=&year=`) so a view can be shared.
 */
export const AdminDashboardRoute = () => {
  const [params, setParams] = useSearchParams();
  const flags = useFlags();
  const { month, year } = readPeriod(params);
  const period = { month, year };
  const change = (next: { month?: number; year?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) updated.set(name, String(value));
        return updated;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Admin dashboard"
        subtitle={`${MONTH_NAMES[month - 1]} ${year} across every location, in Manila time.`}
        action={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <PeriodFields month={month} year={year} onChange={change} />
          </Stack>
        }
      />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Wide>
          <Card component="section" aria-label="Sales by location and day" sx={{ p: { xs: 2, sm: 2.5 } }}>
            <Typography
              variant="subtitle1"
              component="h2"
              sx={{ fontFamily: 'Poppins, sans-serif', fontWeight: 600, mb: 1.5 }}
            >
              Sales by location and day
            </Typography>
            <LocationSalesPanel
              period={period}
              onChange={change}
              showPeriod={false}
              linesPath={flags.reports ? paths.admin.reports : null}
            />
          </Card>
        </Wide>
        <Wide>
          <ArrivalsHeatmapPanel period={period} />
        </Wide>
        <TopSalespeoplePanel period={period} />
        <TopTherapistsPanel period={period} />
        <Wide>
          <LiabilityPanel />
        </Wide>
      </Box>
    </>
  );
};
