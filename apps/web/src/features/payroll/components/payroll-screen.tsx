import { useSearchParams } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header';
import { readPayrollParams, withChange, type PayrollChange, type PayrollTab } from './payroll-params';
import { RulesPanel } from './rules-panel';
import { RunDetail } from './run-detail';
import { RunsPanel } from './runs-panel';

type PayrollScreenProps = {
  admin: boolean;
  /** The branches this person runs pay for: every one for Admins, their own for Managers. */
  locations: readonly { id: number; name: string }[];
  statementHref: (run: number, employee: number) => string;
};

/**
 * Pay runs (decision 0630): the runs by branch and cutoff, a run's employees and lines with its
 * workflow, and the commission rules. Where one is, is in the URL (`?run=…&employee=…`), so a
 * notification's link opens the run it names.
 */
export const PayrollScreen = ({ admin, locations, statementHref }: PayrollScreenProps) => {
  const [search, setSearch] = useSearchParams();
  const params = readPayrollParams(search);
  const change = (values: PayrollChange) => setSearch((current) => withChange(current, values));

  return (
    <>
      <PageHeader
        title="Pay runs"
        subtitle="Commissions per cutoff: computed from arrivals and sales, submitted by the branch, approved and locked."
      />
      {params.run ? (
        <RunDetail runId={params.run} employee={params.employee} admin={admin} statementHref={statementHref} />
      ) : (
        <Card>
          <Tabs
            value={params.tab}
            onChange={(_e, tab: PayrollTab) => setSearch(new URLSearchParams(tab === 'runs' ? {} : { tab }))}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Pay runs"
          >
            <Tab value="runs" label="Runs" />
            <Tab value="rules" label="Commission rules" />
          </Tabs>
          <CardContent>
            {params.tab === 'runs' ? <RunsPanel params={params} onChange={change} locations={locations} /> : null}
            {params.tab === 'rules' ? <RulesPanel admin={admin} /> : null}
          </CardContent>
        </Card>
      )}
    </>
  );
};
