import Card from '@mui/material/Card';
import { PageHeader } from '../../../components/page-header';
import { BankList } from './bank-list';

/** /admin/banks (behind the banks flag) */
export const BanksScreen = () => (
  <>
    <PageHeader title="Banks" subtitle="Accounts that card and bank-transfer payments go to." />
    <Card>
      <BankList />
    </Card>
  </>
);
