import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useInvoicingProfile } from '../api/invoicing-profile';
import { TaxProfileForm } from './tax-profile-form';
import { TerminalList } from './terminal-list';
import { JournalCheck } from './journal-check';
import { JournalDownload } from './journal-download';

/**
 * /admin/invoicing, "Tax and invoices" (issue 33; decision 1000): the seller's BIR facts, what is
 * still missing before invoices can carry every one, and the desks' terminals; the BIR books of every
 * branch are a link away (decision 1035).
 */
export const TaxScreen = () => {
  const { data, error, isLoading, mutate } = useInvoicingProfile();
  return (
    <>
      <PageHeader
        title="Tax and invoices"
        subtitle="What the BIR registered: printed on every invoice."
        action={
          <Button component={Link} to={paths.books} variant="outlined" startIcon={<MenuBookOutlined />}>
            Books
          </Button>
        }
      />
      {error && !data ? (
        <Card>
          <LoadError title="The tax details could not be loaded" error={error} onRetry={() => void mutate()} />
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {data ? (
            data.missing.length ? (
              <Alert severity="info" role="status">
                <AlertTitle>Still to fill in before invoices can carry every fact</AlertTitle>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {data.missing.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </Box>
              </Alert>
            ) : (
              <Alert severity="success" role="status">
                Every registration fact is in, and each active branch has a terminal.
              </Alert>
            )
          ) : null}
          <Box
            sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' } }}
          >
            <Card component="section" aria-labelledby="seller-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Typography id="seller-title" variant="h6" component="h2" sx={{ mb: 2 }}>
                Registration
              </Typography>
              {isLoading || !data ? (
                <Skeleton variant="rounded" height={420} />
              ) : (
                <TaxProfileForm key={data.updated_at ?? 'new'} profile={data} onSaved={() => mutate()} />
              )}
            </Card>
            <Card component="section" aria-labelledby="terminals-title">
              <Typography id="terminals-title" variant="h6" component="h2" sx={{ px: { xs: 2.5, sm: 3 }, pt: 3 }}>
                Terminals
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ px: { xs: 2.5, sm: 3 } }}>
                Each desk&apos;s machine, as its BIR permit names it. Each keeps its own numbers and grand total.
              </Typography>
              <TerminalList />
            </Card>
            <Card component="section" aria-labelledby="journal-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Typography id="journal-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                Electronic journal
              </Typography>
              <JournalCheck />
              <JournalDownload />
            </Card>
          </Box>
        </Box>
      )}
    </>
  );
};
